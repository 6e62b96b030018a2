/**
 * The tasks as the core serves them (src/tasks/family.ts): the 2025-11-25 `tasks` capability,
 * the 2026-07-28 extension, and `notifications/tasks` on `subscriptions/listen`.
 */
import 'reflect-metadata';
import { type Inbound, type JsonObject, type Link, Peer, revisionNamed } from '../../src/core';
import { taskMethods } from '../../src/tasks/family';
import type { TaskHost, TaskSnapshot } from '../../src/tasks/task';
import { app, EXT, gate, modern, result } from './harness';

describe('2026-07-28: the io.modelcontextprotocol/tasks extension (SEP-2663)', () => {
  it('server/discover advertises the extension, initialize the 2025 tasks capability', async () => {
    const a = app();
    const discover = await result(a, modern(1, 'server/discover'));
    expect(discover.capabilities).toEqual({
      tools: { listChanged: false },
      logging: {},
      extensions: { [EXT]: {} },
    });
    const init = await result(
      a,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'c', version: '1' },
        },
      }),
    );
    expect(JSON.stringify(init.capabilities)).toBe(
      '{"tools":{"listChanged":false},"logging":{},"tasks":{"list":{},"cancel":{},"requests":{"tools":{"call":{}}}}}',
    );
  });

  it('tools/list shows execution.taskSupport on task tools only', async () => {
    const tools = (await result(app(), modern(1, 'tools/list'))).tools as JsonObject[];
    const support = Object.fromEntries(
      tools.map((t) => [t.name, (t.execution as JsonObject)?.taskSupport]),
    );
    expect(support).toEqual({
      wait: 'optional',
      must: 'required',
      refuse: 'required',
      broken: 'optional',
      two: 'optional',
      late: 'required',
      plain: undefined,
      big: 'optional',
    });
  });

  it("subscriptions/listen with taskIds: notifications/tasks for the caller's tasks", async () => {
    const a = app();
    const sent: JsonObject[] = [];
    const l: Link = { peer: new Peer(), send: (m) => sent.push(m), principal: 'alice' };
    const g = gate('n');
    const { taskId } = await result(
      a,
      modern(1, 'tools/call', { name: 'wait', arguments: { label: 'n' } }),
      l,
    );
    const listening = a.handle(
      modern(2, 'subscriptions/listen', { notifications: { taskIds: [taskId, 'not-mine'] } }),
      undefined,
      l,
    );
    for (let i = 0; i < 100 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(JSON.stringify(sent[0])).toBe(
      `{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{"taskIds":["${taskId}"]},"_meta":{"io.modelcontextprotocol/subscriptionId":2}}}`,
    );
    g.open();
    for (let i = 0; i < 200 && sent.at(-1)?.params !== undefined; i++) {
      if (((sent.at(-1)!.params as JsonObject).status as string) === 'completed') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const last = sent.at(-1)!;
    expect(last.method).toBe('notifications/tasks');
    expect(last.params).toMatchObject({
      taskId,
      status: 'completed',
      result: { content: [{ type: 'text', text: 'done n' }], isError: false },
      _meta: { 'io.modelcontextprotocol/subscriptionId': 2 },
    });
    await a.handle(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 2 },
      }),
      undefined,
      l,
    );
    expect(await listening).toBeNull();
    const bare = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    expect(
      JSON.parse(
        (await a.handle(
          modern(3, 'subscriptions/listen', { notifications: { taskIds: [taskId] } }, bare),
          undefined,
          l,
        ))!,
      ).error.code,
    ).toBe(-32021);
  });
});

describe('listen, on its own: which task ids a subscriptions/listen filter is honoured for', () => {
  const taskOf = (taskId: string): TaskSnapshot => ({
    taskId,
    status: 'working',
    createdAt: '2026-12-05T12:00:00.000Z',
    lastUpdatedAt: '2026-12-05T12:00:00.000Z',
    ttlMs: 1_000,
  });
  /** A host whose `watch` knows the tasks `mine` of 'alice', and counts what it stops. */
  function host(mine: string[], failOn?: string) {
    const stopped: string[] = [];
    const watched: string[] = [];
    const listeners = new Map<string, (task: TaskSnapshot) => void>();
    const h = {
      watch: async (taskId: string, principal: string, listener: (t: TaskSnapshot) => void) => {
        if (taskId === failOn) throw new Error('store down');
        if (principal !== 'alice' || !mine.includes(taskId)) return undefined;
        watched.push(taskId);
        listeners.set(taskId, listener);
        return () => stopped.push(taskId);
      },
    } as unknown as TaskHost;
    return { h, stopped, watched, listeners };
  }
  const inbound = (extension = true) =>
    ({
      revision: revisionNamed('2026-07-28')!,
      link: { principal: 'alice' },
      client: { capabilities: extension ? { extensions: { [EXT]: {} } } : {} },
    }) as unknown as Inbound;
  const listen = (h: TaskHost, wanted: JsonObject, extension = true, sent: unknown[] = []) =>
    taskMethods(h).listen!(wanted, inbound(extension), (method, params) =>
      sent.push([method, params]),
    );

  it('a filter without taskIds is not the tasks family’s', async () => {
    expect(await listen(host(['a']).h, { resourceSubscriptions: [] })).toBeUndefined();
  });

  it.each([['a'], [[1]], [null], [{ a: 1 }]])('taskIds %j is -32602', async (taskIds) => {
    await expect(listen(host(['a']).h, { taskIds })).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid params: subscriptions/listen: "taskIds" must be an array of task ids',
    });
  });

  it('without the tasks extension, -32021', async () => {
    await expect(listen(host(['a']).h, { taskIds: ['a'] }, false)).rejects.toMatchObject({
      code: -32021,
      message: expect.stringContaining('subscriptions/listen with taskIds needs the'),
    });
  });

  it('honours each of the caller’s ids once, leaves the rest out; stop ends every watch', async () => {
    const { h, stopped, watched, listeners } = host(['a', 'b']);
    const sent: unknown[] = [];
    const got = await listen(h, { taskIds: ['a', 'x', 'a', 'b'] }, true, sent);
    expect(got!.honored).toEqual({ taskIds: ['a', 'b'] });
    expect(watched).toEqual(['a', 'b']);
    listeners.get('b')!(taskOf('b'));
    expect(sent).toEqual([
      [
        'notifications/tasks',
        {
          taskId: 'b',
          status: 'working',
          createdAt: '2026-12-05T12:00:00.000Z',
          lastUpdatedAt: '2026-12-05T12:00:00.000Z',
          ttlMs: 1_000,
        },
      ],
    ]);
    got!.stop();
    expect(stopped).toEqual(['a', 'b']);
  });

  it('a watch that fails stops those already begun, and the error is the answer', async () => {
    const { h, stopped } = host(['a', 'b'], 'b');
    await expect(listen(h, { taskIds: ['a', 'b'] })).rejects.toThrow('store down');
    expect(stopped).toEqual(['a']);
  });
});
