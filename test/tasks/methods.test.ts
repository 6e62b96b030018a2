/**
 * The task methods of both revisions (src/tasks/methods.ts): tasks/get, tasks/update,
 * tasks/cancel, and 2025-11-25's tasks/result and tasks/list, with their errors, through an
 * application.
 */
import 'reflect-metadata';
import { type JsonObject, type Link, Peer } from '../../src/core';
import { app, ask, EXT, gate, gates, legacy, link, modern, result } from './harness';

describe('2026-07-28: the io.modelcontextprotocol/tasks extension (SEP-2663)', () => {
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
});

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
});

describe('bad params: -32602 that names the method and the field', () => {
  it.each([
    ['tasks/get', {}, 'tasks/get: "taskId" must be a non-empty string'],
    ['tasks/get', { taskId: '' }, 'tasks/get: "taskId" must be a non-empty string'],
    ['tasks/cancel', { taskId: 7 }, 'tasks/cancel: "taskId" must be a non-empty string'],
    [
      'tasks/update',
      { taskId: 't' },
      'tasks/update: "inputResponses" must be an object of answers by key',
    ],
    [
      'tasks/update',
      { taskId: 't', inputResponses: [] },
      'tasks/update: "inputResponses" must be an object of answers by key',
    ],
  ])('2026-07-28 %s %j', async (method, params, reason) => {
    expect(JSON.parse(await ask(app(), modern(1, method, params))).error).toEqual({
      code: -32602,
      message: `Invalid params: ${reason}`,
      data: { reason },
    });
  });

  it.each([
    ['tasks/result', {}, 'tasks/result: "taskId" must be a non-empty string'],
    ['tasks/list', { cursor: 5 }, 'tasks/list: "cursor" must be a string'],
    ['tasks/list', { cursor: 'zz' }, 'tasks/list: unknown cursor'],
  ])('2025-11-25 %s %j', async (method, params, reason) => {
    expect(JSON.parse(await ask(app(), legacy(1, method, params))).error).toEqual({
      code: -32602,
      message: `Invalid params: ${reason}`,
      data: { reason },
    });
  });
});

describe('2025-11-25 tasks/result of a task that did not complete', () => {
  it('a failed task answers its error; a cancelled one is -32602', async () => {
    const a = app();
    const l = link('ender');
    const broken = (await result(a, legacy(1, 'tools/call', { name: 'broken', task: {} }), l))
      .task as JsonObject;
    expect(await ask(a, legacy(2, 'tasks/result', { taskId: broken.taskId }), l)).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"Internal error"}}',
    );
    gate('r');
    const waiting = (
      await result(
        a,
        legacy(3, 'tools/call', { name: 'wait', arguments: { label: 'r' }, task: {} }),
        l,
      )
    ).task as JsonObject;
    await result(a, legacy(4, 'tasks/cancel', { taskId: waiting.taskId }), l);
    expect(
      JSON.parse(await ask(a, legacy(5, 'tasks/result', { taskId: waiting.taskId }), l)).error,
    ).toEqual({
      code: -32602,
      message: `Invalid params: tasks/result: task ${waiting.taskId} was cancelled and has no result`,
      data: { reason: `tasks/result: task ${waiting.taskId} was cancelled and has no result` },
    });
    gates.get('r')!.open();
  });

  it('a caller without identity or session lists no tasks', async () => {
    const a = app();
    const anonymous: Link = { ...link(''), anonymous: true };
    await result(a, legacy(1, 'tools/call', { name: 'must', task: {} }), anonymous);
    expect(await ask(a, legacy(2, 'tasks/list'), anonymous)).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"tasks":[]}}',
    );
    expect(((await result(a, legacy(3, 'tasks/list'), link(''))).tasks as unknown[]).length).toBe(
      1,
    );
  });
});
