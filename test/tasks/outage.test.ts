/**
 * Redis killed under task load, then started again on the same port: requests that need the
 * task store are refused clearly (HTTP 503 with Retry-After; over stdio a JSON-RPC error), the
 * process keeps serving, and once Redis is back tasks are created, read and listed again with no
 * restart.
 */
import 'reflect-metadata';
import type { StateAdapter } from '../../src/adapter';
import {
  bearerAuth,
  Call,
  type HttpServerHandle,
  McpApplication,
  type McpCall,
  serveHttp,
  Tool,
} from '../../src/index';
import { redisAdapter } from '../../src/redis';
import { within } from '../helpers/within';
import { type RedisServer, startRedis } from '../redis/redis-server';

class Jobs {
  @Tool({ description: 'Works a moment, as a task', task: 'optional' })
  async work(@Call() call: McpCall): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return `done for ${call.principal}`;
  }
}

let redis: RedisServer;
let server: HttpServerHandle;
let adapter: StateAdapter;

beforeAll(async () => {
  redis = await startRedis();
  adapter = redisAdapter({
    url: redis.url,
    prefix: 'outage:',
    // Long enough that no command times out while Redis runs, on a loaded machine too (a short
    // one can refuse a request at random); the outage below waits this long per refused request.
    commandTimeout: 2_000,
    onError: () => {},
  });
  server = await serveHttp(
    McpApplication.create({ name: 'Jobs', version: '1.0.0', providers: [Jobs] }),
    {
      adapter,
      authenticate: bearerAuth({ tokens: { 'ada-token': { sub: 'ada' } } }),
      sessions: false,
      onError: () => {},
    },
  );
}, 30_000);

afterAll(async () => {
  await server?.close();
  await adapter?.close();
  await redis?.stop();
});

let nextId = 0;
async function rpc(method: string, params: Record<string, unknown>) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      authorization: 'Bearer ada-token',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
  });
  const text = await response.text();
  const data = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? 'null');
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    ...JSON.parse(data),
  };
}

const create = () => rpc('tools/call', { name: 'work', arguments: {}, task: {} });

test('Redis killed and restarted under task load: 503 meanwhile, tasks again after, no restart', async () => {
  const before = await Promise.all(Array.from({ length: 20 }, create));
  const ids = before.map((answer) => answer.result.task.taskId as string);
  const load = Array.from({ length: 40 }, (_, i) =>
    i % 2 === 0 ? create() : rpc('tasks/get', { taskId: ids[i % ids.length] }),
  );
  await redis.stop();
  const during = await Promise.all([
    ...load,
    create(),
    rpc('tasks/get', { taskId: ids[0] }),
    rpc('tasks/list', {}),
  ]);
  const refused = during.slice(-3);
  process.stderr.write(
    `during the outage: ${JSON.stringify(refused.map((a) => [a.status, a.error]))}\n`,
  );
  for (const answer of refused) {
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).not.toBeNull();
    expect(answer.error.message).toMatch(/Service Unavailable/);
  }
  redis = await startRedis([], redis.port);
  await within(
    (async () => {
      for (;;) {
        const answer = await create();
        if (answer.result?.task !== undefined) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })(),
    15_000,
    'a task created after Redis came back',
  );
  const listed = await rpc('tasks/list', {});
  expect(listed.result.tasks.length).toBeGreaterThan(0);
}, 60_000);
