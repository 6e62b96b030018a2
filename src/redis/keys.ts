/**
 * Every Redis key and channel the adapter uses, in one place (docs/scale-out.md lists them). Each
 * begins with the adapter's `prefix` (default `mcp:`), so several servers can share one Redis.
 */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  /** A session's record (a string of JSON, expiring with the session's idle timeout). */
  session(id: string): string {
    return `${this.prefix}session:${id}`;
  }

  /** What every session key begins with (the creation script checks ids with it). */
  get sessionPrefix(): string {
    return `${this.prefix}session:`;
  }

  /** The live sessions of every process: a sorted set of ids scored by expiry time. */
  get sessionIndex(): string {
    return `${this.prefix}sessions`;
  }

  /** The sessions one source opened (a set of ids), for `maxSessionsPerIdentity`. */
  source(source: string): string {
    return `${this.prefix}source:${source}`;
  }

  /** The pub/sub channel of a bus channel. */
  channel(channel: string): string {
    return `${this.prefix}bus:${channel}`;
  }

  /** An SSE stream's event history (a Redis stream, capped and expiring). */
  events(stream: string): string {
    return `${this.prefix}events:${stream}`;
  }

  /** The enabled/disabled set (a hash of `'1'`/`'0'`). */
  get definitions(): string {
    return `${this.prefix}definitions`;
  }

  /**
   * A per-owner index: a sorted set of order keys (all scored 0, read in lexicographic order,
   * newest first), beside {@link indexExpiry}.
   */
  index(name: string): string {
    return `${this.prefix}index:${name}`;
  }

  /** The same members as {@link index}, scored by the time each expires (ms since the epoch). */
  indexExpiry(name: string): string {
    return `${this.prefix}index-expiry:${name}`;
  }

  /** A generic record (a string of JSON). */
  record(key: string): string {
    return `${this.prefix}record:${key}`;
  }
}
