/**
 * The HTTP transport on the Redis adapter when Redis goes away while serving: requests that need
 * shared state get 503 with a JSON-RPC error, the process keeps running and reconnects, and nothing
 * is written to stdout. Unreachable at start: serveHttp rejects with a clear error.
 */
import { Redis } from 'ioredis';
import { Tool } from '../../decorators';
import { redisAdapter } from '../../src/redis';
import { McpApplication } from '../../src/registry';
import { serveHttp } from '../../src/transports/http';
import { initializeMessage, post } from '../transports/http/harness';
import { type RedisServer, startRedis } from './redis-server';

class Tools {
  @Tool() alpha() {
    return 'a';
  }
}

const app = () =>
  McpApplication.create({ name: 'redis-http', version: '1.0.0', providers: [Tools] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

test('Redis unreachable at start: serveHttp rejects with a clear error', async () => {
  await expect(
    serveHttp(app(), {
      adapter: redisAdapter({ url: 'redis://127.0.0.1:1', connectTimeout: 500 }),
    }),
  ).rejects.toThrow(
    /^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1: .*Check that redis-server runs there/,
  );
});

test('Redis lost while serving: 503 with a JSON-RPC error, reconnects, nothing on stdout', async () => {
  const told: string[] = [];
  const adapter = redisAdapter({
    url: redis.url,
    prefix: 'lost:',
    // Long enough that no command times out while Redis runs, on a loaded machine too (a short
    // one can refuse a request at random); the outage below waits this long per refused request.
    commandTimeout: 2_000,
    onError: (error) => told.push(error.message),
  });
  // The transport's own report of each refused request, kept out of the test's output.
  const reported: unknown[] = [];
  const server = await serveHttp(app(), { adapter, onError: (error) => reported.push(error) });
  const written: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    written.push(String(chunk));
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    const opened = await post(server.url, initializeMessage());
    expect(opened.status).toBe(200);
    await opened.text();

    await redis.stop();
    const refused = await post(server.url, initializeMessage());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    const body = (await refused.json()) as {
      jsonrpc: string;
      error: { code: number; message: string };
    };
    expect(body.jsonrpc).toBe('2.0');
    expect(body.error.code).toBe(-32000);
    expect(body.error.message).toBe(
      'Service Unavailable: the shared state (redis) cannot be reached; try again shortly',
    );

    redis = await startRedis([], redis.port);
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i += 1) {
      await sleep(100);
      const again = await post(server.url, initializeMessage());
      status = again.status;
      await again.text();
    }
    expect(status).toBe(200);
    expect(told[0]).toMatch(
      new RegExp(
        `^Redis at redis://127\\.0\\.0\\.1:${redis.port} is unreachable .*Reconnecting\\.$`,
      ),
    );
    expect(told).toContain(`Redis at redis://127.0.0.1:${redis.port} is reachable again.`);
    expect(written).toEqual([]);
    expect(reported.length).toBeGreaterThan(0);
  } finally {
    process.stdout.write = write;
    await server.close();
    // An adapter handed in stays yours to close.
    await adapter.close();
  }
}, 30_000);

test('Redis paused (SIGSTOP): initializes answered 503 leave no session; the outage is told twice, without a stack', async () => {
  const adapter = redisAdapter({
    url: redis.url,
    prefix: 'paused:',
    // Long enough that no command times out while Redis runs, on a loaded machine too (a short
    // one can refuse a request at random); the outage below waits this long per refused request.
    commandTimeout: 2_000,
    onError: () => {},
  });
  const reported: Error[] = [];
  const server = await serveHttp(app(), {
    adapter,
    onError: (error) => reported.push(error as Error),
  });
  const direct = new Redis(redis.url);
  try {
    redis.signal('SIGSTOP');
    for (let i = 0; i < 3; i += 1) {
      const refused = await post(server.url, initializeMessage());
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      await refused.text();
    }
    redis.signal('SIGCONT');
    let opened = 0;
    for (let i = 0; i < 50 && opened === 0; i += 1) {
      const again = await post(server.url, initializeMessage());
      if (again.status === 200) opened += 1;
      await again.text();
      if (opened === 0) await sleep(100);
    }
    expect(opened).toBe(1);
    for (let i = 0; i < 50 && reported.length < 2; i += 1) await sleep(100);
    expect(reported.map((error) => error.message)).toEqual([
      expect.stringMatching(
        /^The shared state \(redis\) is unreachable \(.*\); requests that need it are refused with "try again" \(HTTP 503 with Retry-After\) until it is back\.$/,
      ),
      expect.stringMatching(
        /^The shared state \(redis\) is reachable again; [3-9] requests were refused meanwhile\.$/,
      ),
    ]);
    // A notice, not a bug: no stack trace.
    for (const error of reported) expect(error.stack).toBe(error.message);
    // The creates Redis ran once it resumed were deleted after them: only the session a client holds.
    expect(await direct.keys('paused:session:*')).toHaveLength(1);
  } finally {
    redis.signal('SIGCONT');
    direct.disconnect();
    await server.close();
    await adapter.close();
  }
}, 30_000);
