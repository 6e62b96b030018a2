import { ErrorCode } from '../error-codes';
import { Fault, invalidParams } from '../errors';
import type { LoggingLevel } from '../logging';
import type { ProtocolVersion } from '../revisions/2025-11-25';
import type { Revision } from '../revisions/revision';
import type { StateBudget } from '../state-budget';
import type { JsonObject } from '../types';

/** Options of a peer's record of its client: the limits on what it keeps. */
export interface ClientRecordOptions {
  /** The most resource subscriptions the client may hold at once (default 100; `0` no limit). */
  maxSubscriptions?: number;
  /** The longest resource URI the client may subscribe to, in characters (default 2 048; `0` no limit). */
  maxUriLength?: number;
  /**
   * A budget shared with other peers (an HTTP server's sessions), charged with what this peer
   * keeps: its `initialize` state and its subscribed URIs. Given back when the peer closes.
   */
  budget?: StateBudget;
}

/** The defaults of {@link ClientRecordOptions}' limits. */
export const PEER_DEFAULTS = Object.freeze({ maxSubscriptions: 100, maxUriLength: 2048 });

/**
 * The first role of a {@link Peer}: what it knows of its client — the revision and capabilities
 * declared at `initialize`, the log level it set, its resource subscriptions — and the bytes of
 * that charged to a shared budget. The base of the peer's roles, so it also holds whether the
 * peer is closed (a closed peer keeps and charges nothing more).
 */
export class ClientRecord {
  /** The revision agreed at `initialize`. */
  revision: ProtocolVersion | undefined;
  /** The revision this connection speaks, once its first request pinned it (stdio; see `Link.pinsRevision`). */
  pinned: Revision | undefined;
  /** The `capabilities` the client declared at `initialize`. */
  clientCapabilities: JsonObject | undefined;
  /** The `clientInfo` the client sent at `initialize`. */
  clientInfo: JsonObject | undefined;
  /** The level the client set with `logging/setLevel`; `undefined` sends every level. */
  logLevel: LoggingLevel | undefined;
  /** The resource URIs this client subscribed to. */
  get subscriptions(): Set<string> {
    this.subscribed ??= new Set();
    return this.subscribed;
  }
  /** The most subscriptions at once. */
  readonly maxSubscriptions: number;
  /** The longest URI a subscription may name. */
  readonly maxUriLength: number;

  /** Why the peer closed, once it did. */
  protected closed: Error | undefined;
  // Made on first use: a stateless HTTP POST makes a peer for one request, and empty tables
  // were most of its bytes (bench row 3).
  private subscribed: Set<string> | undefined;
  private readonly budget: StateBudget | undefined;
  /** Bytes of {@link budget} this peer holds: its `initialize` state, and its subscriptions. */
  private charged = 0;
  private clientBytes = 0;

  constructor(options: ClientRecordOptions) {
    this.maxSubscriptions = limit(options.maxSubscriptions, PEER_DEFAULTS.maxSubscriptions);
    this.maxUriLength = limit(options.maxUriLength, PEER_DEFAULTS.maxUriLength);
    this.budget = options.budget;
  }

  /** The bytes this peer keeps for its client (charged to its budget, when it has one). */
  get keptBytes(): number {
    return this.charged;
  }

  /** Whether the peer was closed. */
  get isClosed(): boolean {
    return this.closed !== undefined;
  }

  /**
   * Keeps what the client declared at `initialize` (already trimmed), charged to the budget.
   * Never refused here: a transport checks for room before it opens a session.
   */
  remember(capabilities: JsonObject | undefined, clientInfo: JsonObject | undefined): void {
    this.clientCapabilities = capabilities;
    this.clientInfo = clientInfo;
    const bytes =
      (capabilities === undefined ? 0 : JSON.stringify(capabilities).length) +
      (clientInfo === undefined ? 0 : JSON.stringify(clientInfo).length);
    this.charge(bytes - this.clientBytes, true);
    this.clientBytes = bytes;
  }

  /**
   * Checks that the client may watch `uris` at once (`subscriptions/listen`): at most
   * {@link maxSubscriptions} of them, none longer than {@link maxUriLength}; else -32602.
   */
  checkSubscriptions(uris: readonly string[], method: string): void {
    for (const uri of uris) this.checkUri(uri, method);
    if (uris.length > this.maxSubscriptions) {
      throw invalidParams(
        `${method}: at most ${this.maxSubscriptions} resource subscriptions are allowed at once (got ${uris.length}); watch fewer URIs`,
        { limit: this.maxSubscriptions },
      );
    }
  }

  /**
   * Subscribes the client to `uri` (`resources/subscribe`). A URI longer than
   * {@link maxUriLength}, or one more than {@link maxSubscriptions}, is -32602; no room left in
   * the shared budget is -32010 (SERVER_BUSY). Subscribing again to the same URI changes nothing. `force`
   * skips the checks (state restored from a record, accepted before).
   */
  subscribe(uri: string, force = false): void {
    if (this.subscribed?.has(uri) === true) return;
    if (!force) {
      const method = 'resources/subscribe';
      this.checkUri(uri, method);
      if (this.subscriptionCount >= this.maxSubscriptions) {
        throw invalidParams(
          `${method}: this client already holds the most subscriptions allowed (${this.maxSubscriptions}); unsubscribe from one first`,
          { limit: this.maxSubscriptions },
        );
      }
      if (this.closed) return;
    }
    if (!this.charge(uri.length, force)) {
      throw new Fault(
        ErrorCode.SERVER_BUSY,
        'Server busy: the server keeps as much client state as it may (maxSessionStateBytes); try again later or unsubscribe elsewhere',
      );
    }
    this.subscriptions.add(uri);
  }

  /** Whether the client is subscribed to `uri` (no set is made for a client without any). */
  isSubscribed(uri: string): boolean {
    return this.subscribed?.has(uri) === true;
  }

  /** How many resource subscriptions the client holds. */
  get subscriptionCount(): number {
    return this.subscribed?.size ?? 0;
  }

  /** Ends the client's subscription to `uri`, if it had one. */
  unsubscribe(uri: string): void {
    if (this.subscribed?.delete(uri) === true) this.charge(-uri.length, true);
  }

  /** Ends every subscription (state about to be restored from a record). */
  clearSubscriptions(): void {
    if (this.subscribed === undefined) return;
    for (const uri of [...this.subscribed]) this.unsubscribe(uri);
  }

  /** The peer closes: gives back every byte it holds, and keeps nothing more from now on. */
  protected release(reason: Error): void {
    if (this.closed === undefined) {
      this.budget?.give(this.charged);
      this.charged = 0;
      this.clientBytes = 0;
    }
    this.closed = reason;
  }

  private checkUri(uri: string, method: string): void {
    if (uri.length > this.maxUriLength) {
      throw invalidParams(
        `${method}: a URI must not exceed ${this.maxUriLength} characters (got ${uri.length}); subscribe to a shorter one`,
        { limit: this.maxUriLength },
      );
    }
  }

  /** Charges (or with a negative `bytes`, gives back) the budget; false when it did not fit. */
  private charge(bytes: number, force: boolean): boolean {
    // A closed peer's state was given back already.
    if (bytes === 0 || this.closed !== undefined) return true;
    if (bytes < 0) {
      this.charged += bytes;
      this.budget?.give(-bytes);
      return true;
    }
    if (this.budget !== undefined && !this.budget.take(bytes, force)) return false;
    this.charged += bytes;
    return true;
  }
}

/** A limit as given (`0`: none), or its default. */
function limit(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  return value === 0 ? Number.POSITIVE_INFINITY : value;
}
