/**
 * A partition between one process and a healthy redis-server (a TCP proxy cuts it off) while
 * its task finishes: the runner keeps its final state and stores it once the link is back, and
 * the other process reads the result. A runner silent past `taskLease` is failed for good, with
 * a reason that says contact was lost, and coming back later changes nothing.
 */
import 'reflect-metadata';
import { z } from 'zod';
import type { StateAdapter } from '../../src/adapter';
import { type JsonObject, type Link, Peer } from '../../src/core';
import { McpApplication, Tool } from '../../src/index';
import { redisAdapter } from '../../src/redis';
import { type RedisServer, startRedis } from './redis-server';
import { type TcpProxy, tcpProxy } from './tcp-proxy';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  },
};
const HEARTBEAT = 100;
/** The lease of the test that waits for it to run out (polled, not slept). */
const LEASE = 3_000;
/** The lease of the test whose cut must stay well within it, however slow the machine. */
const LONG_LEASE = 60_000;

const gates = new Map<string, () => void>();
const returned = new Set<string>();

class Jobs {
  @Tool({
    description: 'Runs until its gate opens',
    task: 'required',
    input: z.object({ label: z.string() }),
  })
  async work({ label }: { label: string }): Promise<string> {
    await new Promise<void>((resolve) => gates.set(label, resolve));
    returned.add(label);
    return `result of ${label}`;
  }
}

let redis: RedisServer;
let proxy: TcpProxy;
const adapters: StateAdapter[] = [];
let n = 0;

beforeAll(async () => {
  redis = await startRedis();
  proxy = await tcpProxy(redis.port);
}, 20_000);
afterAll(async () => {
  for (const adapter of adapters) await adapter.close();
  await proxy?.close();
  await redis?.stop();
});

async function node(
  url: string,
  prefix: string,
  lease: number,
  lost: string[] = [],
): Promise<McpApplication> {
  const adapter = redisAdapter({ url, prefix, onError: (e) => lost.push(e.message) });
  await adapter.open();
  adapters.push(adapter);
  const app = McpApplication.create({
    name: 'Jobs',
    version: '1.0.0',
    providers: [Jobs],
    taskHeartbeat: HEARTBEAT,
    taskLease: lease,
  });
  app.bindState(adapter, () => {});
  return app;
}

const link = (): Link => ({ peer: new Peer(), send: () => {}, principal: 'alice' });
async function rpc(app: McpApplication, method: string, params: JsonObject): Promise<JsonObject> {
  const text = await app.handle(
    JSON.stringify({ jsonrpc: '2.0', id: ++n, method, params: { ...params, _meta: META } }),
    undefined,
    link(),
  );
  return JSON.parse(text!).result;
}

async function until<T>(what: string, look: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = await look();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not within 10 s: ${what}`);
}

async function start(label: string, lease: number) {
  const prefix = `part-${label}:`;
  const lost: string[] = [];
  const runner = await node(proxy.url, prefix, lease, lost);
  const other = await node(redis.url, prefix, lease);
  const { taskId } = await rpc(runner, 'tools/call', { name: 'work', arguments: { label } });
  await until('the task runs', async () => (gates.has(label) ? true : undefined));
  const status = async () => (await rpc(other, 'tasks/get', { taskId })) as JsonObject;
  expect((await status()).status).toBe('working');
  // The attack: the runner is cut off from Redis (Redis itself healthy) and finishes meanwhile.
  proxy.cut();
  await until('the runner notices the cut', async () => (lost.length > 0 ? true : undefined));
  gates.get(label)!();
  await until('the method returned', async () => (returned.has(label) ? true : undefined));
  return { taskId: taskId as string, status };
}

describe('a runner cut off from Redis while its task finishes', () => {
  afterEach(() => proxy.heal());

  it('stores its result once the link is back; meanwhile the task is working, never failed', async () => {
    const { status } = await start('short', LONG_LEASE);
    // Several store retries (each heartbeat) fail during the cut, well within the lease.
    for (let i = 0; i < 5; i++) {
      expect((await status()).status).toBe('working');
      await new Promise((r) => setTimeout(r, HEARTBEAT));
    }
    proxy.heal();
    const done = await until('completed', async () => {
      const task = await status();
      return task.status === 'working' ? undefined : task;
    });
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({ content: [{ type: 'text', text: 'result of short' }] });
  }, 20_000);

  it('silent past the lease: failed for good, "contact lost"; the result coming back later changes nothing', async () => {
    const { status } = await start('long', LEASE);
    const failed = await until('failed after the lease', async () => {
      const task = await status();
      return task.status === 'working' ? undefined : task;
    });
    expect(failed.status).toBe('failed');
    expect(failed.statusMessage).toBe(
      `Contact with the process running this task was lost (no heartbeat for ${LEASE} ms, taskLease).`,
    );
    expect(failed.error).toEqual({
      code: -32603,
      message: 'Contact with the process running this task was lost before it finished.',
    });
    proxy.heal();
    // The runner reconnects (its adapter says so) and tries to store "completed": refused.
    await until('the runner is back', async () => {
      const probe = adapters[adapters.length - 2].records;
      return await probe
        .get('nothing')
        .then(() => true)
        .catch(() => undefined);
    });
    for (let i = 0; i < 5; i++) {
      expect((await status()).status).toBe('failed');
      await new Promise((r) => setTimeout(r, HEARTBEAT));
    }
  }, 20_000);
});
