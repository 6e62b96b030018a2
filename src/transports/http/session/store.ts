import { type JsonRpcId, Peer, type PeerOptions, randomToken } from '../../../core';
import { HttpSession } from '../http-session';
import { unref } from '../request';
import type { Resumption, SseStream, StreamWriter } from '../stream';

/** What the transport keeps beside a session: its identity key, activity and GET stream. */
export interface SessionEntry {
  /** The session's id (its `Mcp-Session-Id`). */
  readonly id: string;
  readonly session: HttpSession;
  /** The key of the identity that opened the session (see `identityKey`). */
  readonly owner: string | undefined;
  /** Who opened it, as `maxSessionsPerIdentity` counts: the identity key, else the client's address. */
  readonly source: string | undefined;
  /**
   * Whether the client used the session after `initialize` (a request, or a GET stream). A
   * session never used is the first to go when the table is full (see {@link SessionStore.evictable}).
   */
  used: boolean;
  /** POSTs of this session being answered right now (a busy session is never idle). */
  active: number;
  lastActive: number;
  /** When the adapter last renewed the session's expiry (see `SessionRecords.touch`). */
  touchedAt: number;
  /** The server-to-client stream opened with GET, while it is open. */
  stream: SseStream | undefined;
  /** The GET stream's event history, once the session opened one in this process (resumability). */
  events?: StreamWriter;
  /** How its POST streams resume, once a POST asked (see `resumptionOf`). */
  resumption: Resumption | undefined;
}

/** A session id: 192 random bits as base64url, 32 visible ASCII characters (MCP: 0x21–0x7E). */
export function newSessionId(): string {
  return randomToken(24);
}

/** Options of {@link SessionStore}. */
export interface SessionStoreOptions {
  /** A session unused this long (ms) ends; `0` never. */
  idleTimeout: number;
  /** The most sessions kept at once. */
  max: number;
  /** How long a server→client request of a session waits (ms). */
  clientRequestTimeout: number;
  /** Told when a session ends, before its peer closes: its POSTs in flight are answered then. */
  onEnd?: (entry: SessionEntry, reason: string) => void;
  /** Told when a request of the session in flight was cancelled. */
  onCancel?: (entry: SessionEntry, id: JsonRpcId) => void;
  /** Told when a session ends by idle expiry (its record is the adapter's to end). */
  onExpired?: (entry: SessionEntry) => void;
  /** Told on each sweep about a session kept busy by a POST or a stream (to renew its record). */
  onBusy?: (entry: SessionEntry, now: number) => void;
  /** More options of a session's peer (a shared adapter routes what the peer does not hold). */
  peerOptions?: (id: string) => PeerOptions;
}

/**
 * The live sessions by id, with idle expiry (checked on every look-up, and swept on an unref'd
 * timer so abandoned sessions do not hold memory) and a bound on their number.
 */
export class SessionStore {
  private readonly entries = new Map<string, SessionEntry>();
  /**
   * The entry {@link get} found last (cleared when it ends). A client sends its session's id with
   * every request, each time a new string: comparing it with the last id costs less than hashing
   * it for the Map (~450 instructions per session POST; callgrind, bench row 3).
   */
  private last: SessionEntry | undefined;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private readonly idleTimeout: number;
  private readonly max: number;

  constructor(private readonly options: SessionStoreOptions) {
    const { idleTimeout } = options;
    this.idleTimeout = idleTimeout;
    this.max = options.max;
    if (idleTimeout > 0) {
      const every = Math.min(Math.max(Math.floor(idleTimeout / 2), 10), 60_000);
      this.sweeper = setInterval(() => this.sweep(), every);
      unref(this.sweeper);
    }
  }

  /** How many sessions are live. */
  get size(): number {
    return this.entries.size;
  }

  /** Whether a new session would pass `max` (expired ones are swept first). */
  full(): boolean {
    if (this.entries.size < this.max) return false;
    this.sweep();
    return this.entries.size >= this.max;
  }

  /** Opens a session for the identity (keyed by `owner`, counted under `source`). */
  open(identity: unknown, owner: string | undefined, source?: string): SessionEntry {
    let id = newSessionId();
    while (this.entries.has(id)) id = newSessionId();
    const entry = this.entryFor(id, identity, owner, source);
    entry.used = false;
    this.entries.set(id, entry);
    return entry;
  }

  /** A new entry (not yet held) for a session id: its peer made with the store's options. */
  entryFor(
    id: string,
    identity: unknown,
    owner: string | undefined,
    source?: string,
  ): SessionEntry {
    const { onCancel, peerOptions } = this.options;
    let entry: SessionEntry | undefined;
    const peer = new Peer({
      ...peerOptions?.(id),
      clientRequestTimeout: this.options.clientRequestTimeout,
      onCancel: onCancel && ((request) => onCancel(entry!, request)),
    });
    entry = {
      id,
      session: new HttpSession(id, identity, peer),
      owner,
      source,
      // A session learnt from the adapter may have been used elsewhere: never evicted.
      used: true,
      active: 0,
      lastActive: Date.now(),
      touchedAt: Date.now(),
      stream: undefined,
      resumption: undefined,
    };
    return entry;
  }

  /**
   * Holds an entry for a session opened elsewhere (another process, or an earlier run of this
   * one), found in the adapter; an entry that came first for the same id wins.
   */
  adopt(entry: SessionEntry): SessionEntry {
    const id = entry.id;
    const present = this.entries.get(id);
    if (present !== undefined) return present;
    this.entries.set(id, entry);
    return entry;
  }

  /** The entry this process holds for a session id, without expiring it. */
  peek(id: string): SessionEntry | undefined {
    return this.entries.get(id);
  }

  /** The live session with this id at `now`; an expired one is ended and not returned. */
  get(id: string, now = Date.now()): SessionEntry | undefined {
    const last = this.last;
    const entry = last !== undefined && last.id === id ? last : this.entries.get(id);
    if (entry === undefined) return undefined;
    if (this.expired(entry, now)) {
      this.expire(entry);
      return undefined;
    }
    this.last = entry;
    return entry;
  }

  /**
   * The session to evict for a new one: of those never used after `initialize` (and idle: no
   * POST, no stream), the least recently active; only `source`'s when given. Undefined when
   * every session is in use.
   */
  evictable(source?: string): SessionEntry | undefined {
    let oldest: SessionEntry | undefined;
    for (const entry of this.entries.values()) {
      if (entry.used || entry.active > 0 || entry.stream !== undefined) continue;
      if (source !== undefined && entry.source !== source) continue;
      if (oldest === undefined || entry.lastActive < oldest.lastActive) oldest = entry;
    }
    return oldest;
  }

  /** Every live session (for broadcasts). */
  values(): IterableIterator<SessionEntry> {
    return this.entries.values();
  }

  /** Ends a session: forgotten, its calls aborted, its pending requests rejected, its stream closed. */
  end(entry: SessionEntry, reason: string): void {
    if (this.entries.get(entry.id) === entry) this.entries.delete(entry.id);
    if (this.last === entry) this.last = undefined;
    this.options.onEnd?.(entry, reason);
    entry.stream?.end();
    entry.stream = undefined;
    if (!entry.session.peer.isClosed) entry.session.peer.close(new Error(reason));
  }

  /** Ends every expired session. */
  sweep(): void {
    const now = Date.now();
    for (const entry of this.entries.values()) {
      if (this.expired(entry, now)) this.expire(entry);
      else if (entry.active > 0 || entry.stream !== undefined) this.options.onBusy?.(entry, now);
    }
  }

  private expire(entry: SessionEntry): void {
    this.end(entry, 'The session expired.');
    this.options.onExpired?.(entry);
  }

  /** Ends every session and stops the sweeper. */
  clear(reason: string): void {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const entry of [...this.entries.values()]) this.end(entry, reason);
  }

  private expired(entry: SessionEntry, now: number): boolean {
    return (
      this.idleTimeout > 0 &&
      entry.active === 0 &&
      entry.stream === undefined &&
      now - entry.lastActive > this.idleTimeout
    );
  }
}
