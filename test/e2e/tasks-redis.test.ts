/**
 * Tasks across processes through Redis (issue 15): two processes of build/examples/tasks.js share
 * one redis-server. A task started through one is polled and cancelled through the other; a
 * finished result outlives the process that ran it; a task whose process dies while it runs is
 * reported failed once its heartbeat expires. MCP 2026-07-28 POSTs, as JSON text.
 */
import { type RedisServer, startRedis } from '../redis/redis-server';
import { example, type Launched, launch } from './examples';

const VERSION = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': {
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  },
};
// The lease is 3 heartbeats: long enough that a loaded machine never starves a live runner past
// it (200 ms made it 600 ms); the test that waits for it to run out polls.
const HEARTBEAT = 1_000;

interface Task {
  resultType?: string;
  taskId: string;
  status: string;
  statusMessage?: string;
  result?: unknown;
  error?: { code: number; message: string };
}

let redis: RedisServer;
const running: Launched[] = [];

async function start(): Promise<{ server: Launched; url: string }> {
  const server = launch(example('tasks'), [
    '--redis',
    redis.url,
    '--prefix',
    'tasks-e2e:',
    '--heartbeat',
    String(HEARTBEAT),
  ]);
  running.push(server);
  const url = (await server.waitFor(/listening (\S+)/))[1];
  return { server, url };
}

let id = 0;
async function rpc(url: string, method: string, params: Record<string, unknown>): Promise<any> {
  const name = typeof params.name === 'string' ? params.name : params.taskId;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: META } }),
  });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error !== undefined) throw Object.assign(new Error('JSON-RPC error'), body.error);
  return body.result;
}

async function until(url: string, taskId: string, done: (t: Task) => boolean): Promise<Task> {
  for (let i = 0; i < 150; i++) {
    const task = (await rpc(url, 'tasks/get', { taskId })) as Task;
    if (done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${taskId} did not get there in 15 s`);
}

const report = (url: string, title: string, steps: number, stepMs: number): Promise<Task> =>
  rpc(url, 'tools/call', { name: 'build_report', arguments: { title, steps, stepMs } });

beforeAll(async () => {
  redis = await startRedis();
}, 20_000);

afterAll(async () => {
  for (const server of running) await server.stop();
  await redis?.stop();
});

describe('tasks shared through Redis by two processes', () => {
  it('started through one process, polled and cancelled through the other', async () => {
    const a = await start();
    const b = await start();
    const created = await report(a.url, 'cancel-me', 100, 100);
    expect(created.resultType).toBe('task');
    const progressing = await until(b.url, created.taskId, (t) => t.statusMessage !== undefined);
    expect(progressing.status).toBe('working');
    expect(progressing.statusMessage).toMatch(/^cancel-me: step \d+ of 100$/);
    expect(await rpc(b.url, 'tasks/cancel', { taskId: created.taskId })).toEqual({
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'reports', version: '1.0.0' } },
    });
    const cancelled = await until(a.url, created.taskId, (t) => t.status !== 'working');
    expect(cancelled.status).toBe('cancelled');
  }, 30_000);

  it('a finished result outlives its process; a process that dies mid-task leaves it failed', async () => {
    const a = await start();
    const b = await start();
    const finished = await report(a.url, 'kept', 1, 0);
    await until(b.url, finished.taskId, (t) => t.status === 'completed');
    const orphan = await report(a.url, 'orphan', 1000, 100);
    await a.server.stop('SIGKILL');
    const kept = await until(b.url, finished.taskId, () => true);
    expect(kept.status).toBe('completed');
    expect(kept.result).toEqual({
      content: [{ type: 'text', text: 'Report "kept" is ready (1 steps).' }],
      isError: false,
    });
    const dead = await until(b.url, orphan.taskId, (t) => t.status !== 'working');
    expect(dead.status).toBe('failed');
    expect(dead.statusMessage).toBe(
      `Contact with the process running this task was lost (no heartbeat for ${HEARTBEAT * 3} ms, taskLease).`,
    );
    expect(dead.error).toEqual({
      code: -32603,
      message: 'Contact with the process running this task was lost before it finished.',
    });
  }, 30_000);
});
