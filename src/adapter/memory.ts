import { ConfigurationError } from '../core';
import type {
  DefinitionStates,
  EventStore,
  MessageBus,
  RecordStore,
  SessionCreation,
  SessionLimits,
  SessionRecord,
  SessionTable,
  StateAdapter,
  StoredEvent,
} from './adapter';

/** Options of {@link memoryAdapter}. */
export interface MemoryAdapterOptions {
  /** The most events kept per SSE stream for resumption (default 1 000; older ones are dropped). */
  eventsPerStream?: number;
  /** How long (ms) an SSE stream's events are kept after its latest one (default 10 minutes). */
  eventTtl?: number;
}

/** The defaults of the event history, shared with the Redis adapter. */
export const EVENT_DEFAULTS = Object.freeze({ eventsPerStream: 1_000, eventTtl: 10 * 60_000 });

/** Checks the event-history options of an adapter (`where` names it in the message). */
export function eventOptions(
  where: string,
  options: MemoryAdapterOptions,
): { eventsPerStream: number; eventTtl: number } {
  const resolved: { eventsPerStream: number; eventTtl: number } = { ...EVENT_DEFAULTS };
  for (const name of ['eventsPerStream', 'eventTtl'] as const) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new ConfigurationError(
        `${where}: "${name}" must be a whole number of 1 or more (got ${String(value)}).`,
      );
    }
    resolved[name] = value;
  }
  return resolved;
}

/** `{ value, expiresAt }` with `expiresAt = 0` for never. */
interface Expiring<T> {
  value: T;
  expiresAt: number;
}

function expiry(ttl: number | undefined): number {
  return ttl === undefined || ttl <= 0 ? 0 : Date.now() + ttl;
}

function live<T>(map: Map<string, Expiring<T>>, key: string): Expiring<T> | undefined {
  const item = map.get(key);
  if (item === undefined) return undefined;
  if (item.expiresAt !== 0 && item.expiresAt <= Date.now()) {
    map.delete(key);
    return undefined;
  }
  return item;
}

function sweep<T>(map: Map<string, Expiring<T>>, now: number): void {
  for (const [key, item] of map) if (item.expiresAt !== 0 && item.expiresAt <= now) map.delete(key);
}

/** A copy, as a store outside the process would give back (and so no caller shares an object). */
function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

class MemorySessions implements SessionTable {
  private readonly map = new Map<string, Expiring<SessionRecord>>();
  /** How many live records each source has. */
  private readonly sources = new Map<string, number>();

  async create(
    record: SessionRecord,
    ttl: number,
    limits: SessionLimits,
  ): Promise<SessionCreation> {
    const refusal = this.refusal(record, limits);
    if (refusal !== undefined) {
      this.sweep(Date.now());
      if (this.refusal(record, limits) !== undefined) return this.refusal(record, limits)!;
    }
    this.drop(record.id);
    this.map.set(record.id, { value: copy(record), expiresAt: expiry(ttl) });
    if (record.source !== undefined) {
      this.sources.set(record.source, (this.sources.get(record.source) ?? 0) + 1);
    }
    return 'created';
  }

  private refusal(record: SessionRecord, limits: SessionLimits): SessionCreation | undefined {
    if (this.map.size >= limits.max) return 'full';
    const source = record.source;
    if (limits.perSource > 0 && source !== undefined) {
      if ((this.sources.get(source) ?? 0) >= limits.perSource) return 'source-full';
    }
    return undefined;
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    return copy(this.live(id)?.value);
  }

  async update(record: SessionRecord, ttl: number): Promise<boolean> {
    const item = this.live(record.id);
    if (item === undefined) return false;
    // The source counted is the creator's, whatever an update says.
    const value = copy(record);
    if (item.value.source !== undefined) value.source = item.value.source;
    else delete value.source;
    this.map.set(record.id, { value, expiresAt: expiry(ttl) });
    return true;
  }

  async touch(id: string, ttl: number): Promise<boolean> {
    const item = this.live(id);
    if (item === undefined) return false;
    item.expiresAt = expiry(ttl);
    return true;
  }

  async delete(id: string): Promise<boolean> {
    return this.drop(id);
  }

  async count(): Promise<number> {
    this.sweep(Date.now());
    return this.map.size;
  }

  private live(id: string): Expiring<SessionRecord> | undefined {
    const item = this.map.get(id);
    if (item === undefined) return undefined;
    if (item.expiresAt !== 0 && item.expiresAt <= Date.now()) {
      this.drop(id);
      return undefined;
    }
    return item;
  }

  /** Drops every expired record. */
  sweep(now: number): void {
    for (const [id, item] of this.map) {
      if (item.expiresAt !== 0 && item.expiresAt <= now) this.drop(id);
    }
  }

  private drop(id: string): boolean {
    const item = this.map.get(id);
    if (item === undefined) return false;
    this.map.delete(id);
    const source = item.value.source;
    if (source !== undefined) {
      const left = (this.sources.get(source) ?? 1) - 1;
      if (left > 0) this.sources.set(source, left);
      else this.sources.delete(source);
    }
    return true;
  }
}

class MemoryBus implements MessageBus {
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

class MemoryEvents implements EventStore {
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

class MemoryDefinitions implements DefinitionStates {
  private readonly states = new Map<string, boolean>();

  async set(key: string, enabled: boolean): Promise<void> {
    this.states.set(key, enabled);
  }

  async all(): Promise<Record<string, boolean>> {
    return Object.fromEntries(this.states);
  }
}

class MemoryRecords implements RecordStore {
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
}

/** The in-memory {@link StateAdapter}: see {@link memoryAdapter}. */
class MemoryAdapter implements StateAdapter {
  readonly name = 'memory';
  readonly shared = false;
  readonly sessions = new MemorySessions();
  readonly bus = new MemoryBus();
  readonly events: MemoryEvents;
  readonly definitions = new MemoryDefinitions();
  readonly records = new MemoryRecords();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(options: MemoryAdapterOptions) {
    const { eventsPerStream, eventTtl } = eventOptions('memoryAdapter', options);
    this.events = new MemoryEvents(eventsPerStream, eventTtl);
  }

  open(): Promise<void> {
    if (this.sweeper === undefined) {
      // Expired entries are dropped on look-up; the sweep frees what nobody looks up again.
      this.sweeper = setInterval(() => {
        const now = Date.now();
        this.sessions.sweep(now);
        sweep(this.events.streams, now);
        sweep(this.records.map, now);
      }, 60_000);
      this.sweeper.unref();
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
    return Promise.resolve();
  }
}

/**
 * The default {@link StateAdapter}: every piece of shared state in this process's memory, as a
 * server without scale-out keeps it. No dependency, nothing to configure; state ends with the
 * process. Use `redisAdapter` (`declarative-mcp/redis`) to share it between processes.
 *
 * @example
 * const server = await serveHttp(app, { adapter: memoryAdapter({ eventsPerStream: 200 }) });
 */
export function memoryAdapter(options: MemoryAdapterOptions = {}): StateAdapter {
  return new MemoryAdapter(options);
}
