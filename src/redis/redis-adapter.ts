import type { StateAdapter } from 'declarative-mcp';
import type { Redis, RedisOptions } from 'ioredis';
import { type EventOptions, eventOptions } from '../adapter';
import { ConfigurationError, SharedStateError } from '../core';
import {
  describe,
  failure,
  loadIoredis,
  milliseconds,
  type RedisConnection,
  ready,
} from './connection';
import { RedisIndexes } from './indexes';
import { RedisKeys } from './keys';
import { RedisSessions } from './sessions';
import { RedisBus, RedisDefinitions, RedisEvents, RedisRecords } from './stores';

/** Options of {@link redisAdapter}. */
export interface RedisAdapterOptions extends EventOptions {
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

/** The Redis {@link StateAdapter}: see {@link redisAdapter}. */
class RedisStateAdapter implements StateAdapter, RedisConnection {
  readonly name = 'redis';
  readonly shared = true;
  readonly keys: RedisKeys;
  readonly redis: Redis;
  readonly subscriber: Redis;
  readonly sessions: RedisSessions;
  readonly bus: RedisBus;
  readonly events: RedisEvents;
  readonly definitions: RedisDefinitions;
  readonly records: RedisRecords;
  readonly indexes: RedisIndexes;
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
    const prefix = options.prefix ?? REDIS_DEFAULTS.prefix;
    if (typeof prefix !== 'string') {
      throw new ConfigurationError('redisAdapter: "prefix" must be a string, such as "mcp:".');
    }
    this.keys = new RedisKeys(prefix);
    this.connectTimeout = milliseconds(
      'connectTimeout',
      options.connectTimeout,
      REDIS_DEFAULTS.connectTimeout,
    );
    const commandTimeout = milliseconds(
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
    this.indexes = new RedisIndexes(this);
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

  /** Whether Redis answers again (asked during an outage, off the request path). */
  private readonly probe = () => this.redis.ping();

  async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw failure(this.where, error, this.probe);
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
