import { unref } from '../core';
import type { StateAdapter } from './adapter';
import { type EventOptions, eventOptions } from './event-options';
import { sweep } from './expiring';
import { MemoryIndexes } from './memory-index';
import { MemorySessions } from './memory-sessions';
import { MemoryBus, MemoryDefinitions, MemoryEvents, MemoryRecords } from './memory-stores';

/** Options of {@link memoryAdapter}: the event history's cap and expiry. */
export type MemoryAdapterOptions = EventOptions;

/** The in-memory {@link StateAdapter}: see {@link memoryAdapter}. */
class MemoryAdapter implements StateAdapter {
  readonly name = 'memory';
  readonly shared = false;
  readonly sessions = new MemorySessions();
  readonly bus = new MemoryBus();
  readonly events: MemoryEvents;
  readonly definitions = new MemoryDefinitions();
  readonly records = new MemoryRecords();
  readonly indexes = new MemoryIndexes();
  private sweeper: ReturnType<typeof setInterval> | undefined;

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
        this.indexes.sweep(now);
      }, 60_000);
      unref(this.sweeper);
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
