/**
 * Runs the built examples (`build/examples/<name>.js`, made by `npm run build`) as child
 * processes: the way an MCP client runs a stdio server.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const ROOT = join(__dirname, '..', '..');

/** The built example's path; throws, saying what to run, when it was not built. */
export function example(name: string): string {
  const path = join(ROOT, 'build', 'examples', `${name}.js`);
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
