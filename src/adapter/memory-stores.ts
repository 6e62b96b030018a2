import type { DefinitionStates, EventStore, MessageBus, RecordStore, StoredEvent } from './adapter';
import { type Expiring, expiry, live } from './expiring';

/** Publish/subscribe within the process. */
export class MemoryBus implements MessageBus {
  private readonly channels = new Map<string, Set<(message: string) => void>>();

  async publish(channel: string, message: string): Promise<void> {
    const listeners = this.channels.get(channel);
    if (listeners === undefined) return;
    // Delivered after the publisher's turn, as from a store outside the process.
    for (const listener of listeners) queueMicrotask(() => listener(message));
  }

  async subscribe(
    channel: string,
    listener: (message: string) => void,
  ): Promise<() => Promise<void>> {
    let listeners = this.channels.get(channel);
    if (listeners === undefined) {
      listeners = new Set();
      this.channels.set(channel, listeners);
    }
    // Wrapped, so the same function subscribed twice is two subscriptions.
    const own = (message: string): void => listener(message);
    listeners.add(own);
    return async () => {
      listeners.delete(own);
      if (listeners.size === 0 && this.channels.get(channel) === listeners)
        this.channels.delete(channel);
    };
  }
}

interface EventStream {
  events: StoredEvent[];
  sequence: number;
}

/** Each SSE stream's latest events, for resumption. */
export class MemoryEvents implements EventStore {
  readonly streams = new Map<string, Expiring<EventStream>>();

  constructor(
    private readonly cap: number,
    private readonly ttl: number,
  ) {}

  async append(stream: string, data: string): Promise<string> {
    let item = live(this.streams, stream);
    if (item === undefined) {
      item = { value: { events: [], sequence: 0 }, expiresAt: 0 };
      this.streams.set(stream, item);
    }
    item.expiresAt = expiry(this.ttl);
    const history = item.value;
    history.sequence += 1;
    const id = `${stream}:${history.sequence}`;
    history.events.push({ id, data });
    if (history.events.length > this.cap)
      history.events.splice(0, history.events.length - this.cap);
    return id;
  }

  streamOf(eventId: string): string | undefined {
    const at = eventId.lastIndexOf(':');
    if (at <= 0 || !/^\d+$/.test(eventId.slice(at + 1))) return undefined;
    return eventId.slice(0, at);
  }

  async after(eventId: string): Promise<StoredEvent[] | undefined> {
    const stream = this.streamOf(eventId);
    if (stream === undefined) return undefined;
    const item = live(this.streams, stream);
    if (item === undefined) return undefined;
    const position = Number(eventId.slice(stream.length + 1));
    return item.value.events.filter(
      (event) => Number(event.id.slice(stream.length + 1)) > position,
    );
  }
}

/** The enabled/disabled set. */
export class MemoryDefinitions implements DefinitionStates {
  private readonly states = new Map<string, boolean>();

  async set(key: string, enabled: boolean): Promise<void> {
    this.states.set(key, enabled);
  }

  async all(): Promise<Record<string, boolean>> {
    return Object.fromEntries(this.states);
  }
}

/** Generic records with an expiry. */
export class MemoryRecords implements RecordStore {
  readonly map = new Map<string, Expiring<string>>();

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const item = live(this.map, key);
    return item === undefined ? undefined : (JSON.parse(item.value) as T);
  }

  async set(key: string, value: unknown, ttl?: number): Promise<void> {
    this.map.set(key, { value: JSON.stringify(value), expiresAt: expiry(ttl) });
  }

  async add(key: string, value: unknown, ttl?: number): Promise<boolean> {
    if (live(this.map, key) !== undefined) return false;
    await this.set(key, value, ttl);
    return true;
  }

  async delete(key: string): Promise<boolean> {
    return live(this.map, key) !== undefined && this.map.delete(key);
  }

  async many<T = unknown>(keys: readonly string[]): Promise<(T | undefined)[]> {
    return keys.map((key) => {
      const item = live(this.map, key);
      return item === undefined ? undefined : (JSON.parse(item.value) as T);
    });
  }
}
