/**
 * The call's own channel, end to end: tools that report progress, write log messages, notice
 * their cancellation, ask the user (elicitation), the client's model (sampling) and the client's
 * roots; completions for a prompt argument and a template variable; a tool that turns another on
 * and off (`notifications/tools/list_changed`), and one that changes a resource its subscribers
 * are told about (`notifications/resources/updated`).
 *
 *   npm run build
 *   node build/examples/channel.js                 # stdio (what an MCP host spawns)
 *   node build/examples/channel.js --http [--port N] # prints: listening http://127.0.0.1:N/mcp
 *   node build/examples/channel.js --http --redis redis://127.0.0.1:6379
 *                                   # one of several processes sharing sessions through Redis
 */
import {
  Call,
  LOGGING_LEVELS,
  McpApplication,
  type McpCall,
  Prompt,
  Resource,
  serveHttp,
  serveStdio,
  Tool,
  ToolError,
} from 'declarative-mcp';
import { redisAdapter } from 'declarative-mcp/redis';
import { z } from 'zod';
import { portOf } from './port';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const CITIES = ['Lima', 'Lisbon', 'London', 'Oslo', 'Ottawa', 'Paris'];

/** What `long_task` saw when it was cancelled: read back with `last_cancellation`. */
interface Cancellation {
  /** `call.signal.aborted` once the wait ended. */
  aborted: boolean;
  /** `call.signal.reason` (a `CancelledError`). */
  reason: { name: string; message: string } | null;
  /** What `call.progress` answered after the abort (false: nothing more goes out). */
  progressAfterAbort: boolean;
}

let lastCancellation: Cancellation | undefined;

/** The resources' contents, changed by `touch`. */
const counters: Record<string, number> = { 'channel://counter': 0, 'channel://clock': 0 };

/** Tools that speak to their client while they run. */
export class ChannelTools {
  @Tool({
    description: 'Counts to `steps`, reporting progress as each step begins.',
    input: z.object({ steps: z.number().int().min(1).max(100) }),
  })
  async count({ steps }: { steps: number }, @Call() call: McpCall): Promise<string> {
    for (let step = 1; step <= steps; step++) {
      // Reported as the step begins, so the last report does not leave with the result: the
      // SDK 1.x client handles a notification a tick after a response that came in the same read,
      // and by then it has forgotten the token (typescript-sdk#2580).
      call.progress(step - 1, steps, `step ${step} of ${steps}`);
      await sleep(10);
    }
    return `Counted to ${steps}.`;
  }

  @Tool({ description: 'Writes one log message at every level; says which went out.' })
  log_levels(@Call() call: McpCall): string {
    const sent = LOGGING_LEVELS.filter((level) => call.log(level, `a ${level} message`, 'channel'));
    return `sent: ${sent.join(', ')}`;
  }

  @Tool({ description: 'Runs until cancelled (at most 30 s); tells the client once it started.' })
  async long_task(@Call() call: McpCall): Promise<string> {
    lastCancellation = undefined;
    call.progress(0, undefined, 'started');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 30_000);
      call.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    const reason = call.signal.reason as Error | undefined;
    lastCancellation = {
      aborted: call.signal.aborted,
      reason: reason ? { name: reason.name, message: reason.message } : null,
      progressAfterAbort: call.progress(1, undefined, 'after the abort'),
    };
    // For a cancelled call this is never sent.
    return 'Finished without being cancelled.';
  }

  @Tool({
    description: 'What the last long_task saw of its cancellation (waits up to wait_ms for one).',
    input: z.object({ wait_ms: z.number().int().min(0).max(10_000).default(0) }),
  })
  async last_cancellation({ wait_ms }: { wait_ms: number }): Promise<string> {
    const until = Date.now() + wait_ms;
    while (lastCancellation === undefined && Date.now() < until) await sleep(10);
    return JSON.stringify(lastCancellation ?? null);
  }

  @Tool({ description: 'Asks the user for their name and age (elicitation).' })
  async ask_name(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit('Who are you?', {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Your name' },
        age: { type: 'integer', minimum: 0, description: 'Your age' },
      },
      required: ['name'],
    });
    if (answer.action !== 'accept') return `The user chose ${answer.action}.`;
    const { name, age } = answer.content;
    return age === undefined ? `Hello ${String(name)}.` : `Hello ${String(name)} (${String(age)}).`;
  }

  @Tool({
    description: "Summarizes a text with the client's model (sampling).",
    input: z.object({ text: z.string() }),
  })
  async summarize({ text }: { text: string }, @Call() call: McpCall): Promise<string> {
    const result = await call.sample({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
      maxTokens: 50,
    });
    const content = result.content as { type?: string; text?: string };
    return `${String(result.model)} says: ${content.type === 'text' ? content.text : '(no text)'}`;
  }

  @Tool({ description: "Lists the client's roots." })
  async list_roots(@Call() call: McpCall): Promise<string> {
    return JSON.stringify(await call.roots());
  }

  @Tool({ description: 'Asks two things in turn: a name, then a favourite colour.' })
  async ask_twice(@Call() call: McpCall): Promise<string> {
    // In MCP 2026-07-28 this runs once per round: nothing before an ask has side effects.
    const name = await call.elicit('Your name?', {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    });
    const colour = await call.elicit('Your favourite colour?', {
      type: 'object',
      properties: { colour: { type: 'string' } },
      required: ['colour'],
    });
    if (name.action !== 'accept' || colour.action !== 'accept') return 'The user declined.';
    return `${String(name.content.name)} likes ${String(colour.content.colour)}.`;
  }

  @Tool({ description: "Asks the user and the client's model at once (elicitation + sampling)." })
  async ask_both(@Call() call: McpCall): Promise<string> {
    const [name, sample] = await Promise.all([
      call.elicit('Your name?', {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      }),
      call.sample({
        messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }],
        maxTokens: 20,
      }),
    ]);
    const content = sample.content as { type?: string; text?: string };
    const who = name.action === 'accept' ? String(name.content.name) : name.action;
    return `${who}; the model said ${content.type === 'text' ? content.text : '(no text)'}.`;
  }

  @Tool({
    description: 'Turns a tool on or off (clients are sent notifications/tools/list_changed).',
    input: z.object({ name: z.string(), enabled: z.boolean() }),
  })
  set_enabled({ name, enabled }: { name: string; enabled: boolean }): string {
    if (!app.describe().some((info) => info.kind === 'tool' && info.key === name)) {
      throw new ToolError(`No tool "${name}".`);
    }
    if (enabled) app.enable(name, 'tool');
    else app.disable(name, 'tool');
    return `Turned ${name} ${enabled ? 'on' : 'off'}.`;
  }

  @Tool({ description: 'A tool that starts switched off.', enabled: false })
  beta(): string {
    return 'beta is on.';
  }

  @Tool({
    description: 'Advances a counter resource; its subscribers are sent resources/updated.',
    input: z.object({ uri: z.enum(['channel://counter', 'channel://clock']) }),
  })
  touch({ uri }: { uri: string }): string {
    counters[uri] += 1;
    app.notifyResourceUpdated(uri);
    return `${uri} is ${counters[uri]}.`;
  }
}

/** Resources to subscribe to, a template and a prompt to complete. */
export class ChannelResources {
  @Resource({ uri: 'channel://counter', mimeType: 'text/plain' })
  counter(): string {
    return String(counters['channel://counter']);
  }

  @Resource({ uri: 'channel://clock', mimeType: 'text/plain' })
  clock(): string {
    return String(counters['channel://clock']);
  }

  @Resource({
    uriTemplate: 'channel://cities/{city}',
    name: 'city',
    mimeType: 'text/plain',
    complete: { city: (value) => CITIES.filter((city) => city.startsWith(value)) },
  })
  city({ city }: { city: string }): string {
    return `${city}: sunny.`;
  }

  @Prompt({
    description: 'Asks for the weather in a city.',
    args: z.object({ city: z.string() }),
    complete: {
      city: (value) => CITIES.filter((city) => city.toLowerCase().startsWith(value.toLowerCase())),
    },
  })
  weather_in({ city }: { city: string }): string {
    return `What is the weather in ${city}?`;
  }
}

export const app = McpApplication.create({
  name: 'Channel',
  version: '1.0.0',
  providers: [ChannelTools, ChannelResources],
  subscriptions: true,
});

async function main(argv: readonly string[]): Promise<void> {
  if (!argv.includes('--http')) {
    process.exitCode = await serveStdio(app);
    return;
  }
  const at = argv.indexOf('--redis');
  const redis = at === -1 ? undefined : argv[at + 1];
  const adapter = redis === undefined ? undefined : redisAdapter({ url: redis });
  const server = await serveHttp(app, { port: portOf(argv), adapter });
  // The only line on stdout: the URL, for whoever started this process.
  process.stdout.write(`listening ${server.url}\n`);
  const stop = (): void => {
    server
      .close()
      .then(() => adapter?.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
