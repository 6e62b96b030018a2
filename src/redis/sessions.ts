import type { SessionCreation, SessionLimits, SessionRecord, SessionTable } from '../adapter';
import type { RedisConnection } from './connection';

/**
 * Atomic "count the live sessions, and add this one if there is room": `max` counts the cluster
 * (the index ZSET, pruned of expired ids), `perSource` the live sessions of the record's source
 * (a set per source, pruned of ids whose session key is gone: at most `perSource` look-ups).
 * Returns 1 created, 0 full, 2 the source is full.
 */
const CREATE_SESSION = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[4])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
local per = tonumber(ARGV[7])
if per > 0 then
  for _, id in ipairs(redis.call('SMEMBERS', KEYS[3])) do
    if redis.call('EXISTS', ARGV[8] .. id) == 0 then redis.call('SREM', KEYS[3], id) end
  end
  if redis.call('SCARD', KEYS[3]) >= per then return 2 end
end
if tonumber(ARGV[2]) > 0 then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
else
  redis.call('SET', KEYS[1], ARGV[1])
end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[6])
if per > 0 then
  redis.call('SADD', KEYS[3], ARGV[6])
  if tonumber(ARGV[2]) > 0 then redis.call('PEXPIRE', KEYS[3], ARGV[9]) else redis.call('PERSIST', KEYS[3]) end
end
return 1`;

/** The expiry score of a session in the index: when it ends, or never. */
function scoreOf(ttl: number): string {
  return ttl > 0 ? String(Date.now() + ttl) : '+inf';
}

/** The sessions of every process: its keys are in keys.ts. */
export class RedisSessions implements SessionTable {
  constructor(private readonly link: RedisConnection) {}

  async create(
    record: SessionRecord,
    ttl: number,
    limits: SessionLimits,
  ): Promise<SessionCreation> {
    const { redis, keys } = this.link;
    const perSource = record.source === undefined ? 0 : limits.perSource;
    const created = await this.link.run(() =>
      redis.eval(
        CREATE_SESSION,
        3,
        this.link.keys.session(record.id),
        keys.sessionIndex,
        keys.source(record.source ?? ''),
        JSON.stringify(record),
        String(ttl),
        scoreOf(ttl),
        String(Date.now()),
        String(limits.max),
        record.id,
        String(perSource),
        keys.sessionPrefix,
        // The source's set outlives its sessions a while (touches renew them, not it): an old
        // session beyond it is not counted then; a gone one never is (pruned above).
        String(ttl * 2),
      ),
    );
    return created === 1 ? 'created' : created === 2 ? 'source-full' : 'full';
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    const text = await this.link.run(() => this.link.redis.get(this.link.keys.session(id)));
    return text === null ? undefined : (JSON.parse(text) as SessionRecord);
  }

  async update(record: SessionRecord, ttl: number): Promise<boolean> {
    const { redis, keys } = this.link;
    const key = this.link.keys.session(record.id);
    const text = JSON.stringify(record);
    const results = await this.link.run(() => {
      const batch = redis.multi();
      if (ttl > 0) batch.set(key, text, 'PX', ttl, 'XX');
      else batch.set(key, text, 'XX');
      batch.zadd(keys.sessionIndex, 'XX', scoreOf(ttl), record.id);
      return batch.exec();
    });
    return results?.[0]?.[1] === 'OK';
  }

  async touch(id: string, ttl: number): Promise<boolean> {
    const { redis, keys } = this.link;
    const results = await this.link.run(() =>
      redis
        .multi()
        .pexpire(this.link.keys.session(id), ttl)
        .zadd(keys.sessionIndex, 'XX', scoreOf(ttl), id)
        .exec(),
    );
    return results?.[0]?.[1] === 1;
  }

  async delete(id: string): Promise<boolean> {
    const { redis, keys } = this.link;
    const results = await this.link.run(() =>
      redis.multi().del(this.link.keys.session(id)).zrem(keys.sessionIndex, id).exec(),
    );
    return results?.[0]?.[1] === 1;
  }

  async count(): Promise<number> {
    const { redis, keys } = this.link;
    const results = await this.link.run(() =>
      redis
        .multi()
        .zremrangebyscore(keys.sessionIndex, '-inf', String(Date.now()))
        .zcard(keys.sessionIndex)
        .exec(),
    );
    return Number(results?.[1]?.[1] ?? 0);
  }
}
