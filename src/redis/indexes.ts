import { entryOf, type IndexEntry, type IndexStore, orderKey } from '../adapter';
import type { RedisConnection } from './connection';

/**
 * Drops the members expired at ARGV[1] from both sets of an index (KEYS[1] the order, KEYS[2]
 * the expiry): what every script of the index does first.
 */
const PRUNE = `
local gone = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
for _, member in ipairs(gone) do redis.call('ZREM', KEYS[1], member) end
if #gone > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1]) end
`;

/**
 * Atomic "count the live members, and add this one if there is room" (ARGV[2] the order key,
 * ARGV[3] its expiry, ARGV[4] the most members); both keys then live as long as their latest
 * member. Returns 1 added, 0 full.
 */
const ADD = `${PRUNE}
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], 0, ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
redis.call('PEXPIREAT', KEYS[2], last[2])
return 1`;

/** The number of live members. */
const COUNT = `${PRUNE}
return redis.call('ZCARD', KEYS[2])`;

/** Up to ARGV[3] live order keys after ARGV[2] (`-`: from the first), in order. */
const PAGE = `${PRUNE}
return redis.call('ZRANGEBYLEX', KEYS[1], ARGV[2], '+', 'LIMIT', 0, tonumber(ARGV[3]))`;

/**
 * Per-owner indexes on Redis: two sorted sets per index, one read in order (a lexicographic set
 * of order keys), one scored by expiry to prune. Each operation is one script: one round trip,
 * atomic, whatever other owners hold.
 */
export class RedisIndexes implements IndexStore {
  constructor(private readonly link: RedisConnection) {}

  private run(script: string, index: string, ...args: string[]): Promise<unknown> {
    const { keys, redis } = this.link;
    return this.link.run(() =>
      redis.eval(
        script,
        2,
        keys.index(index),
        keys.indexExpiry(index),
        String(Date.now()),
        ...args,
      ),
    );
  }

  async add(index: string, entry: IndexEntry, ttl: number, max: number): Promise<boolean> {
    const expires = String(Date.now() + Math.max(1, ttl));
    return (await this.run(ADD, index, orderKey(entry), expires, String(max))) === 1;
  }

  async count(index: string): Promise<number> {
    return Number(await this.run(COUNT, index));
  }

  async page(index: string, size: number, after?: IndexEntry): Promise<IndexEntry[]> {
    const from = after === undefined ? '-' : `(${orderKey(after)}`;
    const keys = (await this.run(PAGE, index, from, String(size))) as string[];
    return keys.map(entryOf);
  }
}
