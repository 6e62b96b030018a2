import type { Redis, RedisOptions } from 'ioredis';
import {
  type DefinitionStates,
  type EventStore,
  eventOptions,
  type MessageBus,
  type RecordStore,
  type SessionCreation,
  type SessionLimits,
  type SessionRecord,
  type SessionTable,
  type StateAdapter,
  type StoredEvent,
} from '../adapter';
import { ConfigurationError, SharedStateError } from '../core';

/** Options of {@link redisAdapter}. */
export interface RedisAdapterOptions {
  /**
   * The server: `redis://[:password@]host[:port][/db]`, or `rediss://…` for TLS (a password or
   * `user:password` in the URL authenticates). Give this or {@link client}.
   */
  url?: string;
  /**
   * An ioredis client you configured yourself (TLS, Sentinel, ACL user…). It stays yours: the
   * adapter makes one duplicate of it for subscriptions, and closes only that one.
   */
  client?: Redis;
  /** What every key and channel name begins with (default `mcp:`), so several servers share one Redis. */
  prefix?: string;
  /** How long (ms) to wait for the connection at start (default 5 000). */
  connectTimeout?: number;
  /** How long (ms) one command may take before the request that needed it gets `503` (default 2 000). */
  commandTimeout?: number;
  /** The most events kept per SSE stream for resumption (default 1 000). */
  eventsPerStream?: number;
  /** How long (ms) an SSE stream's events are kept after its latest one (default 10 minutes). */
  eventTtl?: number;
  /**
   * Told when the connection is lost or refused while serving (once per outage) and when it is
   * back. Default: one line on stderr. Never stdout.
   */
  onError?: (error: Error) => void;
}

/** The defaults of {@link RedisAdapterOptions}. */
export const REDIS_DEFAULTS = Object.freeze({
  prefix: 'mcp:',
  connectTimeout: 5_000,
  commandTimeout: 2_000,
});

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

/** The ioredis module, loaded on first use: an optional peer dependency. */
function loadIoredis(): typeof import('ioredis') {
  try {
    return require('ioredis') as typeof import('ioredis');
  } catch {
    throw new ConfigurationError(
      'declarative-mcp/redis needs the "ioredis" package (an optional peer dependency). Install it: npm install ioredis',
    );
  }
}

function positive(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(
      `redisAdapter: "${name}" must be a number of milliseconds above 0 (got ${String(value)}).`,
    );
  }
  return value;
}

/** Where a URL points, for messages (its password left out). */
function describe(url: string | undefined, client: Redis | undefined): string {
  if (url !== undefined) {
    try {
      const parsed = new URL(url);
      return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
    } catch {
      return 'the given URL';
    }
  }
  const options = client?.options;
  return options ? `${options.host ?? '127.0.0.1'}:${options.port ?? 6379}` : 'Redis';
}

function failure(where: string, error: unknown): SharedStateError {
  if (SharedStateError.is(error)) return error;
  const why = error instanceof Error ? error.message : String(error);
  return new SharedStateError(`Redis at ${where}: ${why}`, { cause: error });
}

/** The expiry score of a session in the index: when it ends, or never. */
function scoreOf(ttl: number): string {
  return ttl > 0 ? String(Date.now() + ttl) : '+inf';
}

class RedisSessions implements SessionTable {
  constructor(private readonly a: RedisStateAdapter) {}

  private key(id: string): string {
    return `${this.a.prefix}s:${id}`;
  }

  async create(
    record: SessionRecord,
    ttl: number,
    limits: SessionLimits,
  ): Promise<SessionCreation> {
    const { redis, prefix } = this.a;
    const perSource = record.source === undefined ? 0 : limits.perSource;
    const created = await this.a.run(() =>
      redis.eval(
        CREATE_SESSION,
        3,
        this.key(record.id),
        `${prefix}sessions`,
        `${prefix}src:${record.source ?? ''}`,
        JSON.stringify(record),
        String(ttl),
        scoreOf(ttl),
        String(Date.now()),
        String(limits.max),
        record.id,
        String(perSource),
        `${prefix}s:`,
        // The source's set outlives its sessions a while (touches renew them, not it): an old
        // session beyond it is not counted then; a gone one never is (pruned above).
        String(ttl * 2),
      ),
    );
    return created === 1 ? 'created' : created === 2 ? 'source-full' : 'full';
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    const text = await this.a.run(() => this.a.redis.get(this.key(id)));
    return text === null ? undefined : (JSON.parse(text) as SessionRecord);
  }

  async update(record: SessionRecord, ttl: number): Promise<boolean> {
    const { redis, prefix } = this.a;
    const key = this.key(record.id);
    const text = JSON.stringify(record);
    const results = await this.a.run(() => {
      const batch = redis.multi();
      if (ttl > 0) batch.set(key, text, 'PX', ttl, 'XX');
      else batch.set(key, text, 'XX');
      batch.zadd(`${prefix}sessions`, 'XX', scoreOf(ttl), record.id);
      return batch.exec();
    });
    return results?.[0]?.[1] === 'OK';
  }

  async touch(id: string, ttl: number): Promise<boolean> {
    const { redis, prefix } = this.a;
    const results = await this.a.run(() =>
      redis
        .multi()
        .pexpire(this.key(id), ttl)
        .zadd(`${prefix}sessions`, 'XX', scoreOf(ttl), id)
        .exec(),
    );
    return results?.[0]?.[1] === 1;
  }

  async delete(id: string): Promise<boolean> {
    const { redis, prefix } = this.a;
    const results = await this.a.run(() =>
      redis.multi().del(this.key(id)).zrem(`${prefix}sessions`, id).exec(),
    );
    return results?.[0]?.[1] === 1;
  }

  async count(): Promise<number> {
    const { redis, prefix } = this.a;
    const results = await this.a.run(() =>
      redis
        .multi()
        .zremrangebyscore(`${prefix}sessions`, '-inf', String(Date.now()))
        .zcard(`${prefix}sessions`)
        .exec(),
    );
    return Number(results?.[1]?.[1] ?? 0);
  }
}

class RedisBus implements MessageBus {
  private readonly listeners = new Map<string, Set<(message: string) => void>>();

  constructor(private readonly a: RedisStateAdapter) {}

  /** A message from the subscriber connection. */
  dispatch(channel: string, message: string): void {
    const set = this.listeners.get(channel);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch (error) {
        this.a.report(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.a.run(() => this.a.redis.publish(`${this.a.prefix}bus:${channel}`, message));
  }

  async subscribe(
    channel: string,
    listener: (message: string) => void,
  ): Promise<() => Promise<void>> {
    const full = `${this.a.prefix}bus:${channel}`;
    let set = this.listeners.get(full);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(full, set);
      await this.a.run(() => this.a.subscriber.subscribe(full));
    }
    const own = (message: string): void => listener(message);
    set.add(own);
    return async () => {
      set.delete(own);
      if (set.size === 0 && this.listeners.get(full) === set) {
        this.listeners.delete(full);
        await this.a.run(() => this.a.subscriber.unsubscribe(full)).then(undefined, () => {});
      }
    };
  }
}

/** Event ids are `<stream>:<Redis stream entry id>`. */
const ENTRY_ID = /^\d+-\d+$/;

class RedisEvents implements EventStore {
  constructor(
    private readonly a: RedisStateAdapter,
    private readonly cap: number,
    private readonly ttl: number,
  ) {}

  private key(stream: string): string {
    return `${this.a.prefix}ev:${stream}`;
  }

  async append(stream: string, data: string): Promise<string> {
    const key = this.key(stream);
    const results = await this.a.run(() =>
      this.a.redis
        .multi()
        .xadd(key, 'MAXLEN', String(this.cap), '*', 'd', data)
        .pexpire(key, this.ttl)
        .exec(),
    );
    const entry = results?.[0]?.[1];
    if (typeof entry !== 'string') throw new SharedStateError('Redis: XADD gave no entry id.');
    return `${stream}:${entry}`;
  }

  streamOf(eventId: string): string | undefined {
    const at = eventId.lastIndexOf(':');
    if (at <= 0 || !ENTRY_ID.test(eventId.slice(at + 1))) return undefined;
    return eventId.slice(0, at);
  }

  async after(eventId: string): Promise<StoredEvent[] | undefined> {
    const stream = this.streamOf(eventId);
    if (stream === undefined) return undefined;
    const key = this.key(stream);
    const entry = eventId.slice(stream.length + 1);
    const results = await this.a.run(() =>
      this.a.redis.multi().exists(key).xrange(key, `(${entry}`, '+').exec(),
    );
    if (results?.[0]?.[1] !== 1) return undefined;
    const entries = (results?.[1]?.[1] ?? []) as Array<[string, string[]]>;
    return entries.map(([id, fields]) => ({ id: `${stream}:${id}`, data: fields[1] ?? '' }));
  }
}

class RedisDefinitions implements DefinitionStates {
  constructor(private readonly a: RedisStateAdapter) {}

  async set(key: string, enabled: boolean): Promise<void> {
    await this.a.run(() =>
      this.a.redis.hset(`${this.a.prefix}definitions`, key, enabled ? '1' : '0'),
    );
  }

  async all(): Promise<Record<string, boolean>> {
    const states = await this.a.run(() => this.a.redis.hgetall(`${this.a.prefix}definitions`));
    return Object.fromEntries(Object.entries(states).map(([key, value]) => [key, value === '1']));
  }
}

class RedisRecords implements RecordStore {
  constructor(private readonly a: RedisStateAdapter) {}

  private key(key: string): string {
    return `${this.a.prefix}r:${key}`;
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const text = await this.a.run(() => this.a.redis.get(this.key(key)));
    return text === null ? undefined : (JSON.parse(text) as T);
  }

  async set(key: string, value: unknown, ttl?: number): Promise<void> {
    const text = JSON.stringify(value);
    await this.a.run(() =>
      ttl !== undefined && ttl > 0
        ? this.a.redis.set(this.key(key), text, 'PX', ttl)
        : this.a.redis.set(this.key(key), text),
    );
  }

  async add(key: string, value: unknown, ttl?: number): Promise<boolean> {
    const text = JSON.stringify(value);
    const done = await this.a.run(() =>
      ttl !== undefined && ttl > 0
        ? this.a.redis.set(this.key(key), text, 'PX', ttl, 'NX')
        : this.a.redis.set(this.key(key), text, 'NX'),
    );
    return done === 'OK';
  }

  async delete(key: string): Promise<boolean> {
    return (await this.a.run(() => this.a.redis.del(this.key(key)))) === 1;
  }
}

/** The Redis {@link StateAdapter}: see {@link redisAdapter}. */
class RedisStateAdapter implements StateAdapter {
  readonly name = 'redis';
  readonly shared = true;
  readonly prefix: string;
  readonly redis: Redis;
  readonly subscriber: Redis;
  readonly sessions: RedisSessions;
  readonly bus: RedisBus;
  readonly events: RedisEvents;
  readonly definitions: RedisDefinitions;
  readonly records: RedisRecords;
  private readonly where: string;
  private readonly ownsClient: boolean;
  private readonly connectTimeout: number;
  private readonly onError: (error: Error) => void;
  private opening: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private down = false;
  private connected = false;

  constructor(options: RedisAdapterOptions) {
    if (typeof options !== 'object' || options === null) {
      throw new ConfigurationError('redisAdapter needs options: { url } or { client }.');
    }
    const { url, client } = options;
    if ((url === undefined) === (client === undefined)) {
      throw new ConfigurationError(
        'redisAdapter: give "url" (such as "redis://127.0.0.1:6379" or "rediss://:password@host:6380") or "client" (an ioredis client), not both and not neither.',
      );
    }
    if (url !== undefined && !/^rediss?:\/\//.test(url)) {
      throw new ConfigurationError(
        `redisAdapter: "url" must begin with redis:// or rediss:// (got ${JSON.stringify(url)}).`,
      );
    }
    this.prefix = options.prefix ?? REDIS_DEFAULTS.prefix;
    if (typeof this.prefix !== 'string') {
      throw new ConfigurationError('redisAdapter: "prefix" must be a string, such as "mcp:".');
    }
    this.connectTimeout = positive(
      'connectTimeout',
      options.connectTimeout,
      REDIS_DEFAULTS.connectTimeout,
    );
    const commandTimeout = positive(
      'commandTimeout',
      options.commandTimeout,
      REDIS_DEFAULTS.commandTimeout,
    );
    const { eventsPerStream, eventTtl } = eventOptions('redisAdapter', options);
    this.where = describe(url, client);
    this.onError =
      options.onError ??
      ((error) => process.stderr.write(`declarative-mcp (redis): ${error.message}\n`));
    const settings: RedisOptions = {
      lazyConnect: true,
      // A request that needs Redis while it is away fails at once (503), rather than waiting.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout,
      connectTimeout: this.connectTimeout,
      // Reconnect for ever, at most every 2 s.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    };
    if (client !== undefined) {
      this.redis = client;
      this.ownsClient = false;
    } else {
      const { Redis: Client } = loadIoredis();
      this.redis = new Client(url!, settings);
      this.ownsClient = true;
    }
    this.subscriber = this.redis.duplicate({ ...settings, enableOfflineQueue: true });
    this.sessions = new RedisSessions(this);
    this.bus = new RedisBus(this);
    this.events = new RedisEvents(this, eventsPerStream, eventTtl);
    this.definitions = new RedisDefinitions(this);
    this.records = new RedisRecords(this);
    this.subscriber.on('message', (channel: string, message: string) =>
      this.bus.dispatch(channel, message),
    );
    for (const connection of [this.redis, this.subscriber]) {
      connection.on('error', (error: Error) => this.lost(error));
      // A server that shuts down closes the connection without an error first.
      connection.on('close', () => this.lost(new Error('connection closed')));
      connection.on('ready', () => this.back());
    }
  }

  /** Runs a command, its failure a {@link SharedStateError}. */
  async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw failure(this.where, error);
    }
  }

  report(error: Error): void {
    try {
      this.onError(error);
    } catch {
      // A throwing listener changes nothing.
    }
  }

  private lost(error: Error): void {
    // Before open() succeeds, its rejection says it all.
    if (!this.connected || this.down || this.closing !== undefined) return;
    this.down = true;
    this.report(
      new SharedStateError(
        `Redis at ${this.where} is unreachable (${error.message}); requests that need shared state get 503 until it is back. Reconnecting.`,
      ),
    );
  }

  private back(): void {
    if (!this.down) return;
    this.down = false;
    this.report(new Error(`Redis at ${this.where} is reachable again.`));
  }

  open(): Promise<void> {
    this.opening ??= this.connect();
    return this.opening;
  }

  private async connect(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no connection within ${this.connectTimeout} ms`)),
        this.connectTimeout,
      );
    });
    try {
      await Promise.race([
        Promise.all([ready(this.redis), ready(this.subscriber)]).then(() => this.redis.ping()),
        late,
      ]);
      this.connected = true;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.subscriber.disconnect();
      if (this.ownsClient) this.redis.disconnect();
      throw new SharedStateError(
        `Cannot reach Redis at ${this.where}: ${why}. Check that redis-server runs there, the URL (rediss:// for TLS) and the password.`,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.subscriber.disconnect();
      if (this.ownsClient) {
        await this.redis.quit().then(
          () => undefined,
          () => this.redis.disconnect(),
        );
      }
    })();
    return this.closing;
  }
}

/** Connects an ioredis client (unless it is connected or connecting) and waits until it is ready. */
function ready(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onReady = (): void => {
      client.off('error', onError);
      resolve();
    };
    const onError = (error: Error): void => {
      client.off('ready', onReady);
      reject(error);
    };
    client.once('ready', onReady);
    client.once('error', onError);
    if (client.status === 'wait') client.connect().catch(() => {});
  });
}

/**
 * A {@link StateAdapter} on Redis: sessions (with a Redis TTL equal to the idle timeout),
 * pub/sub between processes, SSE event history on Redis Streams (capped per stream, expiring),
 * the enabled/disabled set and generic records, under one key prefix. Hand it to
 * `serveHttp(app, { adapter })` in every process: any process then serves any request of any
 * session, with no sticky sessions.
 *
 * @example
 * import { redisAdapter } from 'declarative-mcp/redis';
 * const server = await serveHttp(app, {
 *   host: '0.0.0.0',
 *   adapter: redisAdapter({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }),
 * });
 */
export function redisAdapter(options: RedisAdapterOptions): StateAdapter {
  return new RedisStateAdapter(options);
}
