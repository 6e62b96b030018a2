/**
 * A task as the store keeps it (src/tasks/record.ts): the keys and channels it lives under, the
 * snapshot the methods show, and the time it has left.
 */
import {
  answerKey,
  beatKey,
  cancelKey,
  channelOf,
  endKey,
  ownerIndex,
  remaining,
  snapshot,
  type TaskRecord,
  taskKey,
} from '../../src/tasks/record';

const ID = '0b8f3c2e-1d4a-4f6b-9c7d-2e5f8a1b3c4d';

const RECORD: TaskRecord = {
  id: ID,
  owner: 'alice',
  tool: 'wait',
  status: 'working',
  statusMessage: 'half way',
  createdAt: '2026-12-05T12:00:00.000Z',
  lastUpdatedAt: '2026-12-05T12:00:01.000Z',
  ttlMs: 60_000,
  pollIntervalMs: 1_000,
  trace: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
};

afterEach(() => jest.restoreAllMocks());

test('every key of one task is under mcp:task:<id>', () => {
  expect(taskKey(ID)).toBe(`mcp:task:${ID}`);
  expect(beatKey(ID)).toBe(`mcp:task:${ID}:beat`);
  expect(cancelKey(ID)).toBe(`mcp:task:${ID}:cancel`);
  expect(answerKey(ID, 'first')).toBe(`mcp:task:${ID}:answer:first`);
  expect(endKey(ID)).toBe(`mcp:task:${ID}:end`);
  expect(channelOf(ID)).toBe(`mcp:task:${ID}`);
});

test('an owner index encodes the owner, so no owner reaches into another key', () => {
  expect(ownerIndex('alice')).toBe('mcp:tasks:alice');
  expect(ownerIndex('a:b/c d')).toBe('mcp:tasks:a%3Ab%2Fc%20d');
  expect(ownerIndex('')).toBe('mcp:tasks:');
  expect(ownerIndex('x:y')).not.toBe(ownerIndex('x%3Ay'));
});

test('a snapshot is the record without its owner and tool, its id as taskId', () => {
  expect(snapshot(RECORD)).toEqual({
    taskId: ID,
    status: 'working',
    statusMessage: 'half way',
    createdAt: '2026-12-05T12:00:00.000Z',
    lastUpdatedAt: '2026-12-05T12:00:01.000Z',
    ttlMs: 60_000,
    pollIntervalMs: 1_000,
    trace: RECORD.trace,
  });
  expect(Object.keys(snapshot(RECORD))).not.toContain('owner');
  expect(Object.keys(snapshot(RECORD))).not.toContain('tool');
  expect(Object.keys(snapshot(RECORD))).not.toContain('id');
});

test('remaining is the ms from now to creation + ttl, and never below 1', () => {
  const created = Date.parse(RECORD.createdAt);
  const now = jest.spyOn(Date, 'now');
  now.mockReturnValue(created);
  expect(remaining(RECORD)).toBe(60_000);
  now.mockReturnValue(created + 59_999);
  expect(remaining(RECORD)).toBe(1);
  now.mockReturnValue(created + 60_000);
  expect(remaining(RECORD)).toBe(1);
  now.mockReturnValue(created + 10 * 60_000);
  expect(remaining(RECORD)).toBe(1);
  now.mockReturnValue(created + 15_000);
  expect(remaining(RECORD)).toBe(45_000);
});
