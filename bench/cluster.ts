/**
 * Measurement 7: scale-out on Redis. HTTP session-mode requests/s of the command line with
 * `--workers 2 --redis URL` against one process in memory (and one process on Redis, to show
 * what Redis costs alone): the same tool, the same load generator and checks as measurement 3,
 * one session opened before the runs. Then the Redis bytes per idle session: `MEMORY USAGE` of
 * the keys that N idle sessions add, ÷ N. The bench starts its own redis-server on a free
 * loopback port (no persistence) and stops it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ab, CALL_PARTS, childFlags, inTurn, note, pause, type Stats, stats } from './common';
import { generateLoad, type HttpTarget, mcpHeaders, openSession, verify } from './http';

/**
 * Idle sessions measured in Redis: 100, the default `maxSessionsPerIdentity` (every session of
 * the bench comes from one loopback address; past it, the client's own unused sessions are evicted).
 */
export const REDIS_SESSIONS = 100;

/** The built command line and the bench's application module (of the `--against` build if `ref`). */
function command(ref: boolean): { bin: string; app: string } {
  const dir = ref ? ab.dir! : __dirname;
  return {
    bin: join(dir, '..', '..', 'dist', 'src', 'cli', 'bin.js'),
    app: join(dir, 'children', 'ours-app.js'),
  };
}

/** Results of one configuration. */
export interface ClusterRun {
  rps: Stats;
  p99: Stats;
  /** Failed requests over all runs: non-2xx, socket errors, timeouts, wrong bodies. */
  errors: number;
  ok: number;
}

export interface ClusterResults {
  /** One process, in-memory state (the default). */
  memory: ClusterRun;
  /** One process on Redis. */
  redis1: ClusterRun;
  /** `--workers 2 --redis`. */
  redis2: ClusterRun;
  /** The same three on the `--against` build (A/B mode only). */
  ref?: { memory: ClusterRun; redis1: ClusterRun; redis2: ClusterRun };
  /** `MEMORY USAGE` of an idle session's keys in Redis, bytes (the session record and its index entry). */
  bytesPerSession: number;
  sessions: number;
}

interface RedisChild {
  child: ChildProcess;
  url: string;
}

/** redis-server on a free loopback port (`REDIS_SERVER` or redis-server on the PATH). */
async function startRedis(): Promise<RedisChild> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const child = spawn(
    process.env.REDIS_SERVER ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return { child, url: `redis://127.0.0.1:${port}` };
}

/** `declarative-mcp serve <bench app> --http --port 0 …args`; resolves once it prints its URL. */
async function serve(args: string[], ref = false): Promise<HttpTarget> {
  const { bin, app } = command(ref);
  const child = spawn(
    process.execPath,
    [...childFlags(), bin, 'serve', app, '--http', '--port', '0', ...args],
    { stdio: ['ignore', 'inherit', 'pipe'] },
  );
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      const match = /serving at (http:\/\/\S+)\n/.exec(err);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${err}`)));
  });
  child.stderr!.resume();
  const sessionId = await openSession(url);
  return { child, url, headers: mcpHeaders(sessionId), parts: CALL_PARTS };
}

/** SIGTERM, then waits until the command (and its workers) are gone. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The memory Redis gives an idle session: on an emptied Redis, one process opens `count`
 * sessions (`initialize` + `notifications/initialized`); the `MEMORY USAGE` of every session
 * record and of the index that counts them, ÷ the sessions.
 */
async function bytesPerSession(redis: Redis, url: string, count: number): Promise<number> {
  await redis.flushall();
  const target = await serve(['--redis', url]);
  try {
    const prefix = 'mcp:';
    // serve() opened one already.
    for (let i = 1; i < count; i += 1) await openSession(target.url);
    let bytes = 0;
    let keys = 0;
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}session:*`, 'COUNT', 1000);
      cursor = next;
      for (const key of found) {
        bytes += (await redis.memory('USAGE', key, 'SAMPLES', 0)) ?? 0;
        keys += 1;
      }
    } while (cursor !== '0');
    // The index of sessions (id → expiry) that counts them for maxSessions.
    bytes += (await redis.memory('USAGE', `${prefix}sessions`, 'SAMPLES', 0)) ?? 0;
    if (keys !== count) throw new Error(`expected ${count} sessions in Redis, found ${keys}`);
    return bytes / keys;
  } finally {
    await stop(target.child);
  }
}

/** Each configuration once per repetition (interleaved), `seconds` of load each. */
export async function measureCluster(reps: number, seconds: number): Promise<ClusterResults> {
  const redis = await startRedis();
  const probe = new Redis(redis.url);
  try {
    const configs: Array<[string, string[]]> = [
      ['memory', []],
      ['redis1', ['--redis', redis.url]],
      ['redis2', ['--redis', redis.url, '--workers', '2']],
    ];
    const subjects =
      ab.dir === undefined
        ? configs
        : configs.flatMap(([key, args]) => [[key, args] as const, [`ref-${key}`, args] as const]);
    const runs: Record<string, Array<Awaited<ReturnType<typeof generateLoad>>>> = {};
    const targets: Record<string, HttpTarget> = {};
    for (const [key, args] of subjects) {
      targets[key] = await serve(args, key.startsWith('ref-'));
      await verify(targets[key]!);
      runs[key] = [];
      await generateLoad(targets[key]!, 1);
    }
    for (let rep = 0; rep < reps; rep++) {
      for (const [key] of inTurn(subjects, rep)) {
        await pause(200);
        const summary = await generateLoad(targets[key]!, seconds);
        runs[key]!.push(summary);
        const failed = summary.non2xx + summary.errors + summary.timeouts + summary.mismatches;
        if (failed > 0) note(`${key}: ${failed} failed requests in run ${rep + 1}`);
      }
    }
    for (const [key] of subjects) {
      await verify(targets[key]!);
      await stop(targets[key]!.child);
    }
    const run = (key: string): ClusterRun => {
      const list = runs[key]!;
      return {
        rps: stats(list.map((s) => s.rps)),
        p99: stats(list.map((s) => s.p99)),
        errors: list.reduce((n, s) => n + s.non2xx + s.errors + s.timeouts + s.mismatches, 0),
        ok: list.reduce((n, s) => n + s.ok - s.mismatches, 0),
      };
    };
    return {
      memory: run('memory'),
      redis1: run('redis1'),
      redis2: run('redis2'),
      ref:
        ab.dir === undefined
          ? undefined
          : { memory: run('ref-memory'), redis1: run('ref-redis1'), redis2: run('ref-redis2') },
      bytesPerSession: await bytesPerSession(probe, redis.url, REDIS_SESSIONS),
      sessions: REDIS_SESSIONS,
    };
  } finally {
    probe.disconnect();
    redis.child.kill('SIGTERM');
  }
}
