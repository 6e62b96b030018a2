/**
 * Runs the built examples (`build/examples/<name>.js`, made by `npm run build`) as child
 * processes: the way an MCP client runs a stdio server (`pipe`, `connect`), and the way a user
 * starts an HTTP server and reads the URL it prints (`launch`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { within } from '../helpers/within';

const ROOT = join(__dirname, '..', '..');

/**
 * The built example's path (`notes` → `build/examples/notes.js`; an ES module example is named
 * with its extension, `trips.mjs`); throws, saying what to run, when it was not built.
 */
export function example(name: string): string {
  const path = join(ROOT, 'build', 'examples', name.endsWith('.mjs') ? name : `${name}.js`);
  if (!existsSync(path)) {
    throw new Error(
      `${relative(ROOT, path)} is missing: the end-to-end tests run the built examples. Run "npm run build" first ("npm test" does it before jest).`,
    );
  }
  return path;
}

/** The environment a child gets: this process's, without the variables a test must control. */
export function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { ORDERS_TOKEN: _token, ...rest } = process.env;
  return { ...rest, ...extra };
}

/** What a finished child wrote and how it ended. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Writes `lines` to a built example's stdin (each ending with `\n`, like `printf '%s\n'`), ends
 * it, and resolves once the process has exited.
 */
export function pipe(
  name: string,
  lines: readonly string[],
  env: Record<string, string> = {},
): Promise<Run> {
  const child = spawn(process.execPath, [example(name)], {
    env: environment(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  // A child that exits before reading (a refused start) closes its stdin: not the test's failure.
  child.stdin.on('error', () => {});
  child.stdin.end(lines.map((line) => `${line}\n`).join(''));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** An official SDK client connected to a built example over stdio, and what it wrote on stderr. */
export interface Connection {
  client: Client;
  transport: StdioClientTransport;
  readonly stderr: string;
}

/** Spawns a built example with the SDK's `StdioClientTransport` and initializes a `Client`. */
export async function connect(name: string, env: Record<string, string> = {}): Promise<Connection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [example(name)],
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'declarative-mcp-e2e', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close();
    // Let the last of stderr through the pipe: it says why the server stopped.
    await new Promise((resolve) => setImmediate(resolve));
    throw new Error(
      `The ${name} example did not complete initialize (${(error as Error).message}). Its stderr: ${stderr || '(empty)'}`,
    );
  }
  return {
    client,
    transport,
    get stderr() {
      return stderr;
    },
  };
}

/** A long-running child (an HTTP server) started by {@link launch}. */
export interface Launched {
  readonly child: ChildProcess;
  /** What the child wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the child has exited. */
  readonly exited: Promise<number | string | null>;
  /** Resolves with the first match of `pattern` in the child's output (stdout, or stderr as asked). */
  waitFor(pattern: RegExp, stream?: 'stdout' | 'stderr', ms?: number): Promise<RegExpExecArray>;
  /** Sends `signal` (default SIGTERM) and resolves with the exit code; kills it if it hangs. */
  stop(signal?: NodeJS.Signals, ms?: number): Promise<number | string | null>;
}

/**
 * Spawns `node <script> ...args` with pipes, recording its output (`options.node`: another
 * Node.js binary than this one, or another runtime, such as `bun`, with `options.before`: its
 * arguments before the script). The caller must `stop()` it (in `afterAll`, for one that a
 * failed test left running).
 */
export function launch(
  script: string,
  args: readonly string[] = [],
  options: { env?: Record<string, string>; cwd?: string; node?: string; before?: string[] } = {},
): Launched {
  const child = spawn(
    options.node ?? process.execPath,
    [...(options.before ?? []), script, ...args],
    {
      env: environment(options.env),
      cwd: options.cwd ?? ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = { stdout: '', stderr: '' };
  const changed = new EventEmitter();
  for (const name of ['stdout', 'stderr'] as const) {
    child[name].setEncoding('utf8').on('data', (chunk: string) => {
      output[name] += chunk;
      changed.emit('data');
    });
  }
  const exited = new Promise<number | string | null>((resolve) => {
    child.on('close', (code, signal) => {
      changed.emit('data');
      resolve(code ?? signal);
    });
  });
  const waitFor = (
    pattern: RegExp,
    stream: 'stdout' | 'stderr' = 'stdout',
    ms = 15_000,
  ): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const match = pattern.exec(output[stream]);
        if (match) {
          finish();
          resolve(match);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          finish();
          reject(new Error(`${script} exited before printing ${pattern}: ${describe()}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`${script} did not print ${pattern} within ${ms} ms: ${describe()}`));
      }, ms);
      const finish = (): void => {
        clearTimeout(timer);
        changed.off('data', check);
      };
      changed.on('data', check);
      check();
    });
  const describe = (): string =>
    `stdout ${JSON.stringify(output.stdout)}, stderr ${JSON.stringify(output.stderr)}`;
  const stop = async (
    signal: NodeJS.Signals = 'SIGTERM',
    ms = 10_000,
  ): Promise<number | string | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    child,
    stdout: () => output.stdout,
    stderr: () => output.stderr,
    exited,
    waitFor,
    stop,
  };
}

/**
 * Reads a response's SSE `data:` messages as they come (skipping empty priming events):
 * `take(count, ms, what)` waits, bounded, for the next `count` of them, so a test can act
 * between two messages (after an acknowledgement, say) without guessing a delay.
 */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const queue: unknown[] = [];
  let buffer = '';
  const fill = async (count: number, what: string): Promise<void> => {
    while (queue.length < count) {
      const next = await reader.read();
      if (next.done) throw new Error(`${what}: the stream ended after ${queue.length} message(s)`);
      buffer += decoder.decode(next.value, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines)
        if (line.startsWith('data: ') && line.length > 6) queue.push(JSON.parse(line.slice(6)));
    }
  };
  return {
    async take(count: number, ms: number, what: string): Promise<unknown[]> {
      await within(fill(count, what), ms, what);
      return queue.splice(0, count);
    },
    cancel: (): Promise<void> => reader.cancel().catch(() => {}),
  };
}

/**
 * Reads the SSE `data:` messages of a response (skipping empty priming events) until `count`
 * arrived or `ms` passed, then cancels the read.
 */
export async function sseMessages(
  response: Response,
  count: number,
  ms: number,
): Promise<unknown[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const found: unknown[] = [];
  let buffer = '';
  const deadline = Date.now() + ms;
  while (found.length < count && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((resolve) => {
        timer = setTimeout(() => resolve({ done: true, value: undefined }), deadline - Date.now());
      }),
    ]);
    clearTimeout(timer);
    if (next.done) break;
    buffer += decoder.decode(next.value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines)
      if (line.startsWith('data: ') && line.length > 6) found.push(JSON.parse(line.slice(6)));
  }
  await reader.cancel().catch(() => {});
  return found;
}
