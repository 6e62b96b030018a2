/**
 * Per-owner indexes on Redis (src/redis/indexes.ts) against one real redis-server: two sorted
 * sets per index, each operation one script, the keys living as long as their latest member.
 */
import { orderKey } from '../../src/adapter';
import { redisPerTest } from './redis-server';

const redis = redisPerTest('i');

test('an add writes the order key at score 0 and its expiry, both keys expiring with the latest', async () => {
  const before = Date.now();
  expect(await redis.adapter.indexes.add('alice', { member: 'm1', at: 5 }, 10_000, 3)).toBe(true);
  expect(await redis.adapter.indexes.add('alice', { member: 'm2', at: 6 }, 60_000, 3)).toBe(true);
  expect(await redis.raw.zrange(`${redis.prefix}index:alice`, '0', '-1', 'WITHSCORES')).toEqual([
    orderKey({ member: 'm2', at: 6 }),
    '0',
    orderKey({ member: 'm1', at: 5 }),
    '0',
  ]);
  const expiry = await redis.raw.zrange(
    `${redis.prefix}index-expiry:alice`,
    '0',
    '-1',
    'WITHSCORES',
  );
  expect(expiry[0]).toBe(orderKey({ member: 'm1', at: 5 }));
  expect(Number(expiry[1])).toBeGreaterThanOrEqual(before + 10_000);
  expect(Number(expiry[3])).toBeGreaterThanOrEqual(before + 60_000);
  for (const key of [`${redis.prefix}index:alice`, `${redis.prefix}index-expiry:alice`]) {
    expect(await redis.raw.pttl(key)).toBeGreaterThan(50_000);
  }
});

test('full at max; a member past its expiry is pruned by the next script and frees its place', async () => {
  await redis.adapter.indexes.add('bob', { member: 'a', at: 1 }, 60_000, 2);
  await redis.adapter.indexes.add('bob', { member: 'b', at: 2 }, 60_000, 2);
  expect(await redis.adapter.indexes.add('bob', { member: 'c', at: 3 }, 60_000, 2)).toBe(false);
  // 'a' expires (as if its time had come).
  await redis.raw.zadd(
    `${redis.prefix}index-expiry:bob`,
    String(Date.now() - 1),
    orderKey({ member: 'a', at: 1 }),
  );
  expect(await redis.adapter.indexes.count('bob')).toBe(1);
  expect(await redis.raw.zcard(`${redis.prefix}index:bob`)).toBe(1);
  expect(await redis.adapter.indexes.add('bob', { member: 'c', at: 3 }, 60_000, 2)).toBe(true);
  expect((await redis.adapter.indexes.page('bob', 10)).map((e) => e.member)).toEqual(['c', 'b']);
  expect(await redis.adapter.indexes.count('nobody')).toBe(0);
  expect(await redis.adapter.indexes.page('nobody', 10)).toEqual([]);
});

test('pages: newest first, strictly after the entry given, a member with any characters', async () => {
  const entries = [
    { member: 'x:y', at: 10 },
    { member: 'b', at: 10 },
    { member: 'old', at: 1 },
    { member: '[ünï]', at: 20 },
  ];
  for (const entry of entries) await redis.adapter.indexes.add('c', entry, 60_000, 10);
  const all = await redis.adapter.indexes.page('c', 10);
  expect(all).toEqual([
    { member: '[ünï]', at: 20 },
    { member: 'b', at: 10 },
    { member: 'x:y', at: 10 },
    { member: 'old', at: 1 },
  ]);
  expect(await redis.adapter.indexes.page('c', 2)).toEqual(all.slice(0, 2));
  expect(await redis.adapter.indexes.page('c', 2, all[1])).toEqual(all.slice(2, 4));
  expect(await redis.adapter.indexes.page('c', 2, all[3])).toEqual([]);
});
