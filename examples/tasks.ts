/**
 * Long-running tools as tasks (docs/tasks.md): a report that takes a while, cancellable, with
 * its progress as the task's status. Served over Streamable HTTP; with `--redis URL` its tasks are
 * kept in Redis, so several processes share them (any one polls, updates or cancels a task that
 * another runs).
 *
 *   npm run build
 *   node build/examples/tasks.js --port 3000 [--redis redis://127.0.0.1:6379] [--heartbeat 5000]
 *     # prints: listening http://127.0.0.1:3000/mcp
 *   node build/examples/tasks.js --stdio
 */
import {
  Call,
  McpApplication,
  type McpCall,
  type StateAdapter,
  serveHttp,
  serveStdio,
  Tool,
} from 'declarative-mcp';
import { z } from 'zod';

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

export class ReportTools {
  @Tool({
    description:
      'Builds a report in `steps` steps of `stepMs` ms each (a task for clients that can).',
    input: z.object({
      title: z.string(),
      steps: z.number().int().min(1).max(1000),
      stepMs: z.number().int().min(0).max(60_000),
    }),
    task: 'optional',
  })
  async build_report(
    { title, steps, stepMs }: { title: string; steps: number; stepMs: number },
    @Call() call: McpCall,
  ): Promise<string> {
    for (let step = 1; step <= steps; step++) {
      await pause(stepMs, call.signal);
      call.progress(step, steps, `${title}: step ${step} of ${steps}`);
    }
    return `Report "${title}" is ready (${steps} steps).`;
  }
}

/** `--name value` or `--name=value` from the command line. */
function flag(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return undefined;
}

async function main(argv: readonly string[]): Promise<void> {
  const heartbeat = flag(argv, 'heartbeat');
  const app = McpApplication.create({
    name: 'reports',
    version: '1.0.0',
    providers: [ReportTools],
    taskPollInterval: 200,
    ...(heartbeat === undefined ? {} : { taskHeartbeat: Number(heartbeat) }),
  });
  if (argv.includes('--stdio')) {
    process.exitCode = await serveStdio(app);
    return;
  }
  const url = flag(argv, 'redis');
  let adapter: StateAdapter | undefined;
  if (url !== undefined) {
    // Loaded only when asked for: ioredis is an optional peer dependency.
    const { redisAdapter } = await import('declarative-mcp/redis');
    adapter = redisAdapter({ url, prefix: flag(argv, 'prefix') ?? 'mcp:' });
  }
  const server = await serveHttp(app, {
    port: Number(flag(argv, 'port') ?? 0),
    host: '127.0.0.1',
    path: '/mcp',
    ...(adapter === undefined ? {} : { adapter }),
  });
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
