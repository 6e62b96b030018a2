import { entryOf, orderKey } from '../../src/adapter/index-order';

test('order keys sort newest first, then by member, and read back', () => {
  const entries = [
    { at: 5, member: 'b' },
    { at: 1_733_380_000_000, member: 'z' },
    { at: 5, member: 'a' },
    { at: 0, member: 'q' },
  ];
  const keys = entries.map(orderKey).sort();
  expect(keys.map(entryOf)).toEqual([
    { at: 1_733_380_000_000, member: 'z' },
    { at: 5, member: 'a' },
    { at: 5, member: 'b' },
    { at: 0, member: 'q' },
  ]);
  expect(orderKey({ at: 5, member: 'a:b' })).toHaveLength(16 + 1 + 3);
  expect(entryOf(orderKey({ at: 5, member: 'a:b' }))).toEqual({ at: 5, member: 'a:b' });
});
