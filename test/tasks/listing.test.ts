import { cursorAfter, pageStart } from '../../src/tasks/listing';

const ID = '0b8f3c2e-1d4a-4f6b-9c7d-2e5f8a1b3c4d';

test('a cursor names the last task of a page, and reads back as that position', () => {
  const cursor = cursorAfter({ at: 1_733_380_000_000, member: ID });
  expect(cursor).toBe(`1733380000000.${ID}`);
  expect(pageStart(cursor)).toEqual({ at: 1_733_380_000_000, member: ID });
  expect(pageStart(undefined)).toBeUndefined();
});

test.each([
  '',
  '50',
  '-1',
  '1e3',
  `x.${ID}`,
  `1.${ID.toUpperCase()}`,
  `1.${ID}x`,
  `${'9'.repeat(17)}.${ID}`,
  ID,
])('a cursor this server did not make (%j) is -32602 unknown cursor', (cursor) => {
  expect(() => pageStart(cursor)).toThrow(
    expect.objectContaining({
      code: -32602,
      message: 'Invalid params: tasks/list: unknown cursor',
    }),
  );
});
