/**
 * The application's tasks in the state adapter (src/tasks/store.ts): maxTasks per caller, tasks
 * another process polls and cancels, a dead runner, and `app.tasks` for the server's own code.
 */
import 'reflect-metadata';
import { memoryAdapter } from '../../src/adapter';
import { McpApplication, Tool } from '../../src/index';
import { eventually } from '../helpers/within';
import { app, ask, gate, gates, link, modern, result, until } from './harness';

describe('2026-07-28: the io.modelcontextprotocol/tasks extension (SEP-2663)', () => {
  it('maxTasks per identity: one more is a clear -32600', async () => {
    const a = app(undefined, { maxTasks: 1 });
    gate('m');
    await result(a, modern(1, 'tools/call', { name: 'wait', arguments: { label: 'm' } }));
    expect(await ask(a, modern(2, 'tools/call', { name: 'must' }))).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"Too many tasks: this caller already has 1 (maxTasks). Cancel one, or wait until one expires.","data":{"maxTasks":1}}}',
    );
    // Another identity has its own allowance.
    expect(
      (await result(a, modern(3, 'tools/call', { name: 'must' }), link('bob'))).resultType,
    ).toBe('task');
    gates.get('m')!.open();
  });
});

describe('through the state adapter: another process polls, cancels, and sees a dead runner', () => {
  it('a task run by one application is polled and cancelled through another sharing the adapter', async () => {
    const shared = memoryAdapter();
    const runner = app(shared);
    const other = app(shared);
    const g = gate('x');
    const { taskId } = await result(
      runner,
      modern(1, 'tools/call', { name: 'wait', arguments: { label: 'x' } }),
    );
    expect((await result(other, modern(2, 'tasks/get', { taskId }))).status).toBe('working');
    await result(other, modern(3, 'tasks/cancel', { taskId }));
    await until(runner, taskId as string, (t) => t.status === 'cancelled');
    await eventually(
      () => g.aborted !== undefined,
      10_000,
      "the runner's method was never aborted",
    );
    await shared.close();
  });

  it('a finished result outlives its runner; a runner that stops beating is reported failed', async () => {
    const shared = memoryAdapter();
    const runner = app(shared, { taskHeartbeat: 20 });
    const other = app(shared, { taskHeartbeat: 20 });
    const { taskId: finished } = await result(runner, modern(1, 'tools/call', { name: 'must' }));
    await until(other, finished as string, (t) => t.status === 'completed');
    gate('d');
    const { taskId: orphan } = await result(
      runner,
      modern(2, 'tools/call', { name: 'wait', arguments: { label: 'd' } }),
    );
    // The runner's process "dies": its heartbeats stop.
    await (runner as unknown as { taskStore: { close(): Promise<void> } }).taskStore.close();
    const dead = await until(other, orphan as string, (t) => t.status !== 'working');
    expect(dead.status).toBe('failed');
    expect(dead.statusMessage).toBe(
      'Contact with the process running this task was lost (no heartbeat for 60 ms, taskLease).',
    );
    expect((await result(other, modern(3, 'tasks/get', { taskId: finished }))).status).toBe(
      'completed',
    );
    // The runner finishing later cannot change a final state once reported.
    gates.get('d')!.open();
    await new Promise((r) => setTimeout(r, 50));
    expect((await result(other, modern(4, 'tasks/get', { taskId: orphan }))).status).toBe('failed');
    await shared.close();
  });
});

describe("app.tasks: the server's own code", () => {
  it("lists a caller's tasks, gets and cancels one", async () => {
    const a = app();
    gate('own');
    const { taskId } = await result(
      a,
      modern(1, 'tools/call', { name: 'wait', arguments: { label: 'own' } }),
      link('carol'),
    );
    expect((await a.tasks.list('carol')).map((t) => t.taskId)).toEqual([taskId]);
    expect((await a.tasks.get(taskId as string))?.status).toBe('working');
    expect((await a.tasks.cancel(taskId as string))?.status).toBe('cancelled');
    gates.get('own')!.open();
  });

  it('throws, saying what to do, when no tool is a task', () => {
    class None {
      @Tool() one(): string {
        return '1';
      }
    }
    const a = McpApplication.create({ name: 'n', version: '1', providers: [None] });
    expect(() => a.tasks).toThrow(/no task tool: declare one with @Tool\(\{ task: 'optional' \}\)/);
  });
});
