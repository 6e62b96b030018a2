import type { SessionCreation, SessionLimits, SessionRecord, StateAdapter } from '../../../adapter';
import {
  type LoggingLevel,
  type Peer,
  type ProtocolVersion,
  SharedStateError,
} from '../../../core';
import type { SessionEntry } from './store';

/** The methods after which a session's record changes (what the core keeps in the peer). */
const STATEFUL = new Set([
  'initialize',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);

function methodOf(item: unknown): unknown {
  return typeof item === 'object' && item !== null
    ? (item as { method?: unknown }).method
    : undefined;
}

/** Whether a message (or batch) may change what a session's record holds. */
export function changesSession(value: unknown): boolean {
  if (!Array.isArray(value)) return STATEFUL.has(methodOf(value) as string);
  return value.some((item) => STATEFUL.has(methodOf(item) as string));
}

/** What the adapter keeps of a session: its record. */
export function recordOf(entry: SessionEntry): SessionRecord {
  const { session, owner, source } = entry;
  const peer = session.peer;
  const record: SessionRecord = { id: entry.id };
  if (owner !== undefined) record.owner = owner;
  if (source !== undefined) record.source = source;
  if (peer.revision !== undefined) record.revision = peer.revision;
  if (peer.clientCapabilities !== undefined) record.clientCapabilities = peer.clientCapabilities;
  if (peer.clientInfo !== undefined) record.clientInfo = peer.clientInfo;
  if (peer.logLevel !== undefined) record.logLevel = peer.logLevel;
  if (peer.subscriptionCount > 0) record.subscriptions = [...peer.subscriptions];
  return record;
}

/** Copies a record's state onto a session's peer (a session this process takes over or learns about). */
export function applyRecord(peer: Peer, record: SessionRecord): void {
  peer.revision = record.revision as ProtocolVersion | undefined;
  peer.remember(record.clientCapabilities, record.clientInfo);
  peer.logLevel = record.logLevel as LoggingLevel | undefined;
  peer.clearSubscriptions();
  // Accepted by the process that took them: restored without the checks, still charged.
  for (const uri of record.subscriptions ?? []) peer.subscribe(uri, true);
}

/** An adapter's failure as a {@link SharedStateError} (what the transport answers `503` for). */
export function sharedStateFailure(adapter: StateAdapter, error: unknown): SharedStateError {
  if (SharedStateError.is(error)) return error;
  const why = error instanceof Error ? error.message : String(error);
  return new SharedStateError(`The ${adapter.name} shared state failed: ${why}`, {
    cause: error,
    store: adapter.name,
  });
}

/**
 * The sessions' records in the adapter: created at `initialize`, saved after a method that
 * changes them, their expiry renewed by use (at most every quarter of the idle timeout, so a busy
 * session costs the store one write now and then), deleted when the session ends.
 */
export class SessionRecords {
  constructor(
    readonly adapter: StateAdapter,
    private readonly ttl: number,
    private readonly limits: SessionLimits,
    private readonly report: (error: unknown) => void,
  ) {}

  /**
   * Stores a new session's record, unless the cluster holds `max` sessions already (`'full'`) or
   * the entry's source holds `perSource` of them (`'source-full'`).
   */
  async create(entry: SessionEntry): Promise<SessionCreation> {
    try {
      return await this.adapter.sessions.create(recordOf(entry), this.ttl, this.limits);
    } catch (error) {
      throw sharedStateFailure(this.adapter, error);
    }
  }

  /** Saves what the session's peer holds now. */
  async save(entry: SessionEntry): Promise<void> {
    try {
      await this.adapter.sessions.update(recordOf(entry), this.ttl);
    } catch (error) {
      throw sharedStateFailure(this.adapter, error);
    }
  }

  /** The record of a session this process holds no entry for. */
  async load(id: string): Promise<SessionRecord | undefined> {
    try {
      return await this.adapter.sessions.get(id);
    } catch (error) {
      throw sharedStateFailure(this.adapter, error);
    }
  }

  /** Renews the session's expiry now and then; failures are reported, the request goes on. */
  touch(entry: SessionEntry, now: number): void {
    if (this.ttl === 0 || now - entry.touchedAt < this.ttl / 4) return;
    entry.touchedAt = now;
    this.adapter.sessions.touch(entry.id, this.ttl).then(undefined, this.report);
  }

  /** Ends the session for every process. */
  async delete(id: string): Promise<void> {
    try {
      await this.adapter.sessions.delete(id);
    } catch (error) {
      throw sharedStateFailure(this.adapter, error);
    }
  }

  /** Deletes the record a refused `initialize` may yet leave; a failure is the outage already told. */
  discard(id: string): void {
    this.adapter.sessions.delete(id).then(undefined, () => {});
  }

  /** Ends the session's record without waiting (the local entry is gone already); failures are reported. */
  forget(id: string): void {
    this.adapter.sessions.delete(id).then(undefined, this.report);
  }
}
