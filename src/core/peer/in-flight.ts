import { CancelledError } from '../errors';
import type { JsonRpcId } from '../types';
import { ClientRecord, type ClientRecordOptions } from './client';

/** Options of a peer's record of the client's requests in flight. */
export interface ClientRequestOptions extends ClientRecordOptions {
  /**
   * Told after a client request in flight was cancelled (`notifications/cancelled`, or the
   * transport's own {@link ClientRequests.cancel}), so the transport can end that request's
   * exchange at once rather than wait on a call that may ignore its signal.
   */
  onCancel?: (id: JsonRpcId) => void;
  /**
   * Told about a client's response that answers no request of this peer, and a cancellation of a
   * request this peer does not run: a transport whose client spans several processes routes them
   * to the process that holds the request.
   */
  onUnmatched?: (kind: 'response' | 'cancel', message: Record<string, unknown>) => void;
}

/**
 * @internal A client request in flight (see {@link ClientRequests.track}): aborted by
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
 * The second role of a {@link Peer}: the client's own requests in flight, so that
 * `notifications/cancelled` (or the client going away) aborts them.
 *
 * Most of the time a peer has one request in flight, held in two fields; more go to a Map keyed
 * by the id itself (a Map tells 1 from "1", as === does, with no key string to build), dropped
 * once it empties. V8 puts the table a Map rehashes into in the generation of the old one, and
 * add/delete churn rehashes every few requests: the Map of a long-lived peer (an HTTP session, a
 * stdio client) would leave a dead table in the old generation every few calls, and the major
 * GCs to clear them cost more than the rest of a session's bookkeeping per request (bench,
 * measurement 3).
 */
export class ClientRequests extends ClientRecord {
  private flightId: JsonRpcId | undefined;
  private flight: InFlight | undefined;
  private flights: Map<JsonRpcId, InFlight> | undefined;
  private readonly onCancel: ((id: JsonRpcId) => void) | undefined;
  /** Where what this peer does not hold is routed (see {@link ClientRequestOptions.onUnmatched}). */
  protected readonly onUnmatched: ClientRequestOptions['onUnmatched'];

  constructor(options: ClientRequestOptions) {
    super(options);
    this.onCancel = options.onCancel;
    this.onUnmatched = options.onUnmatched;
  }

  /** Records a client request as in flight; its signal aborts on cancellation or when the peer closes. */
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

  /** The peer closes: aborts every request in flight with `reason`, and forgets them. */
  protected abortFlights(reason: Error): void {
    const single = this.flight;
    const flights = this.flights;
    this.flight = undefined;
    this.flightId = undefined;
    this.flights = undefined;
    single?.abort(reason);
    if (flights !== undefined) for (const flight of flights.values()) flight.abort(reason);
  }

  private flightOf(id: JsonRpcId): InFlight | undefined {
    if (this.flight !== undefined && this.flightId === id) return this.flight;
    return this.flights?.get(id);
  }

  /** Drops the in-flight request `id` (known to be there). */
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
}
