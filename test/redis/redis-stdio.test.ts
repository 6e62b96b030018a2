/**
 * stdio with tasks kept in Redis (the application bound to a Redis adapter), Redis stopped while
 * serving: a task call gets a JSON-RPC error that names the shared state and says to try again
 * (ErrorCode.TRANSPORT_ERROR, not -32603 Internal error); the reporter hears of the outage once as it
 * starts and once as it ends, without a stack trace; calls work again once Redis is back.
 */
import 'reflect-metadata';
import { z } from 'zod';
import { ErrorCode, McpApplication, Tool } from '../../src/index';
import { redisAdapter } from '../../src/redis';
import { harness } from '../transports/stdio/harness';
import { type RedisServer, startRedis } from './redis-server';

class Jobs {
  @Tool({ description: 'Doubles', task: 'required', input: z.object({ n: z.number() }) })
  async double({ n }: { n: number }): Promise<string> {
    return String(n * 2);
  }
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  },
};

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

test('Redis stopped: a task call over stdio is told the shared state is out; back: it runs', async () => {
  const reported: Error[] = [];
  const app = McpApplication.create({
    name: 'Jobs',
    version: '1.0.0',
    providers: [Jobs],
    taskPollInterval: 5,
    reporter: (error) => reported.push(error as Error),
  });
  const adapter = redisAdapter({
    url: redis.url,
    prefix: 'stdio:',
    // Long enough that no command times out while Redis runs, on a loaded machine too (a short
    // one can refuse a request at random); the outage below waits this long per refused request.
    commandTimeout: 2_000,
    onError: () => {},
  });
  await adapter.open();
  const binding = app.bindState(adapter, () => {});
  await binding.ready;
  const h = harness(app);
  const call = (id: number) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'double', arguments: { n: 21 }, _meta: META },
    });
  try {
    h.send(call(1));
    expect(JSON.parse((await h.until(1))[0]!).result.resultType).toBe('task');

    await redis.stop();
    h.send(call(2), call(3));
    const lines = await h.until(3);
    for (const [index, id] of [
      [1, 2],
      [2, 3],
    ] as const) {
      expect(JSON.parse(lines[index]!)).toEqual({
        jsonrpc: '2.0',
        id,
        error: {
          code: ErrorCode.TRANSPORT_ERROR,
          message:
            'Service Unavailable: the shared state (redis) cannot be reached; try again shortly',
        },
      });
    }

    redis = await startRedis([], redis.port);
    let resultType: string | undefined;
    for (let id = 10; id < 60 && resultType !== 'task'; id += 1) {
      const before = h.lines().length;
      h.send(call(id));
      resultType = JSON.parse((await h.until(before + 1))[before]!).result?.resultType;
      if (resultType !== 'task') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(resultType).toBe('task');
    for (let i = 0; i < 50 && reported.length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(reported.map((error) => error.message)).toEqual([
      expect.stringMatching(
        /^The shared state \(redis\) is unreachable \(Redis at .*\); requests that need it are refused with "try again" \(HTTP 503 with Retry-After\) until it is back\.$/,
      ),
      expect.stringMatching(
        /^The shared state \(redis\) is reachable again; \d+ requests were refused meanwhile\.$/,
      ),
    ]);
    for (const error of reported) expect(error.stack).toBe(error.message);
  } finally {
    h.input.end();
    await h.serving;
    await binding.unbind().catch(() => {});
    await adapter.close();
  }
}, 30_000);
