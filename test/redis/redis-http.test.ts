/**
 * The HTTP transport on the Redis adapter when Redis goes away while serving: requests that need
 * shared state get 503 with a JSON-RPC error, the process keeps running and reconnects, and nothing
 * is written to stdout. Unreachable at start: serveHttp rejects with a clear error.
 */
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
    commandTimeout: 500,
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
