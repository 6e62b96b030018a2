import type { SessionLimits } from '../../src/adapter';
import { MemorySessions } from '../../src/adapter/memory-sessions';

const limits = (max: number, perSource = 0): SessionLimits => ({ max, perSource });

describe('MemorySessions', () => {
  let now = 1_000;
  beforeEach(() => {
    now = 1_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('refuses past max, and counts again once expired sessions are swept', async () => {
    const sessions = new MemorySessions();
    expect(await sessions.create({ id: 'a' }, 100, limits(1))).toBe('created');
    expect(await sessions.create({ id: 'b' }, 100, limits(1))).toBe('full');
    now += 100;
    expect(await sessions.create({ id: 'b' }, 100, limits(1))).toBe('created');
    expect(await sessions.get('a')).toBeUndefined();
    expect(await sessions.count()).toBe(1);
  });

  it('counts per source, and frees the place when a session ends', async () => {
    const sessions = new MemorySessions();
    expect(await sessions.create({ id: 'a', source: 'x' }, 0, limits(10, 1))).toBe('created');
    expect(await sessions.create({ id: 'b', source: 'x' }, 0, limits(10, 1))).toBe('source-full');
    expect(await sessions.create({ id: 'c', source: 'y' }, 0, limits(10, 1))).toBe('created');
    expect(await sessions.delete('a')).toBe(true);
    expect(await sessions.delete('a')).toBe(false);
    expect(await sessions.create({ id: 'b', source: 'x' }, 0, limits(10, 1))).toBe('created');
  });

  it("keeps the creator's source whatever an update says, and gives copies", async () => {
    const sessions = new MemorySessions();
    await sessions.create({ id: 'a', source: 'x', subscriptions: [] }, 0, limits(10, 1));
    expect(await sessions.update({ id: 'a', source: 'other', logLevel: 'info' }, 0)).toBe(true);
    const record = await sessions.get('a');
    expect(record).toEqual({ id: 'a', source: 'x', logLevel: 'info' });
    record!.logLevel = 'debug';
    expect((await sessions.get('a'))?.logLevel).toBe('info');
    // The source still holds its one place.
    expect(await sessions.create({ id: 'b', source: 'x' }, 0, limits(10, 1))).toBe('source-full');
    expect(await sessions.update({ id: 'gone' }, 0)).toBe(false);
  });

  it('touch renews the expiry of a live session only', async () => {
    const sessions = new MemorySessions();
    await sessions.create({ id: 'a' }, 100, limits(10));
    now += 90;
    expect(await sessions.touch('a', 100)).toBe(true);
    now += 90;
    expect(await sessions.get('a')).toEqual({ id: 'a' });
    now += 10;
    expect(await sessions.touch('a', 100)).toBe(false);
  });
});
