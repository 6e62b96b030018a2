/**
 * The handle of a tool call made as a task, against a fake client: which answers are tasks,
 * status, result in either revision (2026-07-28 polls and answers inputRequests), cancel.
 */
import { ErrorCode, type JsonObject, McpClientError } from '../../src/core';
import { type TaskClient, taskHandle } from '../../src/testing/task-handle';
import { within } from '../helpers/within';

/** A client whose tasks/get answers the states given in turn, recording every request. */
function client(modern: boolean, states: JsonObject[] = [], maxTaskRounds = 8) {
  const requests: Array<[string, JsonObject]> = [];
  const asked: unknown[] = [];
  const fake: TaskClient & { requests: typeof requests; asked: unknown[] } = {
    modern,
    maxTaskRounds,
    requests,
    asked,
    async taskRequest(method, params) {
      requests.push([method, params]);
      if (method === 'tasks/get') return states.length > 1 ? states.shift() : states[0];
      if (method === 'tasks/result') return { content: [{ type: 'text', text: 'done' }] };
      return {};
    },
    async answerModern(ask) {
      asked.push(ask);
      return { action: 'accept', content: { n: asked.length } };
    },
  };
  return fake;
}

const MODERN_TASK = { resultType: 'task', taskId: 't1', status: 'working', pollIntervalMs: 1 };
const result = (handle: ReturnType<typeof taskHandle>) =>
  within(handle.result(), 5000, 'the task handle did not settle');

describe('which answers are tasks', () => {
  test('2026-07-28: a result of type task; 2025: a result holding a task', () => {
    expect(taskHandle(client(true), MODERN_TASK).taskId).toBe('t1');
    expect(taskHandle(client(false), { task: { taskId: 't2', status: 'working' } }).taskId).toBe(
      't2',
    );
    // Each revision's shape is not the other's.
    expect(taskHandle(client(false), MODERN_TASK).taskId).toBeUndefined();
    expect(taskHandle(client(true), { task: { taskId: 't2' } }).taskId).toBeUndefined();
    expect(taskHandle(client(true), { resultType: 'task', taskId: 7 }).taskId).toBeUndefined();
  });

  test('answered at once: completed with that result; nothing is asked of the server', async () => {
    const fake = client(true);
    const created = { content: [{ type: 'text', text: 'now' }] };
    const handle = taskHandle(fake, created);
    expect(handle.created).toBe(created);
    expect(await handle.status()).toEqual({ taskId: '', status: 'completed', result: created });
    expect(await handle.result()).toBe(created);
    await handle.cancel();
    expect(fake.requests).toEqual([]);
  });
});

test('status and cancel ask the server about the task', async () => {
  const fake = client(false, [{ taskId: 't2', status: 'working' }]);
  const handle = taskHandle(fake, { task: { taskId: 't2' } });
  expect(await handle.status()).toEqual({ taskId: 't2', status: 'working' });
  await handle.cancel();
  expect(fake.requests).toEqual([
    ['tasks/get', { taskId: 't2' }],
    ['tasks/cancel', { taskId: 't2' }],
  ]);
});

test('2025: the result is tasks/result, waited on once', async () => {
  const fake = client(false);
  expect(await result(taskHandle(fake, { task: { taskId: 't2' } }))).toEqual({
    content: [{ type: 'text', text: 'done' }],
  });
  expect(fake.requests).toEqual([['tasks/result', { taskId: 't2' }]]);
});

describe('2026-07-28: polling tasks/get', () => {
  test('until completed; its result', async () => {
    const fake = client(true, [
      { taskId: 't1', status: 'working' },
      { taskId: 't1', status: 'working' },
      { taskId: 't1', status: 'completed', result: { content: [], structuredContent: { a: 1 } } },
    ]);
    expect(await result(taskHandle(fake, MODERN_TASK))).toEqual({
      content: [],
      structuredContent: { a: 1 },
    });
    expect(fake.requests.map(([m]) => m)).toEqual(['tasks/get', 'tasks/get', 'tasks/get']);
  });

  test('input_required: each new request answered once, through tasks/update', async () => {
    const ask = { method: 'elicitation/create', params: { message: 'Colour?' } };
    const fake = client(true, [
      { taskId: 't1', status: 'input_required', inputRequests: { a: ask } },
      // The same request still listed (the server has not caught up) is not answered again.
      { taskId: 't1', status: 'input_required', inputRequests: { a: ask, b: ask } },
      { taskId: 't1', status: 'input_required', inputRequests: { a: ask, b: ask } },
      { taskId: 't1', status: 'completed', result: { content: [] } },
    ]);
    await result(taskHandle(fake, MODERN_TASK));
    expect(fake.asked).toEqual([ask, ask]);
    expect(fake.requests.filter(([m]) => m === 'tasks/update')).toEqual([
      [
        'tasks/update',
        { taskId: 't1', inputResponses: { a: { action: 'accept', content: { n: 1 } } } },
      ],
      [
        'tasks/update',
        { taskId: 't1', inputResponses: { b: { action: 'accept', content: { n: 2 } } } },
      ],
    ]);
  });

  test('a request keyed "__proto__" is answered under that key', async () => {
    const ask = { method: 'elicitation/create', params: { message: 'Colour?' } };
    const fake = client(true, [
      JSON.parse(
        `{"taskId":"t1","status":"input_required","inputRequests":{"__proto__":${JSON.stringify(ask)}}}`,
      ),
      { taskId: 't1', status: 'completed', result: { content: [] } },
    ]);
    await result(taskHandle(fake, MODERN_TASK));
    const [update] = fake.requests.filter(([m]) => m === 'tasks/update');
    expect(JSON.stringify(update[1])).toBe(
      '{"taskId":"t1","inputResponses":{"__proto__":{"action":"accept","content":{"n":1}}}}',
    );
  });

  test('more asks than maxTaskRounds: too-many-rounds', async () => {
    let n = 0;
    const fake = client(true, [], 2);
    fake.taskRequest = async (method) => {
      if (method !== 'tasks/get') return {};
      n++;
      return { taskId: 't1', status: 'input_required', inputRequests: { [`k${n}`]: {} } };
    };
    const error = await result(taskHandle(fake, MODERN_TASK)).catch((e) => e);
    expect(error).toMatchObject({
      code: ErrorCode.INTERNAL_ERROR,
      reason: 'too-many-rounds',
      message: 'The task asked more than 2 times (maxRounds 2).',
    });
  });

  test("failed: rejects with the task's error code, message and data", async () => {
    const fake = client(true, [
      {
        taskId: 't1',
        status: 'failed',
        error: { code: -32042, message: 'quota', data: { left: 0 } },
      },
    ]);
    const error = await result(taskHandle(fake, MODERN_TASK)).catch((e) => e);
    expect(McpClientError.is(error)).toBe(true);
    expect(error).toMatchObject({
      code: -32042,
      message: 'Task t1 failed: quota',
      data: { left: 0 },
    });
  });

  test('failed without an error: the status message, else "no reason given"; the state as data', async () => {
    const state = { taskId: 't1', status: 'failed', statusMessage: 'disk full' };
    const error = await result(taskHandle(client(true, [state]), MODERN_TASK)).catch((e) => e);
    expect(error).toMatchObject({
      code: ErrorCode.INTERNAL_ERROR,
      message: 'Task t1 failed: disk full',
      data: state,
    });
    const bare = await result(
      taskHandle(client(true, [{ taskId: 't1', status: 'failed' }]), MODERN_TASK),
    ).catch((e) => e);
    expect(bare.message).toBe('Task t1 failed: no reason given');
  });

  test('cancelled: rejects saying so', async () => {
    const error = await result(
      taskHandle(client(true, [{ taskId: 't1', status: 'cancelled' }]), MODERN_TASK),
    ).catch((e) => e);
    expect(error.message).toBe('Task t1 was cancelled');
  });
});
