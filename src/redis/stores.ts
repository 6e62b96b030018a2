import type {
  DefinitionStates,
  EventStore,
  MessageBus,
  RecordStore,
  StoredEvent,
} from '../adapter';
import { SharedStateError } from '../core';
import type { RedisConnection } from './connection';

/** Publish/subscribe between processes, over one subscriber connection. */
export class RedisBus implements MessageBus {
  private readonly listeners = new Map<string, Set<(message: string) => void>>();
  /** The SUBSCRIBE still in flight for a channel: every subscriber of it waits for the same one. */
  private readonly subscribing = new Map<string, Promise<void>>();

  constructor(private readonly link: RedisConnection) {}

  /** A message from the subscriber connection. */
  dispatch(channel: string, message: string): void {
    const set = this.listeners.get(channel);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch (error) {
        this.link.report(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.link.run(() => this.link.redis.publish(this.link.keys.channel(channel), message));
  }

  /**
   * Resolves once Redis delivers the channel's messages to `listener`. The listener is in place
   * before the SUBSCRIBE is sent: its acknowledgement and the first message can arrive in one
   * read, and the message is dispatched before an `await` after the acknowledgement resumes.
   */
  async subscribe(
    channel: string,
    listener: (message: string) => void,
  ): Promise<() => Promise<void>> {
    const full = this.link.keys.channel(channel);
    let set = this.listeners.get(full);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(full, set);
      const sent = this.link
        .run(() => this.link.subscriber.subscribe(full))
        .then(() => {
          this.subscribing.delete(full);
        });
      sent.catch(() => this.subscribing.delete(full));
      this.subscribing.set(full, sent);
    }
    const own = (message: string): void => listener(message);
    set.add(own);
    const stop = async (): Promise<void> => {
      set.delete(own);
      if (set.size === 0 && this.listeners.get(full) === set) {
        this.listeners.delete(full);
        await this.link.run(() => this.link.subscriber.unsubscribe(full)).then(undefined, () => {});
      }
    };
    const pending = this.subscribing.get(full);
    if (pending !== undefined) {
      try {
        await pending;
      } catch (error) {
        await stop();
        throw error;
      }
    }
    return stop;
  }
}

/** Event ids are `<stream>:<Redis stream entry id>`. */
const ENTRY_ID = /^\d+-\d+$/;

/** Each SSE stream's latest events, on a Redis stream. */
export class RedisEvents implements EventStore {
  constructor(
    private readonly link: RedisConnection,
    private readonly cap: number,
    private readonly ttl: number,
  ) {}

  async append(stream: string, data: string): Promise<string> {
    const key = this.link.keys.events(stream);
    const results = await this.link.run(() =>
      this.link.redis
        .multi()
        .xadd(key, 'MAXLEN', String(this.cap), '*', 'd', data)
        .pexpire(key, this.ttl)
        .exec(),
    );
    const entry = results?.[0]?.[1];
    if (typeof entry !== 'string')
      throw new SharedStateError('Redis: XADD gave no entry id.', { store: 'redis' });
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
    const key = this.link.keys.events(stream);
    const entry = eventId.slice(stream.length + 1);
    const results = await this.link.run(() =>
      this.link.redis.multi().exists(key).xrange(key, `(${entry}`, '+').exec(),
    );
    if (results?.[0]?.[1] !== 1) return undefined;
    const entries = (results?.[1]?.[1] ?? []) as Array<[string, string[]]>;
    return entries.map(([id, fields]) => ({ id: `${stream}:${id}`, data: fields[1] ?? '' }));
  }
}

/** The enabled/disabled set, in one hash. */
export class RedisDefinitions implements DefinitionStates {
  constructor(private readonly link: RedisConnection) {}

  async set(key: string, enabled: boolean): Promise<void> {
    await this.link.run(() =>
      this.link.redis.hset(this.link.keys.definitions, key, enabled ? '1' : '0'),
    );
  }

  async all(): Promise<Record<string, boolean>> {
    const states = await this.link.run(() => this.link.redis.hgetall(this.link.keys.definitions));
    return Object.fromEntries(Object.entries(states).map(([key, value]) => [key, value === '1']));
  }
}

/** Generic records with an expiry. */
export class RedisRecords implements RecordStore {
  constructor(private readonly link: RedisConnection) {}

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const text = await this.link.run(() => this.link.redis.get(this.link.keys.record(key)));
    return text === null ? undefined : (JSON.parse(text) as T);
  }

  async set(key: string, value: unknown, ttl?: number): Promise<void> {
    const text = JSON.stringify(value);
    await this.link.run(() =>
      ttl !== undefined && ttl > 0
        ? this.link.redis.set(this.link.keys.record(key), text, 'PX', ttl)
        : this.link.redis.set(this.link.keys.record(key), text),
    );
  }

  async add(key: string, value: unknown, ttl?: number): Promise<boolean> {
    const text = JSON.stringify(value);
    const done = await this.link.run(() =>
      ttl !== undefined && ttl > 0
        ? this.link.redis.set(this.link.keys.record(key), text, 'PX', ttl, 'NX')
        : this.link.redis.set(this.link.keys.record(key), text, 'NX'),
    );
    return done === 'OK';
  }

  async delete(key: string): Promise<boolean> {
    return (await this.link.run(() => this.link.redis.del(this.link.keys.record(key)))) === 1;
  }

  async many<T = unknown>(keys: readonly string[]): Promise<(T | undefined)[]> {
    if (keys.length === 0) return [];
    const full = keys.map((key) => this.link.keys.record(key));
    const texts = await this.link.run(() => this.link.redis.mget(full));
    return texts.map((text) => (text === null ? undefined : (JSON.parse(text) as T)));
  }
}
