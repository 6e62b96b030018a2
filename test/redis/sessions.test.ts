/**
 * Sessions on Redis (src/redis/sessions.ts) against one real redis-server: the record, the index
 * scored by expiry and the per-source set, exactly as the creation script writes them; limits
 * counted across processes; a gone session neither updated nor touched back to life.
 */
import type { SessionLimits } from '../../src/adapter';
import { redisAdapter } from '../../src/redis';
import { redisPerTest } from './redis-server';

const redis = redisPerTest('q');
const limits = (max: number, perSource = 0): SessionLimits => ({ max, perSource });

test('create writes the record with its ttl, the index scored by expiry, the source’s set', async () => {
  const before = Date.now();
  const record = { id: 's1', source: 'ip:1', revision: '2025-11-25' };
  expect(await redis.adapter.sessions.create(record, 60_000, limits(10, 2))).toBe('created');
  expect(JSON.parse((await redis.raw.get(`${redis.prefix}session:s1`))!)).toEqual(record);
  expect(await redis.raw.pttl(`${redis.prefix}session:s1`)).toBeGreaterThan(50_000);
  const score = Number(await redis.raw.zscore(`${redis.prefix}sessions`, 's1'));
  expect(score).toBeGreaterThanOrEqual(before + 60_000);
  expect(await redis.raw.smembers(`${redis.prefix}source:ip:1`)).toEqual(['s1']);
  // The source's set outlives its sessions a while: twice the ttl.
  expect(await redis.raw.pttl(`${redis.prefix}source:ip:1`)).toBeGreaterThan(60_000);
  expect(await redis.adapter.sessions.get('s1')).toEqual(record);
});

test('a session that never expires: no ttl, +inf in the index, a source set kept', async () => {
  expect(await redis.adapter.sessions.create({ id: 'f', source: 'x' }, 0, limits(10, 1))).toBe(
    'created',
  );
  expect(await redis.raw.pttl(`${redis.prefix}session:f`)).toBe(-1);
  expect(await redis.raw.zscore(`${redis.prefix}sessions`, 'f')).toBe('inf');
  expect(await redis.raw.pttl(`${redis.prefix}source:x`)).toBe(-1);
  expect(await redis.adapter.sessions.count()).toBe(1);
});

test('max counts every process; a source is full until one of its sessions is gone', async () => {
  const other = redisAdapter({ url: redis.server.url, prefix: redis.prefix });
  await other.open();
  try {
    expect(
      await redis.adapter.sessions.create({ id: 'a', source: 'x' }, 60_000, limits(2, 1)),
    ).toBe('created');
    expect(await other.sessions.create({ id: 'b', source: 'x' }, 60_000, limits(2, 1))).toBe(
      'source-full',
    );
    expect(await other.sessions.create({ id: 'b', source: 'y' }, 60_000, limits(2, 1))).toBe(
      'created',
    );
    expect(await redis.adapter.sessions.create({ id: 'c' }, 60_000, limits(2, 1))).toBe('full');
    expect(await redis.adapter.sessions.count()).toBe(2);
    // A session key gone (expired) frees its source's place though the set still names it.
    await redis.raw.del(`${redis.prefix}session:a`);
    await redis.raw.zrem(`${redis.prefix}sessions`, 'a');
    expect(await other.sessions.create({ id: 'd', source: 'x' }, 60_000, limits(3, 1))).toBe(
      'created',
    );
    expect((await redis.raw.smembers(`${redis.prefix}source:x`)).sort()).toEqual(['d']);
    // Without a source, perSource is not counted.
    expect(await redis.adapter.sessions.create({ id: 'e' }, 60_000, limits(10, 1))).toBe('created');
  } finally {
    await other.close();
  }
});

test('an expired id in the index is pruned when counting and creating', async () => {
  await redis.raw.zadd(`${redis.prefix}sessions`, String(Date.now() - 1), 'old');
  expect(await redis.adapter.sessions.count()).toBe(0);
  await redis.raw.zadd(`${redis.prefix}sessions`, String(Date.now() - 1), 'old');
  expect(await redis.adapter.sessions.create({ id: 'new' }, 60_000, limits(1))).toBe('created');
  expect(await redis.raw.zrange(`${redis.prefix}sessions`, '0', '-1')).toEqual(['new']);
});

test('update and touch renew a live session only; delete removes record and index entry', async () => {
  // Created for 10 s (alive for the next call however slow the machine), renewed to a minute.
  await redis.adapter.sessions.create({ id: 'u' }, 10_000, limits(10));
  expect(await redis.adapter.sessions.update({ id: 'u', logLevel: 'debug' }, 60_000)).toBe(true);
  expect(await redis.adapter.sessions.get('u')).toEqual({ id: 'u', logLevel: 'debug' });
  expect(await redis.raw.pttl(`${redis.prefix}session:u`)).toBeGreaterThan(50_000);
  expect(await redis.adapter.sessions.update({ id: 'u', logLevel: 'info' }, 0)).toBe(true);
  expect(await redis.raw.pttl(`${redis.prefix}session:u`)).toBe(-1);
  expect(await redis.raw.zscore(`${redis.prefix}sessions`, 'u')).toBe('inf');
  expect(await redis.adapter.sessions.touch('u', 30_000)).toBe(true);
  expect(await redis.raw.pttl(`${redis.prefix}session:u`)).toBeGreaterThan(20_000);
  expect(await redis.adapter.sessions.delete('u')).toBe(true);
  expect(await redis.raw.exists(`${redis.prefix}session:u`)).toBe(0);
  expect(await redis.raw.zscore(`${redis.prefix}sessions`, 'u')).toBeNull();
  expect(await redis.adapter.sessions.delete('u')).toBe(false);
  // Gone: neither update nor touch brings it back, nor adds it to the index.
  expect(await redis.adapter.sessions.update({ id: 'u' }, 60_000)).toBe(false);
  expect(await redis.adapter.sessions.touch('u', 60_000)).toBe(false);
  expect(await redis.raw.exists(`${redis.prefix}session:u`)).toBe(0);
  expect(await redis.raw.zscore(`${redis.prefix}sessions`, 'u')).toBeNull();
  expect(await redis.adapter.sessions.get('u')).toBeUndefined();
});
