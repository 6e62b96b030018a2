import type { JsonObject } from '../core';

/**
 * Everything that must outlive a request or be seen by another process: sessions, the message bus,
 * SSE event history, the enabled/disabled set, generic records and per-owner indexes. Hand one to
 * `createHttpHandler(app, { adapter })` / `serveHttp(app, { adapter })`; the default is
 * {@link memoryAdapter} (one process). `redisAdapter` from `declarative-mcp/redis` shares it
 * between processes.
 */
export interface StateAdapter {
  /** A name for messages (`'memory'`, `'redis'`). */
  readonly name: string;
  /** Whether other processes see this state (false for the in-memory adapter). */
  readonly shared: boolean;
  readonly sessions: StateAdapter.SessionTable;
  readonly bus: StateAdapter.MessageBus;
  readonly events: StateAdapter.EventStore;
  readonly definitions: StateAdapter.DefinitionStates;
  readonly records: StateAdapter.RecordStore;
  /** Per-owner indexes (the tasks of each caller), bounded and listed a page at a time. */
  readonly indexes: StateAdapter.IndexStore;
  /**
   * Gets ready (connects); rejects with a `SharedStateError` that says what to check when the
   * store cannot be reached. Calling it again returns the same promise.
   */
  open(): Promise<void>;
  /** Lets go of connections and timers. Calling it again returns the same promise. */
  close(): Promise<void>;
}

/**
 * The parts of a {@link StateAdapter}, and the records they keep: `StateAdapter.SessionTable`,
 * `StateAdapter.MessageBus`, … (this entry also exports each under its own name).
 */
export declare namespace StateAdapter {
  /**
   * A session as shared state keeps it: everything any process needs to serve the session's next
   * request. Live things (open streams, calls in flight) stay in the process that holds them.
   */
  export interface SessionRecord {
    /** The `Mcp-Session-Id`. */
    readonly id: string;
    /** The key of the identity that opened the session (see `identityKey`); absent without authentication. */
    owner?: string;
    /**
     * Who opened the session, for `maxSessionsPerIdentity`: the identity key when authenticated,
     * else the client's address. Absent when sessions are not counted per source.
     */
    source?: string;
    /** The revision agreed at `initialize`. */
    revision?: string;
    /** The `capabilities` the client declared at `initialize`. */
    clientCapabilities?: JsonObject;
    /** The `clientInfo` the client sent at `initialize`. */
    clientInfo?: JsonObject;
    /** The level set with `logging/setLevel`. */
    logLevel?: string;
    /** The resource URIs the client subscribed to. */
    subscriptions?: string[];
  }

  /** The bounds {@link SessionTable.create} keeps, counting the sessions of every process. */
  export interface SessionLimits {
    /** The most sessions in all. */
    readonly max: number;
    /** The most sessions of one `source` (see {@link SessionRecord.source}); `0` no limit. */
    readonly perSource: number;
  }

  /**
   * What {@link SessionTable.create} did: `'created'`, or why not: `'full'` (`max` sessions live)
   * or `'source-full'` (the record's source holds `perSource` of them).
   */
  export type SessionCreation = 'created' | 'full' | 'source-full';

  /** The sessions of every process, each with an expiry (its idle timeout). */
  export interface SessionTable {
    /**
     * Stores a new session unless it would pass `limits` (counting every process, at once with the
     * check, so concurrent creations cannot pass them). `ttl` is in ms (`0`: never expires).
     */
    create(record: SessionRecord, ttl: number, limits: SessionLimits): Promise<SessionCreation>;
    /** The live session with this id, or undefined (unknown, ended or expired). */
    get(id: string): Promise<SessionRecord | undefined>;
    /** Replaces a live session's record and renews its expiry; false when it is gone. */
    update(record: SessionRecord, ttl: number): Promise<boolean>;
    /** Renews a session's expiry; false when it is gone. */
    touch(id: string, ttl: number): Promise<boolean>;
    /** Ends a session; false when it was not there. */
    delete(id: string): Promise<boolean>;
    /** How many sessions live (every process). */
    count(): Promise<number>;
  }

  /**
   * Publish/subscribe between the processes (and within one): how a client's answer, a
   * cancellation or a notification reaches the process that holds the call or the stream.
   * Messages are strings (JSON text); delivery is at most once, in order per publisher.
   */
  export interface MessageBus {
    /** Sends `message` to every subscriber of `channel`, in every process (this one too). */
    publish(channel: string, message: string): Promise<void>;
    /** Listens on `channel`; resolves once listening, to the function that stops. */
    subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  }

  /** One event of a resumable SSE stream. */
  export interface StoredEvent {
    /** The SSE `id` (it names its stream too). */
    readonly id: string;
    /** The `data` (a JSON-RPC message's text; empty for a priming event). */
    readonly data: string;
  }

  /**
   * The history of SSE streams, so a client that lost a stream can resume it with `Last-Event-ID`
   * (MCP 2025-11-25 basic/transports, SEP-1699). Each stream keeps its latest events only (a cap)
   * and for a while only (an expiry).
   */
  export interface EventStore {
    /** Appends an event to `stream`; resolves to its id, unique, from which {@link streamOf} finds the stream. */
    append(stream: string, data: string): Promise<string>;
    /** The stream an event id belongs to; undefined when the id is not one this store made. */
    streamOf(eventId: string): string | undefined;
    /** The events of the id's stream after it, oldest first; undefined when the stream is unknown or expired. */
    after(eventId: string): Promise<StoredEvent[] | undefined>;
  }

  /** Which definitions are enabled or disabled (`app.enable` / `app.disable`), for every process. */
  export interface DefinitionStates {
    /** Records the state of a definition (`key` names its kind and name or URI). */
    set(key: string, enabled: boolean): Promise<void>;
    /** Every state recorded so far. */
    all(): Promise<Record<string, boolean>>;
  }

  /**
   * Generic keyed records with an expiry, for features that keep their own state (tasks, …).
   * Values are JSON-compatible; what is stored is a copy.
   */
  export interface RecordStore {
    /** The value under `key`, or undefined (never set, deleted or expired). */
    get<T = unknown>(key: string): Promise<T | undefined>;
    /** Stores `value` under `key`, replacing any; `ttl` in ms (absent or `0`: never expires). */
    set(key: string, value: unknown, ttl?: number): Promise<void>;
    /** Stores `value` only if `key` holds nothing; true when stored. */
    add(key: string, value: unknown, ttl?: number): Promise<boolean>;
    /** Removes `key`; true when it was there. */
    delete(key: string): Promise<boolean>;
    /** The values under `keys`, in their order (undefined where there is none): one round trip. */
    many<T = unknown>(keys: readonly string[]): Promise<(T | undefined)[]>;
  }

  /** A member of an {@link IndexStore} index, with the time (ms since the epoch) it is ordered by. */
  export interface IndexEntry {
    /** What the index holds (a task id). */
    readonly member: string;
    /** The time it is ordered by, in ms since the epoch (a task's creation). */
    readonly at: number;
  }

  /**
   * Small ordered sets with an expiry per member, one per owner (the tasks of one caller): a member
   * is added under a bound counted at once with the add, and read a page at a time, newest first.
   * Listing one owner's members costs a number of round trips set by the page, not by how many
   * members other owners hold; counting costs one.
   */
  export interface IndexStore {
    /**
     * Adds `entry` to `index` for `ttl` ms unless the index holds `max` live members already,
     * counted at once with the add, so concurrent adds from any process cannot pass `max`. True
     * when added.
     */
    add(index: string, entry: IndexEntry, ttl: number, max: number): Promise<boolean>;
    /** How many live members `index` holds. */
    count(index: string): Promise<number>;
    /**
     * Up to `size` live members of `index`, newest first (by `at`, then by member, descending),
     * strictly after `after` in that order when it is given.
     */
    page(index: string, size: number, after?: IndexEntry): Promise<IndexEntry[]>;
  }
}

/** See {@link StateAdapter.SessionRecord}. */
export type SessionRecord = StateAdapter.SessionRecord;
/** See {@link StateAdapter.SessionLimits}. */
export type SessionLimits = StateAdapter.SessionLimits;
/** See {@link StateAdapter.SessionCreation}. */
export type SessionCreation = StateAdapter.SessionCreation;
/** See {@link StateAdapter.SessionTable}. */
export type SessionTable = StateAdapter.SessionTable;
/** See {@link StateAdapter.MessageBus}. */
export type MessageBus = StateAdapter.MessageBus;
/** See {@link StateAdapter.StoredEvent}. */
export type StoredEvent = StateAdapter.StoredEvent;
/** See {@link StateAdapter.EventStore}. */
export type EventStore = StateAdapter.EventStore;
/** See {@link StateAdapter.DefinitionStates}. */
export type DefinitionStates = StateAdapter.DefinitionStates;
/** See {@link StateAdapter.RecordStore}. */
export type RecordStore = StateAdapter.RecordStore;
/** See {@link StateAdapter.IndexEntry}. */
export type IndexEntry = StateAdapter.IndexEntry;
/** See {@link StateAdapter.IndexStore}. */
export type IndexStore = StateAdapter.IndexStore;

/**
 * Implemented by what a transport serves (an `McpApplication`) to keep its own shared state
 * (the enabled/disabled set) in the adapter: `ready` settles once the recorded state is applied,
 * `unbind` lets go.
 */
export interface StateBindable {
  bindState(
    adapter: StateAdapter,
    report: (error: unknown) => void,
  ): { ready: Promise<void>; unbind(): Promise<void> };
}

/** Whether `value` implements {@link StateBindable}. */
export function isStateBindable(value: unknown): value is StateBindable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { bindState?: unknown }).bindState === 'function'
  );
}
