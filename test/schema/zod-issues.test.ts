/** zod's issues as the framework's (src/schema/zod-issues.ts): joined paths, one per unknown key. */
import { z } from 'zod';
import { zodIssues } from '../../src/schema/zod-issues';

test('each issue keeps its message, with its path joined', () => {
  expect(
    zodIssues([
      { path: [], message: 'Expected object' },
      { path: ['items', 0, 'name'], message: 'Required', code: 'invalid_type' },
    ]),
  ).toEqual([
    { path: '', message: 'Expected object' },
    { path: 'items[0].name', message: 'Required' },
  ]);
  expect(zodIssues([])).toEqual([]);
});

test('unrecognized keys become one issue per key, under the object’s path', () => {
  expect(
    zodIssues([
      {
        path: ['filter'],
        message: 'Unrecognized keys: "a", "b"',
        code: 'unrecognized_keys',
        keys: ['a', 'b'],
      },
    ]),
  ).toEqual([
    { path: 'filter.a', message: 'Unrecognized key' },
    { path: 'filter.b', message: 'Unrecognized key' },
  ]);
  // Without keys it stays one issue, as zod said it.
  expect(
    zodIssues([{ path: [], message: 'Unrecognized keys', code: 'unrecognized_keys', keys: [] }]),
  ).toEqual([{ path: '', message: 'Unrecognized keys' }]);
});

test('what zod 4 reports for a strict object reads back key by key', () => {
  const parsed = z.strictObject({ a: z.string() }).safeParse({ a: 'x', b: 1, c: 2 });
  expect(parsed.success).toBe(false);
  expect(zodIssues(parsed.error!.issues)).toEqual([
    { path: 'b', message: 'Unrecognized key' },
    { path: 'c', message: 'Unrecognized key' },
  ]);
});
