/**
 * `declarative-mcp/adapter`: writing a state adapter. Shared state goes through one adapter:
 * sessions, client answers, notifications, SSE event history, the enabled/disabled set, generic
 * records and per-owner indexes outlive a request and reach every process. This entry exports
 * the `StateAdapter` interface with its parts, the in-memory adapter (the default), the event
 * options every adapter takes, and the order of index entries; `declarative-mcp/redis` is an
 * adapter written against it. See docs/scale-out.md.
 *
 * @packageDocumentation
 */
// The core's type the adapter's records carry, so that this entry names all it uses.
export type { JsonObject } from '../core';
export {
  type DefinitionStates,
  type EventStore,
  type IndexEntry,
  type IndexStore,
  isStateBindable,
  type MessageBus,
  type RecordStore,
  type SessionCreation,
  type SessionLimits,
  type SessionRecord,
  type SessionTable,
  type StateAdapter,
  type StateBindable,
  type StoredEvent,
} from './adapter';
export { EVENT_DEFAULTS, type EventOptions, eventOptions } from './event-options';
export { entryOf, orderKey } from './index-order';
export { type MemoryAdapterOptions, memoryAdapter } from './memory';
