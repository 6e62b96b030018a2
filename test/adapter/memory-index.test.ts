/**
 * Per-owner indexes in memory (src/adapter/memory-index.ts): the bound, the order, pages after an
 * entry, a ttl of 0 that never expires, and expired members dropped on look-up and by the sweep.
 * Time is `Date.now`, set by the test.
 */
import { MemoryIndexes } from '../../src/adapter/memory-index';

const T0 = 1_733_380_000_000;
let now = T0;
beforeEach(() => {
  now = T0;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

test('adds up to max live members; another index is counted apart', async () => {
  const indexes = new MemoryIndexes();
  expect(await indexes.add('a', { member: 'x', at: 1 }, 1_000, 2)).toBe(true);
  expect(await indexes.add('a', { member: 'y', at: 2 }, 1_000, 2)).toBe(true);
  expect(await indexes.add('a', { member: 'z', at: 3 }, 1_000, 2)).toBe(false);
  expect(await indexes.add('b', { member: 'z', at: 3 }, 1_000, 2)).toBe(true);
  expect(await indexes.count('a')).toBe(2);
  expect(await indexes.count('b')).toBe(1);
  expect(await indexes.count('none')).toBe(0);
  // The same entry again replaces itself: still one member.
  expect(await indexes.add('b', { member: 'z', at: 3 }, 1_000, 2)).toBe(true);
  expect(await indexes.count('b')).toBe(1);
});

test('pages are newest first, then by member, and start strictly after the entry given', async () => {
  const indexes = new MemoryIndexes();
  for (const [member, at] of [
    ['b', 5],
    ['c', 9],
    ['a', 5],
    ['d', 1],
  ] as const) {
    await indexes.add('i', { member, at }, 0, 10);
  }
  const all = await indexes.page('i', 10);
  expect(all).toEqual([
    { member: 'c', at: 9 },
    { member: 'a', at: 5 },
    { member: 'b', at: 5 },
    { member: 'd', at: 1 },
  ]);
  expect(await indexes.page('i', 2)).toEqual(all.slice(0, 2));
  expect(await indexes.page('i', 2, { member: 'a', at: 5 })).toEqual(all.slice(2, 4));
  // An entry that is not a member still places the page: after (5, 'aa') comes (5, 'b').
  expect(await indexes.page('i', 1, { member: 'aa', at: 5 })).toEqual([{ member: 'b', at: 5 }]);
  expect(await indexes.page('i', 5, { member: 'd', at: 1 })).toEqual([]);
  expect(await indexes.page('i', 0)).toEqual([]);
  expect(await indexes.page('none', 5)).toEqual([]);
});

test('an expired member is gone from count and pages, and frees its place', async () => {
  const indexes = new MemoryIndexes();
  await indexes.add('i', { member: 'short', at: 2 }, 100, 2);
  await indexes.add('i', { member: 'long', at: 1 }, 0, 2);
  expect(await indexes.add('i', { member: 'more', at: 3 }, 100, 2)).toBe(false);
  now = T0 + 99;
  expect(await indexes.count('i')).toBe(2);
  now = T0 + 100;
  expect(await indexes.count('i')).toBe(1);
  expect(await indexes.page('i', 10)).toEqual([{ member: 'long', at: 1 }]);
  expect(await indexes.add('i', { member: 'more', at: 3 }, 100, 2)).toBe(true);
  // ttl 0 never expires.
  now = T0 + 10 ** 9;
  expect(await indexes.page('i', 10)).toEqual([{ member: 'long', at: 1 }]);
});

test('the sweep drops what nobody looks up again, and the emptied index with it', async () => {
  const indexes = new MemoryIndexes();
  await indexes.add('gone', { member: 'x', at: 1 }, 50, 5);
  await indexes.add('kept', { member: 'y', at: 1 }, 500, 5);
  const held = (indexes as unknown as { indexes: Map<string, Map<string, number>> }).indexes;
  indexes.sweep(T0 + 49);
  expect([...held.keys()].sort()).toEqual(['gone', 'kept']);
  indexes.sweep(T0 + 50);
  expect([...held.keys()]).toEqual(['kept']);
  expect(held.get('kept')!.size).toBe(1);
});
