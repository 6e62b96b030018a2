/**
 * The queue behind a subscription: everything received kept in order, one reader at a time,
 * and an iteration that ends when the queue does.
 */
import { NotificationQueue } from '../../src/testing/subscription';
import { within } from '../helpers/within';

const note = (n: number) => ({ jsonrpc: '2.0', method: 'notifications/message', params: { n } });

async function drain(queue: NotificationQueue): Promise<number[]> {
  const seen: number[] = [];
  for await (const message of queue) seen.push((message.params as { n: number }).n);
  return seen;
}

test('what was pushed before reading is read first, then what arrives, until the end', async () => {
  const queue = new NotificationQueue();
  queue.push(note(1));
  queue.push(note(2));
  const reading = drain(queue);
  queue.push(note(3));
  await Promise.resolve();
  queue.push(note(4));
  queue.end();
  expect(await within(reading, 2000, 'the iteration did not end with the queue')).toEqual([
    1, 2, 3, 4,
  ]);
  expect(queue.received.map((m) => (m.params as { n: number }).n)).toEqual([1, 2, 3, 4]);
});

test('a reader waiting on an empty queue wakes on a push, and ends on end()', async () => {
  const queue = new NotificationQueue();
  const iterator = queue[Symbol.asyncIterator]();
  const next = iterator.next();
  queue.push(note(7));
  expect(await within(next, 2000, 'the waiting reader was not woken by a push')).toEqual({
    done: false,
    value: note(7),
  });
  const last = iterator.next();
  queue.end();
  expect(await within(last, 2000, 'the waiting reader was not woken by end()')).toEqual({
    done: true,
    value: undefined,
  });
});

test('after end(), pushes are dropped and a new iteration reads what was kept, then ends', async () => {
  const queue = new NotificationQueue();
  queue.push(note(1));
  queue.end();
  queue.push(note(2));
  expect(queue.received).toHaveLength(1);
  expect(await within(drain(queue), 2000, 'an ended queue did not end its iteration')).toEqual([1]);
});

test('a second iteration goes on from where the first stopped: one reader position', async () => {
  const queue = new NotificationQueue();
  for (const n of [1, 2, 3]) queue.push(note(n));
  const first = queue[Symbol.asyncIterator]();
  await first.next();
  queue.end();
  expect(await within(drain(queue), 2000, 'the second iteration did not end')).toEqual([2, 3]);
});
