/**
 * Shared state: the one adapter through which sessions, client answers, notifications, SSE event
 * history, the enabled/disabled set, generic records and per-owner indexes outlive a request and
 * reach every process.
 */
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
