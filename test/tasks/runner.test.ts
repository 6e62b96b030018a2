/**
 * A task run by this process (src/tasks/runner.ts): its status as the method reports it,
 * cancellation reaching `call.signal`, how the method's end is recorded, its asks, and a
 * result over the limit, through an application.
 */
import 'reflect-metadata';
import type { JsonObject } from '../../src/core';
import { eventually } from '../helpers/within';
import { app, ask, gate, modern, NAME, result, SERVER_INFO, until } from './harness';

describe('2026-07-28: the io.modelcontextprotocol/tasks extension (SEP-2663)', () => {
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
    await eventually(
      () => String(g.aborted).includes('cancelled'),
      10_000,
      "the method's signal was never aborted",
    );
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
    // The record is written once per ask (first, then both): wait for the one with both.
    const waiting = await until(
      a,
      taskId as string,
      (t) => t.status === 'input_required' && Object.keys(t.inputRequests as JsonObject).length > 1,
    );
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

  it('a result over taskResultLimit fails the task, saying so', async () => {
    const a = app();
    const { taskId } = await result(a, modern(1, 'tools/call', { name: 'big' }));
    const task = await until(a, taskId as string, (t) => t.status !== 'working');
    expect(task.status).toBe('failed');
    expect((task.error as JsonObject).message).toMatch(
      /over the server's limit of 1000 \(taskResultLimit\)/,
    );
  });
});
