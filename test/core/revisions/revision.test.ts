/**
 * What every revision's Task shares (src/core/revisions/revision.ts, taskFields): the members in
 * one order, with the revision's own names for the TTL and the poll interval.
 */
import { type TaskView, taskFields } from '../../../src/core/revisions/revision';

const view: TaskView = {
  taskId: 't1',
  status: 'working',
  statusMessage: 'half way',
  createdAt: '2026-01-01T00:00:00Z',
  lastUpdatedAt: '2026-01-01T00:00:05Z',
  ttlMs: 1000,
  pollIntervalMs: 250,
  result: { content: [] },
  inputRequests: {},
};

test('the shared members in order, TTL and poll interval under the names given', () => {
  const out = taskFields(view, 'ttl', 'pollInterval');
  expect(Object.entries(out)).toEqual([
    ['taskId', 't1'],
    ['status', 'working'],
    ['statusMessage', 'half way'],
    ['createdAt', '2026-01-01T00:00:00Z'],
    ['lastUpdatedAt', '2026-01-01T00:00:05Z'],
    ['ttl', 1000],
    ['pollInterval', 250],
  ]);
});

test('no status message and no poll interval leave their members out; an unlimited TTL is null', () => {
  const out = taskFields(
    { ...view, statusMessage: undefined, pollIntervalMs: undefined, ttlMs: null },
    'ttlMs',
    'pollIntervalMs',
  );
  expect(out).toEqual({
    taskId: 't1',
    status: 'working',
    createdAt: '2026-01-01T00:00:00Z',
    lastUpdatedAt: '2026-01-01T00:00:05Z',
    ttlMs: null,
  });
  expect(Object.hasOwn(out, 'statusMessage')).toBe(false);
  expect(Object.hasOwn(out, 'pollIntervalMs')).toBe(false);
});
