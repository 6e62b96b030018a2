/**
 * A stored task as a caller sees it (src/tasks/view.ts): what other processes added to it
 * (a cancellation, answers, a missed heartbeat) folded in, and another owner's task unknown.
 * Against the in-memory adapter's records.
 */
import { memoryAdapter } from '../../src/adapter';
import type { JsonObject } from '../../src/core';
import {
  answerKey,
  beatKey,
  cancelKey,
  endKey,
  type TaskRecord,
  taskKey,
} from '../../src/tasks/record';
import { viewTasks } from '../../src/tasks/view';

const LEASE = 15_000;
const LOST = {
  status: 'failed',
  statusMessage:
    'Contact with the process running this task was lost (no heartbeat for 15000 ms, taskLease).',
  error: {
    code: -32603,
    message: 'Contact with the process running this task was lost before it finished.',
  },
  inputRequests: undefined,
};
const ASK: JsonObject = { method: 'elicitation/create', params: { message: 'Name?' } };

function record(id: string, extra: Partial<TaskRecord> = {}): TaskRecord {
  return {
    id,
    owner: 'alice',
    tool: 'wait',
    status: 'working',
    createdAt: new Date().toISOString(),
    lastUpdatedAt: new Date().toISOString(),
    ttlMs: 60_000,
    pollIntervalMs: 1_000,
    ...extra,
  };
}

async function stored(...tasks: TaskRecord[]) {
  const { records } = memoryAdapter();
  for (const task of tasks) {
    await records.set(taskKey(task.id), task);
    await records.set(beatKey(task.id), 1);
  }
  return records;
}

test('a beating task is shown as stored; an unknown one, or another owner’s, is undefined', async () => {
  const records = await stored(record('a'), record('b', { owner: 'bob' }));
  const [a, b, none] = await viewTasks(records, ['a', 'b', 'none'], 'alice', LEASE);
  expect(a).toEqual(record('a', { createdAt: a!.createdAt, lastUpdatedAt: a!.lastUpdatedAt }));
  expect(b).toBeUndefined();
  expect(none).toBeUndefined();
  // Without an owner, anyone's task is shown.
  expect((await viewTasks(records, ['b'], undefined, LEASE))[0]?.owner).toBe('bob');
  expect(await viewTasks(records, [], 'alice', LEASE)).toEqual([]);
});

test('all ids are read in one round trip, and come back in their order', async () => {
  const records = await stored(record('a'), record('b'), record('c'));
  const many = jest.spyOn(records, 'many');
  const seen = await viewTasks(records, ['c', 'a', 'b'], 'alice', LEASE);
  expect(seen.map((t) => t?.id)).toEqual(['c', 'a', 'b']);
  expect(many).toHaveBeenCalledTimes(1);
  expect(many.mock.calls[0]![0]).toEqual(
    ['c', 'a', 'b'].flatMap((id) => [taskKey(id), cancelKey(id), endKey(id), beatKey(id)]),
  );
});

test('a cancellation another process recorded shows the task cancelled, its asks gone', async () => {
  const records = await stored(
    record('a', { status: 'input_required', inputRequests: { n: ASK } }),
  );
  await records.set(cancelKey('a'), true);
  const [a] = await viewTasks(records, ['a'], 'alice', LEASE);
  expect(a).toMatchObject({ status: 'cancelled', statusMessage: 'Cancelled.' });
  expect(a!.inputRequests).toBeUndefined();
});

test('a terminal task stays as stored, whatever else was recorded', async () => {
  const done = record('a', { status: 'completed', result: { content: [] } });
  const { records } = memoryAdapter();
  await records.set(taskKey('a'), done);
  await records.set(cancelKey('a'), true);
  await records.set(endKey('a'), 'lost');
  expect((await viewTasks(records, ['a'], 'alice', LEASE))[0]).toEqual(done);
});

test('a silent runner’s task is failed, and the first to see it settles the end as lost', async () => {
  const { records } = memoryAdapter();
  await records.set(taskKey('a'), record('a'));
  const [a] = await viewTasks(records, ['a'], 'alice', LEASE);
  expect(a).toMatchObject(LOST);
  expect(await records.get(endKey('a'))).toBe('lost');
  // Once lost, lost for good: a runner that beats again changes nothing.
  await records.set(beatKey('a'), 1);
  expect((await viewTasks(records, ['a'], 'alice', LEASE))[0]).toMatchObject(LOST);
});

test('a silent runner that settled its end first is storing its final state: not lost', async () => {
  const { records } = memoryAdapter();
  await records.set(taskKey('a'), record('a'));
  await records.set(endKey('a'), 'runner');
  expect((await viewTasks(records, ['a'], 'alice', LEASE))[0]).toMatchObject({
    status: 'working',
  });
});

test('answers taken in elsewhere are no longer pending; all answered is working again', async () => {
  const asks = { first: ASK, second: ASK };
  const records = await stored(record('a', { status: 'input_required', inputRequests: asks }));
  expect((await viewTasks(records, ['a'], 'alice', LEASE))[0]!.inputRequests).toEqual(asks);
  await records.set(answerKey('a', 'first'), { action: 'accept' });
  const [partly] = await viewTasks(records, ['a'], 'alice', LEASE);
  expect(partly).toMatchObject({ status: 'input_required', inputRequests: { second: ASK } });
  expect(Object.keys(partly!.inputRequests!)).toEqual(['second']);
  await records.set(answerKey('a', 'second'), { action: 'decline' });
  const [answered] = await viewTasks(records, ['a'], 'alice', LEASE);
  expect(answered!.status).toBe('working');
  expect(answered!.inputRequests).toBeUndefined();
});
