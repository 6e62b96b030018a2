/**
 * Attacks on tasks, against real components: two HTTP servers (two "processes") on one real
 * redis-server, callers told apart by bearer tokens. No identity may see, cancel, list or read
 * another's tasks, in either revision and through either server; task ids are random v4 UUIDs;
 * `maxTasks` holds under a flood of concurrent creations spread over both servers; a task's TTL
 * is honoured (and frees its place); cursors cannot be forged into another owner's list; a
 * cancel storm leaves one cancelled task and a server that answers.
 */
import 'reflect-metadata';
import { Redis } from 'ioredis';
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

const TASKS_EXT = 'io.modelcontextprotocol/tasks';
const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const MAX_TASKS = 70;

/** How often the slow tool's signal was aborted, by task. */
const aborted = new Map<string, number>();

class Jobs {
  @Tool({ description: "Answers its caller's secret", task: 'optional' })
  secret(@Call() call: McpCall): string {
    return `secret of ${call.principal}`;
  }

  @Tool({ description: 'Runs until cancelled', task: 'optional' })
  async slow(@Call() call: McpCall): Promise<string> {
    await new Promise<void>((resolve) => {
      call.signal.addEventListener(
        'abort',
        () => {
          aborted.set(call.taskId!, (aborted.get(call.taskId!) ?? 0) + 1);
          resolve();
        },
        { once: true },
      );
    });
    return 'stopped';
  }
}

const TOKENS = {
  'ada-token': { sub: 'ada' },
  'bob-token': { sub: 'bob' },
  'carol-token': { sub: 'carol' },
  'dave-token': { sub: 'dave' },
  'erin-token': { sub: 'erin' },
};
type Token = keyof typeof TOKENS;

let redis: RedisServer;
const servers: HttpServerHandle[] = [];
const adapters: StateAdapter[] = [];

beforeAll(async () => {
  redis = await startRedis();
  for (let i = 0; i < 2; i += 1) {
    const app = McpApplication.create({
      name: 'Jobs',
      version: '1.0.0',
      providers: [Jobs],
      maxTasks: MAX_TASKS,
      taskTtl: { default: 60_000, max: 60_000 },
    });
    const adapter = redisAdapter({ url: redis.url, prefix: 'attack:' });
    adapters.push(adapter);
    servers.push(
      await serveHttp(app, {
        adapter,
        authenticate: bearerAuth({ tokens: TOKENS }),
        sessions: false,
        onError: () => {},
      }),
    );
  }
}, 30_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  for (const adapter of adapters) await adapter.close();
  await redis?.stop();
});

let nextId = 0;

/** Looks again every 50 ms until `check` holds; fails with `what` after `ms`. */
function until(ms: number, what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  let going = true;
  const loop = async (): Promise<void> => {
    while (going && !(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return within(loop(), ms, `waited for ${what}`).finally(() => {
    going = false;
  });
}

/** One JSON-RPC request as `token`, through server `via` (0 or 1), in `revision`; its JSON answer. */
async function rpc(
  token: Token | undefined,
  method: string,
  params: Record<string, unknown>,
  { via = 0, revision = LEGACY }: { via?: number; revision?: string } = {},
): Promise<any> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': revision,
  };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  let body = params;
  if (revision === MODERN) {
    headers['mcp-method'] = method;
    const name = params.taskId ?? params.name;
    if (typeof name === 'string') headers['mcp-name'] = name;
    body = {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXT]: {} } },
      },
    };
  }
  const response = await fetch(servers[via]!.url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params: body }),
  });
  const text = await response.text();
  const data = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? 'null');
  return { status: response.status, ...JSON.parse(data) };
}

/** Starts `tool` as a 2025 task for `token`; its id. */
async function start(token: Token, tool = 'secret', via = 0, ttl?: number): Promise<string> {
  const answer = await rpc(
    token,
    'tools/call',
    {
      name: tool,
      arguments: {},
      task: ttl === undefined ? {} : { ttl },
    },
    { via },
  );
  expect(answer.error).toBeUndefined();
  return answer.result.task.taskId as string;
}

/** Every task id `token` lists, page by page. */
async function listAll(token: Token, via = 0): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const answer = await rpc(token, 'tasks/list', cursor === undefined ? {} : { cursor }, { via });
    expect(answer.error).toBeUndefined();
    ids.push(...answer.result.tasks.map((t: { taskId: string }) => t.taskId));
    cursor = answer.result.nextCursor;
    if (cursor === undefined) return ids;
  }
  throw new Error('tasks/list did not end within 20 pages');
}

describe('another identity', () => {
  let taskId: string;
  beforeAll(async () => {
    taskId = await start('ada-token', 'secret', 0);
  });

  it.each([0, 1])(
    'cannot get, read, cancel or answer it, in either revision (server %i)',
    async (via) => {
      for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
        const answer = await rpc('bob-token', method, { taskId }, { via });
        expect(answer.error).toMatchObject({
          code: -32602,
          message: expect.stringContaining('Task not found'),
        });
        expect(JSON.stringify(answer)).not.toContain('secret of');
      }
      for (const method of ['tasks/get', 'tasks/cancel']) {
        const answer = await rpc('bob-token', method, { taskId }, { via, revision: MODERN });
        expect(answer.error).toMatchObject({ code: -32602 });
      }
      const update = await rpc(
        'bob-token',
        'tasks/update',
        { taskId, inputResponses: { k: { action: 'accept' } } },
        { via, revision: MODERN },
      );
      expect(update.error).toMatchObject({ code: -32602 });
    },
  );

  it('cannot list it; an anonymous caller is refused; its owner reads it through either server', async () => {
    expect(await listAll('bob-token', 1)).not.toContain(taskId);
    expect((await rpc(undefined, 'tasks/get', { taskId })).status).toBe(401);
    expect(await listAll('ada-token', 1)).toContain(taskId);
    const own = await rpc('ada-token', 'tasks/result', { taskId }, { via: 1 });
    expect(own.result.content).toEqual([{ type: 'text', text: 'secret of sub:ada' }]);
    // Bob's cancel storm above changed nothing of it.
    expect((await rpc('ada-token', 'tasks/get', { taskId })).result.status).toBe('completed');
  });
});

test('task ids are random version-4 UUIDs, never repeated', async () => {
  const ids = await Promise.all(
    Array.from({ length: 40 }, (_, i) => start('erin-token', 'secret', i % 2)),
  );
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test(`maxTasks (${MAX_TASKS}) holds under a flood of concurrent creations on both servers`, async () => {
  const before = process.memoryUsage();
  const answers = await Promise.all(
    Array.from({ length: MAX_TASKS + 50 }, (_, i) =>
      rpc('carol-token', 'tools/call', { name: 'secret', arguments: {}, task: {} }, { via: i % 2 }),
    ),
  );
  const created = answers.filter((a) => a.result?.task !== undefined);
  const refused = answers.filter((a) => a.error !== undefined);
  expect(created).toHaveLength(MAX_TASKS);
  expect(refused).toHaveLength(50);
  for (const answer of refused) {
    expect(answer.error).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/^Too many tasks/),
    });
  }
  expect((await listAll('carol-token', 1)).sort()).toEqual(
    created.map((a) => a.result.task.taskId as string).sort(),
  );
  // Another caller is not counted with carol.
  await start('bob-token');
  const after = process.memoryUsage();
  process.stderr.write(
    `flood of ${answers.length} creations: heap ${(before.heapUsed / 2 ** 20).toFixed(1)} → ${(after.heapUsed / 2 ** 20).toFixed(1)} MiB, rss ${(before.rss / 2 ** 20).toFixed(1)} → ${(after.rss / 2 ** 20).toFixed(1)} MiB\n`,
  );
}, 60_000);

test('a forged or foreign cursor never reaches another owner’s tasks', async () => {
  // Carol holds MAX_TASKS tasks: more than one page.
  const first = await rpc('carol-token', 'tasks/list', {});
  const cursor = first.result.nextCursor as string;
  expect(typeof cursor).toBe('string');
  const carols = new Set(await listAll('carol-token'));
  // Bob with carol's cursor: his own tasks or an error, nothing of carol's.
  const foreign = await rpc('bob-token', 'tasks/list', { cursor });
  for (const task of foreign.result?.tasks ?? []) expect(carols.has(task.taskId)).toBe(false);
  const someone = [...carols][0]!;
  for (const forged of [
    'x',
    '-1',
    '1e3',
    '0x10',
    ' 0',
    '99999999999999999999',
    `${someone}`,
    `../${someone}`,
    '{}',
    'a'.repeat(10_000),
  ]) {
    const answer = await rpc('bob-token', 'tasks/list', { cursor: forged });
    if (answer.error !== undefined) {
      expect(answer.error).toMatchObject({ code: -32602 });
    } else {
      for (const task of answer.result.tasks) expect(carols.has(task.taskId)).toBe(false);
    }
  }
  expect((await rpc('bob-token', 'tasks/list', { cursor: 7 })).error).toMatchObject({
    code: -32602,
  });
});

test('a task past its TTL is gone, and its place under maxTasks is free again', async () => {
  const ttl = 1_000;
  const first = await Promise.all(
    Array.from({ length: MAX_TASKS }, (_, i) => start('dave-token', 'secret', i % 2, ttl)),
  );
  // Every one of them, not one picked: created concurrently, they expire in no set order.
  await until(15_000, 'the tasks to expire', async () => {
    for (const taskId of first) {
      const answer = await rpc('dave-token', 'tasks/get', { taskId });
      if (answer.error?.code !== -32602) return false;
    }
    return true;
  });
  expect(await listAll('dave-token')).toEqual([]);
  for (const taskId of first) {
    expect((await rpc('dave-token', 'tasks/result', { taskId })).error).toMatchObject({
      code: -32602,
    });
  }
  // Every place is free again: a whole new set of MAX_TASKS is created, none refused.
  const again = await Promise.all(
    Array.from({ length: MAX_TASKS }, (_, i) =>
      rpc('dave-token', 'tools/call', { name: 'secret', arguments: {}, task: {} }, { via: i % 2 }),
    ),
  );
  expect(again.filter((answer) => answer.error !== undefined)).toEqual([]);
}, 30_000);

test('a cancel storm through both servers: one cancellation, the method aborted once, the server still answers', async () => {
  const taskId = await start('ada-token', 'slow', 0);
  const storm = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      rpc(
        'ada-token',
        'tasks/cancel',
        { taskId },
        { via: i % 2, revision: i % 4 < 2 ? LEGACY : MODERN },
      ),
    ),
  );
  for (const answer of storm) {
    if (answer.error !== undefined) {
      // 2025-11-25: cancelling a task already cancelled is -32602.
      expect(answer.error).toMatchObject({
        code: -32602,
        message: expect.stringContaining('already cancelled'),
      });
    } else if (answer.result.status !== undefined) {
      expect(answer.result.status).toBe('cancelled');
    }
  }
  await until(10_000, 'the method to see its cancellation', () => aborted.get(taskId) === 1);
  expect((await rpc('ada-token', 'tasks/get', { taskId }, { via: 1 })).result.status).toBe(
    'cancelled',
  );
  expect((await rpc('ada-token', 'ping', {})).result).toEqual({});
  expect(aborted.get(taskId)).toBe(1);
}, 30_000);

test('tasks/list of one owner reads Redis a number of times set by the page, not by the other owners', async () => {
  const direct = new Redis(redis.url);
  // Resolves once Redis has acknowledged MONITOR: every command from then on is seen.
  const monitor = await direct.monitor();
  const seen: string[] = [];
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    // Commands a script runs are not round trips of their own.
    if (!source.startsWith('lua')) seen.push(args[0]!.toLowerCase());
  });
  try {
    const answer = await rpc('bob-token', 'tasks/list', {});
    expect(answer.error).toBeUndefined();
    const commands = seen.length;
    process.stderr.write(
      `tasks/list of bob (${answer.result.tasks.length} tasks; ${MAX_TASKS}+ of others): ${commands} round trips: ${seen.join(' ')}\n`,
    );
    expect(commands).toBeLessThanOrEqual(2);
  } finally {
    monitor.disconnect();
    direct.disconnect();
  }
});
