import type { JsonRpcId } from './dispatcher';
import { ErrorCode } from './error-codes';
import {
  CancelledError,
  ClientRequestError,
  Fault,
  invalidParams,
  RequestTimeoutError,
} from './errors';
import type { LoggingLevel } from './logging';
import type { ProtocolVersion } from './revisions/2025-11-25';
import type { Revision } from './revisions/revision';
import type { StateBudget } from './state-budget';
import type { JsonObject, RequestHeaders } from './types';

export { LOGGING_LEVELS, type LoggingLevel } from './logging';

/** Options of {@link Peer}. */
export interface PeerOptions {
  /**
   * How long a server→client request (elicitation, sampling, roots) waits for the client's
   * answer, in ms (default 60 000). The same name on every transport.
   */
  clientRequestTimeout?: number;
  /**
   * Told after a client request in flight was cancelled (`notifications/cancelled`, or the
   * transport's own {@link Peer.cancel}), so the transport can end that request's exchange at
   * once rather than wait on a call that may ignore its signal.
   */
  onCancel?: (id: JsonRpcId) => void;
  /** The most resource subscriptions the client may hold at once (default 100; `0` no limit). */
  maxSubscriptions?: number;
  /** The longest resource URI the client may subscribe to, in characters (default 2 048; `0` no limit). */
  maxUriLength?: number;
  /**
   * A budget shared with other peers (an HTTP server's sessions), charged with what this peer
   * keeps: its `initialize` state and its subscribed URIs. Given back when the peer closes.
   */
  budget?: StateBudget;
  /**
   * What the ids of server→client requests begin with (default `srv-`). Where several processes
   * serve one client, each gives its own, so two processes never ask under the same id.
   */
  requestIdPrefix?: string;
  /**
   * Told about a client's response that answers no request of this peer, and a cancellation of a
   * request this peer does not run: a transport whose client spans several processes routes them
   * to the process that holds the request.
   */
  onUnmatched?: (kind: 'response' | 'cancel', message: Record<string, unknown>) => void;
}

/** The defaults of {@link PeerOptions}' limits. */
export const PEER_DEFAULTS = Object.freeze({ maxSubscriptions: 100, maxUriLength: 2048 });

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * What a transport keeps for one client — a stdio process or one HTTP session — so calls can
 * speak to it: the revision and capabilities it declared at `initialize`, the log level it set,
 * its resource subscriptions, the requests it has in flight (to cancel them), and the requests
 * the server sent it that await an answer. The core stays stateless: the transport owns the
 * peer and hands it in with every payload (see {@link Link}).
 */
export class Peer {
  /** The revision agreed at `initialize`. */
  revision: ProtocolVersion | undefined;
  /** The revision this connection speaks, once its first request pinned it (stdio; see {@link Link.pinsRevision}). */
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
  /** How long a server→client request waits for the client's answer, in ms. */
  readonly clientRequestTimeout: number;

  // Made on first use, like the tables below: a stateless HTTP POST makes a peer for one
  // request, and three empty tables were most of its bytes (bench row 3).
  private subscribed: Set<string> | undefined;
  // The usual single request in flight sits in these two fields; more go to the Map, keyed by
  // the id itself (a Map tells 1 from "1", as === does, with no key string to build).
  private flightId: JsonRpcId | undefined;
  private flight: InFlight | undefined;
  private flights: Map<JsonRpcId, InFlight> | undefined;
  private pending: Map<JsonRpcId, Pending> | undefined;
  private sequence = 0;
  private closed: Error | undefined;
  private closers: ((reason: Error) => void)[] | undefined;

  private readonly onCancel: ((id: JsonRpcId) => void) | undefined;
  /** The most subscriptions at once. */
  readonly maxSubscriptions: number;
  /** The longest URI a subscription may name. */
  readonly maxUriLength: number;
  private readonly budget: StateBudget | undefined;
  /** Bytes of {@link budget} this peer holds: its `initialize` state, and its subscriptions. */
  private charged = 0;
  private clientBytes = 0;
  private readonly idPrefix: string;
  private readonly onUnmatched: PeerOptions['onUnmatched'];

  constructor(options: PeerOptions = {}) {
    this.idPrefix = options.requestIdPrefix ?? 'srv-';
    this.onUnmatched = options.onUnmatched;
    this.clientRequestTimeout = options.clientRequestTimeout ?? 60_000;
    this.onCancel = options.onCancel;
    this.maxSubscriptions = limit(options.maxSubscriptions, PEER_DEFAULTS.maxSubscriptions);
    this.maxUriLength = limit(options.maxUriLength, PEER_DEFAULTS.maxUriLength);
    this.budget = options.budget;
  }

  /** The bytes this peer keeps for its client (charged to its budget, when it has one). */
  get keptBytes(): number {
    return this.charged;
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
      throw limitFault(
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
        throw limitFault(
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

  private checkUri(uri: string, method: string): void {
    if (uri.length > this.maxUriLength) {
      throw limitFault(
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

  /** Records a client request as in flight; its signal aborts on cancellation or {@link close}. */
  begin(id: JsonRpcId): AbortSignal {
    return this.track(id).signal;
  }

  /**
   * @internal Records a client request as in flight, like {@link begin}, without making its
   * `AbortSignal` until someone asks for it (the core's per-call path: most calls never look).
   */
  track(id: JsonRpcId): InFlight {
    const flight = new InFlight();
    if (this.closed) flight.abort(this.closed);
    else if (this.flights?.has(id) === true) this.flights.set(id, flight);
    else if (this.flight === undefined || this.flightId === id) {
      this.flightId = id;
      this.flight = flight;
    } else {
      this.flights ??= new Map();
      this.flights.set(id, flight);
    }
    return flight;
  }

  /**
   * The request is answered (or dropped): forget it. With `handle` (the signal {@link begin}
   * returned), only if it is still that request: an id reused since is left alone.
   */
  end(id: JsonRpcId, handle?: object): void {
    const flight = this.flightOf(id);
    if (flight && (handle === undefined || flight.is(handle as AbortSignal | InFlight)))
      this.forgetFlight(id);
  }

  /**
   * Cancels an in-flight client request (`notifications/cancelled`); false when it is unknown
   * (then told to `onUnmatched`, unless `route` is false).
   */
  cancel(id: JsonRpcId, reason?: unknown, route = true): boolean {
    const flight = this.flightOf(id);
    if (!flight) {
      if (route) this.onUnmatched?.('cancel', { requestId: id, reason });
      return false;
    }
    this.forgetFlight(id);
    flight.abort(new CancelledError(typeof reason === 'string' ? reason : undefined));
    this.onCancel?.(id);
    return true;
  }

  /** How many client requests are in flight. */
  get inFlight(): number {
    return (this.flight === undefined ? 0 : 1) + (this.flights?.size ?? 0);
  }

  private flightOf(id: JsonRpcId): InFlight | undefined {
    if (this.flight !== undefined && this.flightId === id) return this.flight;
    return this.flights?.get(id);
  }

  /**
   * Sends a server→client request with `send` and resolves to the client's `result`. Rejects
   * when the client answers an error, after `timeout` ms, or when `signal` aborts (the client is
   * then sent `notifications/cancelled`).
   */
  request(
    send: (message: JsonObject) => void,
    method: string,
    params: JsonObject,
    options: { signal?: AbortSignal; timeout?: number } = {},
  ): Promise<unknown> {
    if (this.closed) return Promise.reject(this.closed);
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.sequence += 1;
    const id = `${this.idPrefix}${this.sequence}`;
    const timeout = options.timeout ?? this.clientRequestTimeout;
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = (): void => {
        if (this.forget(id)) {
          send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
          reject(signal?.reason ?? new CancelledError());
        }
      };
      const done = (): void => signal?.removeEventListener('abort', onAbort);
      const timer = setTimeout(() => {
        if (this.forget(id)) {
          done();
          send({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: id, reason: 'timeout' },
          });
          reject(new RequestTimeoutError(method, timeout));
        }
      }, timeout);
      timer.unref?.();
      this.pending ??= new Map();
      this.pending.set(id, {
        method,
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
        timer,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        send({ jsonrpc: '2.0', id, method, params });
      } catch (error) {
        if (this.forget(id)) {
          done();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
  }

  /**
   * Routes a client's response to the server request it answers; false when none awaits it
   * (then told to `onUnmatched`, unless `route` is false).
   */
  settle(response: Record<string, unknown>, route = true): boolean {
    const id = response.id;
    if (typeof id !== 'string' && typeof id !== 'number') return false;
    const entry = this.pending?.get(id);
    if (!entry || !this.forget(id)) {
      if (route) this.onUnmatched?.('response', response);
      return false;
    }
    const error = response.error as
      | { code?: unknown; message?: unknown; data?: unknown }
      | undefined;
    if (error !== undefined) {
      entry.reject(
        new ClientRequestError(
          entry.method,
          typeof error?.code === 'number' ? error.code : 0,
          typeof error?.message === 'string' ? error.message : 'unknown error',
          error?.data,
        ),
      );
    } else {
      entry.resolve(response.result);
    }
    return true;
  }

  /** How many server→client requests await an answer. */
  get awaiting(): number {
    return this.pending?.size ?? 0;
  }

  /**
   * No answer can arrive any more (the client's input ended): reject every server→client request
   * that awaits one, but let the client's own requests in flight finish.
   */
  rejectPending(reason: Error = new Error('The client can no longer answer.')): void {
    const pending = this.pending;
    if (pending === undefined) return;
    for (const [k, entry] of pending) {
      clearTimeout(entry.timer);
      pending.delete(k);
      entry.reject(reason);
    }
  }

  /** The client is gone: abort every in-flight request and reject every pending one. */
  close(reason: Error = new Error('The connection to the client closed.')): void {
    if (this.closed === undefined) {
      this.budget?.give(this.charged);
      this.charged = 0;
      this.clientBytes = 0;
    }
    this.closed = reason;
    const single = this.flight;
    const flights = this.flights;
    this.flight = undefined;
    this.flightId = undefined;
    this.flights = undefined;
    single?.abort(reason);
    if (flights !== undefined) for (const flight of flights.values()) flight.abort(reason);
    this.rejectPending(reason);
    const closers = this.closers;
    this.closers = undefined;
    if (closers !== undefined) for (const closer of closers) closer(reason);
  }

  /** Tells `listener` once, when the peer closes (telemetry: the session's duration). */
  onClose(listener: (reason: Error) => void): void {
    if (this.closed !== undefined) return;
    if (this.closers === undefined) this.closers = [listener];
    else this.closers.push(listener);
  }

  /** Whether {@link close} was called. */
  get isClosed(): boolean {
    return this.closed !== undefined;
  }

  /**
   * Drops the in-flight request `id` (known to be there). V8 puts the table a Map rehashes
   * into in the generation of the old one, and add/delete churn rehashes every few requests: the
   * Map of a long-lived peer (an HTTP session, a stdio client) would leave a dead table in the
   * old generation every few calls, and the major GCs to clear them cost more than the rest of
   * a session's bookkeeping per request (bench, measurement 3). Most of the time a peer has one
   * request in flight, held in a field; the Map of the others is dropped once it empties.
   */
  private forgetFlight(id: JsonRpcId): void {
    if (this.flight !== undefined && this.flightId === id) {
      this.flight = undefined;
      this.flightId = undefined;
      return;
    }
    const flights = this.flights;
    if (flights === undefined) return;
    if (flights.size === 1) this.flights = undefined;
    else flights.delete(id);
  }

  private forget(id: JsonRpcId): boolean {
    const pending = this.pending;
    const entry = pending?.get(id);
    if (pending === undefined || entry === undefined) return false;
    clearTimeout(entry.timer);
    if (pending.size === 1) this.pending = undefined;
    else pending.delete(id);
    return true;
  }
}

/** A limit as given (`0`: none), or its default. */
function limit(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  return value === 0 ? Number.POSITIVE_INFINITY : value;
}

/** -32602 for a limit, with its reason and the limit in `data`. */
function limitFault(reason: string, data: { limit: number }): Fault {
  return invalidParams(reason, data);
}

/**
 * @internal A client request in flight (see {@link Peer.track}): aborted by
 * `notifications/cancelled` or when the peer closes. Its `AbortSignal` is made on first use:
 * an `AbortController` costs more than the rest of a small call, and most calls never look.
 */
export class InFlight {
  private controller: AbortController | undefined;
  private reason: unknown;
  private cancelled = false;

  /** Whether the request was cancelled (or its peer closed). */
  get aborted(): boolean {
    return this.cancelled;
  }

  /** The signal a call observes; already aborted, with the same reason, when the request was. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.cancelled) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Aborts the request (the first reason wins). */
  abort(reason: unknown): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }

  /** Whether `handle` is this request (itself, or the signal it handed out). */
  is(handle: AbortSignal | InFlight): boolean {
    return handle === this || (this.controller !== undefined && this.controller.signal === handle);
  }
}

/**
 * What a transport hands {@link McpCore.handle} with each payload so calls can speak before
 * their result: the client's {@link Peer} and the path to send messages on (stdout, or the
 * SSE stream of an HTTP POST). Messages are sent in order, before the answer.
 */
export interface Link {
  peer: Peer;
  send(message: JsonObject): void;
  /**
   * Asked when a call is refused for lacking `scopes`: a transport that can refuse the request
   * itself (Streamable HTTP with `scopeChallenge`: `403 insufficient_scope`) records it and
   * returns true, and then sends that instead of the answer. Optional.
   */
  challenge?(scopes: readonly string[]): boolean;

  /**
   * Ends the connection the messages travel on, when the client can resume it (HTTP with
   * resumable streams); false when it cannot. See {@link McpCall.closeStream}.
   */
  closeStream?(): boolean;
  /**
   * The request's HTTP headers (lower-case names): a 2026-07-28 request is checked against them
   * (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`). Absent on stdio.
   */
  readonly headers?: RequestHeaders;
  /**
   * Who is calling: HTTP's identity key, else its session; the process on stdio. MRTR request
   * state and tasks are bound to it.
   */
  readonly principal?: string;
  /**
   * Neither an identity nor a session tells this caller apart from others (stateless HTTP without
   * authentication): `tasks/list` lists nothing to it and `initialize` does not declare it.
   */
  readonly anonymous?: boolean;
  /** The connection's first request (other than `server/discover`) fixes its revision (stdio). */
  readonly pinsRevision?: boolean;
  /**
   * What the transport knows of the connection (network, addresses, session): asked only while
   * requests are observed (OpenTelemetry), never on the plain path.
   */
  facts?(): LinkFacts;
}

/**
 * The connection a request came on, as OpenTelemetry's conventions name it (`network.*`,
 * `server.*`, `client.*`, `mcp.session.id`); what a transport does not know stays out.
 */
export interface LinkFacts {
  /** `network.transport`: `pipe` for stdio, `tcp` for HTTP. */
  readonly transport: 'pipe' | 'tcp' | 'quic' | 'unix';
  /** `network.protocol.name`, lower case (`http`). */
  readonly protocolName?: string;
  /** `network.protocol.version` (`1.1`, `2`). */
  readonly protocolVersion?: string;
  /** `server.address`: the Host the client named, else the local address. */
  readonly serverAddress?: string;
  /** `server.port`. */
  readonly serverPort?: number;
  /** `client.address`: the peer socket's address. */
  readonly clientAddress?: string;
  /** `client.port`. */
  readonly clientPort?: number;
  /** The MCP session (HTTP `Mcp-Session-Id`). */
  readonly sessionId?: string;
}
