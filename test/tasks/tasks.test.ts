/**
 * Long-running tools as tasks (issue 15): `@Tool({ task })`, stored through the state adapter,
 * in both eras. Requests and answers are JSON text; a task's random id and its timestamps are
 * put back in the expected text from the answer that created it.
 */
import 'reflect-metadata';
import { z } from 'zod';
import { memoryAdapter, type StateAdapter } from '../../src/adapter';
import { type JsonObject, type Link, McpCall, Peer, ToolError } from '../../src/core';
import { Call, McpApplication, Tool } from '../../src/index';

const EXT = 'io.modelcontextprotocol/tasks';
const CAPS = { elicitation: {}, extensions: { [EXT]: {} } };
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': CAPS,
};
const SERVER_INFO =
  '"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"Jobs","version":"1.0.0"}}';

/** Gates a test's tool: it runs until the test opens it. */
class Gate {
  open!: (value?: unknown) => void;
  readonly opened = new Promise((resolve) => {
    this.open = resolve;
  });
  aborted: unknown;
}

const gates = new Map<string, Gate>();
function gate(label: string): Gate {
  const g = new Gate();
  gates.set(label, g);
  return g;
}

const NAME = {
  type: 'object' as const,
  properties: { name: { type: 'string' } },
  required: ['name'],
};

class Jobs {
  @Tool({
    description: 'Waits for its gate',
    task: 'optional',
    input: z.object({ label: z.string() }),
  })
  async wait({ label }: { label: string }, @Call() call: McpCall): Promise<string> {
    const g = gates.get(label)!;
    call.progress(1, 2, `waiting on ${label}`);
    call.signal.addEventListener('abort', () => {
      g.aborted = call.signal.reason;
    });
    await g.opened;
    return `done ${label}`;
  }

  @Tool({ description: 'Only a task', task: 'required' })
  async must(): Promise<string> {
    return 'must';
  }

  @Tool({ description: 'Fails as a tool', task: 'required' })
  async refuse(): Promise<string> {
    throw new ToolError('no such data');
  }

  @Tool({ description: 'Breaks', task: 'optional' })
  async broken(): Promise<string> {
    throw new Error('boom');
  }

  @Tool({ description: 'Asks two names', task: 'optional' })
  async two(@Call() call: McpCall): Promise<string> {
    const [a, b] = await Promise.all([
      call.elicit('First?', NAME, { key: 'first' }),
      call.elicit('Second?', NAME, { key: 'second' }),
    ]);
    const name = (r: typeof a) => (r.action === 'accept' ? String(r.content.name) : r.action);
    return `${name(a)} and ${name(b)}`;
  }

  @Tool({ description: 'Asks, then becomes a task', task: 'required', taskStart: 'manual' })
  async late(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit('Name?', NAME, { key: 'name' });
    await call.startTask();
    return `late ${answer.action === 'accept' ? String(answer.content.name) : answer.action}`;
  }

  @Tool({ description: 'Never a task' })
  plain(): string {
    return 'plain';
  }

  @Tool({ description: 'A big result', task: 'optional' })
  big(): string {
    return 'x'.repeat(2000);
  }
}

function app(adapter?: StateAdapter, options: JsonObject = {}) {
  const a = McpApplication.create({
    name: 'Jobs',
    version: '1.0.0',
    providers: [Jobs],
    taskPollInterval: 10,
    taskResultLimit: 1000,
    ...options,
  });
  if (adapter !== undefined) a.bindState(adapter, () => {});
  return a;
}

function link(principal = 'alice'): Link {
  return { peer: new Peer(), send: () => {}, principal };
}

const modern = (id: number, method: string, params: JsonObject = {}, meta: JsonObject = META) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } });

async function ask(a: McpApplication, payload: string, l: Link = link()): Promise<string> {
  return (await a.handle(payload, undefined, l))!;
}

async function result(a: McpApplication, payload: string, l?: Link): Promise<JsonObject> {
  return JSON.parse(await ask(a, payload, l)).result;
}

/** Polls tasks/get until `done` says so (bounded). */
async function until(
  a: McpApplication,
  taskId: string,
  done: (task: JsonObject) => boolean,
  l?: Link,
): Promise<JsonObject> {
  for (let i = 0; i < 200; i++) {
    const task = await result(a, modern(90, 'tasks/get', { taskId }), l);
    if (done(task)) return task;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`task ${taskId} never got there`);
}

const closing: McpApplication[] = [];
afterEach(() => gates.clear());

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

  it('a task tool answers CreateTaskResult at once; tasks/get shows it working, then completed', async () => {
    const a = app();
    const g = gate('a');
    const created = await ask(
      a,
      modern(1, 'tools/call', { name: 'wait', arguments: { label: 'a' } }),
    );
    const task = JSON.parse(created).result;
    expect(created).toBe(
      `{"jsonrpc":"2.0","id":1,"result":{"resultType":"task","taskId":"${task.taskId}","status":"working","createdAt":"${task.createdAt}","lastUpdatedAt":"${task.lastUpdatedAt}","ttlMs":3600000,"pollIntervalMs":10,${SERVER_INFO}}}`,
    );
    expect(task.taskId).toMatch(/^[0-9a-f-]{36}$/);
    const working = await until(a, task.taskId, (t) => t.statusMessage !== undefined);
    expect(working.status).toBe('working');
    expect(working.statusMessage).toBe('waiting on a');
    g.open();
    const done = await until(a, task.taskId, (t) => t.status === 'completed');
    const got = await ask(a, modern(5, 'tasks/get', { taskId: task.taskId }));
    expect(got).toBe(
      `{"jsonrpc":"2.0","id":5,"result":{"taskId":"${task.taskId}","status":"completed","createdAt":"${task.createdAt}","lastUpdatedAt":"${done.lastUpdatedAt}","ttlMs":3600000,"pollIntervalMs":10,"result":{"content":[{"type":"text","text":"done a"}],"isError":false},"resultType":"complete",${SERVER_INFO}}}`,
    );
  });

  it('tasks/cancel acknowledges empty, aborts call.signal, and settles the task to cancelled', async () => {
    const a = app();
    const g = gate('c');
    const { taskId } = await result(
      a,
      modern(1, 'tools/call', { name: 'wait', arguments: { label: 'c' } }),
    );
    expect(await ask(a, modern(2, 'tasks/cancel', { taskId }))).toBe(
      `{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete",${SERVER_INFO}}}`,
    );
    const task = await until(a, taskId as string, (t) => t.status === 'cancelled');
    expect(task.result).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(String(g.aborted)).toContain('cancelled');
    g.open();
    await new Promise((r) => setTimeout(r, 20));
    // The method's late result does not revive it; cancelling again is still acknowledged.
    expect((await result(a, modern(3, 'tasks/get', { taskId }))).status).toBe('cancelled');
    expect(await ask(a, modern(4, 'tasks/cancel', { taskId }))).toBe(
      `{"jsonrpc":"2.0","id":4,"result":{"resultType":"complete",${SERVER_INFO}}}`,
    );
  });

  it('a ToolError completes with isError; an unexpected error fails with -32603', async () => {
    const reported: unknown[] = [];
    const a = app(undefined, { reporter: (error: unknown) => reported.push(error) });
    const refused = await result(a, modern(1, 'tools/call', { name: 'refuse' }));
    const r = await until(a, refused.taskId as string, (t) => t.status !== 'working');
    expect(r.status).toBe('completed');
    expect(r.result).toEqual({ content: [{ type: 'text', text: 'no such data' }], isError: true });
    const broken = await result(a, modern(2, 'tools/call', { name: 'broken' }));
    const b = await until(a, broken.taskId as string, (t) => t.status !== 'working');
    expect(b.status).toBe('failed');
    expect(b.error).toEqual({ code: -32603, message: 'Internal error' });
    expect(b.result).toBeUndefined();
    expect(String(reported[0])).toContain('boom');
  });

  it('asks put the task into input_required; tasks/update may answer some keys', async () => {
    const a = app();
    const { taskId } = await result(a, modern(1, 'tools/call', { name: 'two' }));
    const waiting = await until(a, taskId as string, (t) => t.status === 'input_required');
    expect(Object.keys(waiting.inputRequests as JsonObject).sort()).toEqual(['first', 'second']);
    expect((waiting.inputRequests as JsonObject).first).toEqual({
      method: 'elicitation/create',
      params: { message: 'First?', requestedSchema: NAME },
    });
    const ack = await ask(
      a,
      modern(2, 'tasks/update', {
        taskId,
        inputResponses: { first: { action: 'accept', content: { name: 'Ada' } }, stray: {} },
      }),
    );
    expect(ack).toBe(`{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete",${SERVER_INFO}}}`);
    const partial = await result(a, modern(3, 'tasks/get', { taskId }));
    expect(partial.status).toBe('input_required');
    expect(Object.keys(partial.inputRequests as JsonObject)).toEqual(['second']);
    await ask(
      a,
      modern(4, 'tasks/update', {
        taskId,
        inputResponses: { second: { action: 'accept', content: { name: 'Bob' } } },
      }),
    );
    const done = await until(a, taskId as string, (t) => t.status === 'completed');
    expect(done.result).toEqual({
      content: [{ type: 'text', text: 'Ada and Bob' }],
      isError: false,
    });
  });

  it('taskStart manual: asks before startTask are an MRTR round; then the call becomes a task', async () => {
    const a = app();
    const round1 = await result(a, modern(1, 'tools/call', { name: 'late' }));
    expect(round1.resultType).toBe('input_required');
    expect(round1.taskId).toBeUndefined();
    const round2 = await result(
      a,
      modern(2, 'tools/call', {
        name: 'late',
        inputResponses: { name: { action: 'accept', content: { name: 'Cy' } } },
        requestState: round1.requestState,
      }),
    );
    expect(round2.resultType).toBe('task');
    expect(round2.requestState).toBeUndefined();
    const done = await until(a, round2.taskId as string, (t) => t.status === 'completed');
    expect(done.result).toEqual({ content: [{ type: 'text', text: 'late Cy' }], isError: false });
  });

  it('without the extension: required is -32021, optional runs, the task methods are -32021', async () => {
    const a = app();
    const bare = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    expect(await ask(a, modern(1, 'tools/call', { name: 'must' }, bare))).toBe(
      `{"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"Missing required client capability: tools/call of \\"must\\" needs the \\"${EXT}\\" extension; declare it in _meta[\\"io.modelcontextprotocol/clientCapabilities\\"].extensions","data":{"requiredCapabilities":{"extensions":{"${EXT}":{}}}}}}`,
    );
    gate('s').open();
    expect(
      (await result(a, modern(2, 'tools/call', { name: 'wait', arguments: { label: 's' } }, bare)))
        .content,
    ).toEqual([{ type: 'text', text: 'done s' }]);
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const answer = JSON.parse(
        await ask(a, modern(3, method, { taskId: 'x', inputResponses: {} }, bare)),
      );
      expect(answer.error.code).toBe(-32021);
    }
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

  it('tasks/result and tasks/list do not exist in 2026-07-28; an unknown task is -32602', async () => {
    const a = app();
    for (const method of ['tasks/result', 'tasks/list']) {
      expect(JSON.parse(await ask(a, modern(1, method, { taskId: 'x' }))).error.code).toBe(-32601);
    }
    expect(await ask(a, modern(2, 'tasks/get', { taskId: 'nope' }))).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Task not found: nope (unknown, expired, or not yours)","data":{"taskId":"nope"}}}',
    );
    expect(JSON.parse(await ask(a, modern(3, 'tasks/get', {}))).error.code).toBe(-32602);
    expect(JSON.parse(await ask(a, modern(4, 'tasks/update', { taskId: 'x' }))).error.code).toBe(
      -32602,
    );
  });

  it('a task belongs to its caller: another identity gets "not found"', async () => {
    const a = app();
    gate('p');
    const { taskId } = await result(
      a,
      modern(1, 'tools/call', { name: 'wait', arguments: { label: 'p' } }),
      link('alice'),
    );
    expect(
      JSON.parse(await ask(a, modern(2, 'tasks/get', { taskId }), link('mallory'))).error.code,
    ).toBe(-32602);
    expect(
      JSON.parse(await ask(a, modern(3, 'tasks/cancel', { taskId }), link('mallory'))).error.code,
    ).toBe(-32602);
    expect((await result(a, modern(4, 'tasks/get', { taskId }), link('alice'))).status).toBe(
      'working',
    );
    gates.get('p')!.open();
  });

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

  it('a result over taskResultLimit fails the task, saying so', async () => {
    const a = app();
    const { taskId } = await result(a, modern(1, 'tools/call', { name: 'big' }));
    const task = await until(a, taskId as string, (t) => t.status !== 'working');
    expect(task.status).toBe('failed');
    expect((task.error as JsonObject).message).toMatch(
      /over the server's limit of 1000 \(taskResultLimit\)/,
    );
  });

  it('limits are checked at start-up', () => {
    expect(() => app(undefined, { maxTasks: 0 })).toThrow(
      /"maxTasks" must be a whole number of 1 or more/,
    );
    expect(() => app(undefined, { taskTtl: { default: 10, max: 5 } })).toThrow(
      /taskTtl.default \(10\) is above taskTtl.max \(5\)/,
    );
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
    await new Promise((r) => setTimeout(r, 20));
    expect(g.aborted).toBeDefined();
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

const legacy = (id: number, method: string, params: JsonObject = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });

describe('2025-11-25: experimental tasks (basic/utilities/tasks)', () => {
  it('params.task makes a call a task: CreateTaskResult { task }, tasks/get, tasks/result with related-task', async () => {
    const a = app();
    const l = link();
    const created = await ask(
      a,
      legacy(1, 'tools/call', { name: 'must', task: { ttl: 60_000 } }),
      l,
    );
    const task = JSON.parse(created).result.task;
    expect(created).toBe(
      `{"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"${task.taskId}","status":"working","createdAt":"${task.createdAt}","lastUpdatedAt":"${task.lastUpdatedAt}","ttl":60000,"pollInterval":10}}}`,
    );
    expect(await ask(a, legacy(2, 'tasks/result', { taskId: task.taskId }), l)).toBe(
      `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"must"}],"isError":false,"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"${task.taskId}"}}}}`,
    );
    const got = JSON.parse(await ask(a, legacy(3, 'tasks/get', { taskId: task.taskId }), l)).result;
    expect(got.status).toBe('completed');
    expect(got.ttl).toBe(60000);
    expect(got.result).toBeUndefined();
  });

  it("tasks/list pages the caller's tasks; tasks/cancel on a terminal task is -32602", async () => {
    const a = app();
    const l = link('lister');
    const first = (await result(a, legacy(1, 'tools/call', { name: 'must', task: {} }), l))
      .task as JsonObject;
    await result(a, legacy(2, 'tasks/result', { taskId: first.taskId }), l);
    const list = await result(a, legacy(3, 'tasks/list'), l);
    expect((list.tasks as JsonObject[]).map((t) => t.taskId)).toEqual([first.taskId]);
    expect(await ask(a, legacy(4, 'tasks/cancel', { taskId: first.taskId }), l)).toBe(
      `{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params: tasks/cancel: task ${first.taskId} is already completed","data":{"reason":"tasks/cancel: task ${first.taskId} is already completed"}}}`,
    );
    expect(JSON.parse(await ask(a, legacy(5, 'tasks/list', { cursor: 'zz' }), l)).error.code).toBe(
      -32602,
    );
  });

  it('tasks/cancel of a running task answers the cancelled task', async () => {
    const a = app();
    const l = link();
    gate('l');
    const { task } = await result(
      a,
      legacy(1, 'tools/call', { name: 'wait', arguments: { label: 'l' }, task: {} }),
      l,
    );
    const cancelled = await result(
      a,
      legacy(2, 'tasks/cancel', { taskId: (task as JsonObject).taskId }),
      l,
    );
    expect(cancelled.status).toBe('cancelled');
    gates.get('l')!.open();
  });

  it('asks inside a task travel as requests on the tasks/result stream, tagged with the task', async () => {
    const a = app();
    const sent: JsonObject[] = [];
    const l: Link = { peer: new Peer(), send: (m) => sent.push(m), principal: 'asker' };
    l.peer.clientCapabilities = { elicitation: {} };
    const { task } = await result(a, legacy(1, 'tools/call', { name: 'two', task: {} }), l);
    const taskId = (task as JsonObject).taskId as string;
    const waiting = ask(a, legacy(2, 'tasks/result', { taskId }), l);
    for (let i = 0; i < 200 && sent.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
    expect(sent.map((m) => JSON.stringify(m))).toEqual([
      `{"jsonrpc":"2.0","id":${JSON.stringify(sent[0].id)},"method":"elicitation/create","params":{"message":"First?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]},"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"${taskId}"}}}}`,
      `{"jsonrpc":"2.0","id":${JSON.stringify(sent[1].id)},"method":"elicitation/create","params":{"message":"Second?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]},"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"${taskId}"}}}}`,
    ]);
    expect((await result(a, legacy(3, 'tasks/get', { taskId }), l)).status).toBe('input_required');
    for (const [n, name] of [
      [0, 'Ada'],
      [1, 'Bob'],
    ] as const) {
      await a.handle(
        JSON.stringify({
          jsonrpc: '2.0',
          id: sent[n].id,
          result: { action: 'accept', content: { name } },
        }),
        undefined,
        l,
      );
    }
    expect(await waiting).toBe(
      `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Ada and Bob"}],"isError":false,"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"${taskId}"}}}}`,
    );
  });

  it('a required tool without task, or a forbidden one with it, is -32601 (as SDK v1)', async () => {
    const a = app();
    expect(await ask(a, legacy(1, 'tools/call', { name: 'must' }))).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Tool \\"must\\" runs only as a task (taskSupport: required): call it with \\"task\\": { \\"ttl\\": … }."}}',
    );
    expect(await ask(a, legacy(2, 'tools/call', { name: 'plain', task: { ttl: 1000 } }))).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Tool \\"plain\\" does not run as a task (taskSupport: forbidden): call it without \\"task\\"."}}',
    );
    // An optional tool without task runs as any tool does.
    gate('o').open();
    expect(
      (await result(a, legacy(3, 'tools/call', { name: 'wait', arguments: { label: 'o' } })))
        .content,
    ).toEqual([{ type: 'text', text: 'done o' }]);
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

void closing;
void McpCall;
