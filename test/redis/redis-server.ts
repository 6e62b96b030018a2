/**
 * A real redis-server for a test suite: on a free loopback port, no persistence, stopped after.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import type { StateAdapter } from '../../src/adapter';
import { type RedisAdapterOptions, redisAdapter } from '../../src/redis';

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Sends a signal: SIGSTOP pauses the server (connections stay open, nothing is answered), SIGCONT resumes it. */
  signal(name: NodeJS.Signals): void;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts redis-server (`REDIS_SERVER` or /usr/bin/redis-server); resolves once it accepts
 * connections. `port` restarts one on a port a stopped one had.
 */
export async function startRedis(args: string[] = [], port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const child: ChildProcess = spawn(
    process.env.REDIS_SERVER ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start: ${output}`)),
      10_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${output}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    signal: (name) => {
      child.kill(name);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * For a test file: one redis-server started before its tests and stopped after, a plain client
 * to look at the keys the adapter writes, and before each test a fresh `redisAdapter` on a
 * prefix of its own (`<tag><n>:`), closed after it. Read the fields inside tests.
 */
export function redisPerTest(
  tag: string,
  options: Omit<RedisAdapterOptions, 'url' | 'prefix'> = {},
): { server: RedisServer; raw: Redis; adapter: StateAdapter; prefix: string } {
  const shared = {} as { server: RedisServer; raw: Redis; adapter: StateAdapter; prefix: string };
  let n = 0;
  beforeAll(async () => {
    shared.server = await startRedis();
    shared.raw = new Redis(shared.server.url, { lazyConnect: true });
    await shared.raw.connect();
  });
  beforeEach(async () => {
    shared.prefix = `${tag}${++n}:`;
    shared.adapter = redisAdapter({ ...options, url: shared.server.url, prefix: shared.prefix });
    await shared.adapter.open();
  });
  afterEach(() => shared.adapter.close());
  afterAll(async () => {
    shared.raw.disconnect();
    await shared.server.stop();
  });
  return shared;
}
