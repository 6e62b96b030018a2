import { McpCall } from '../call';
import { type JsonRpcDispatcher, NO_ANSWER } from '../dispatcher';
import { ErrorCode } from '../error-codes';
import { Fault } from '../errors';
import type { InFlight } from '../peer/in-flight';
import { type Inbound, MCP_2025_11_25, REVISIONS, type Revision } from '../revisions';
import type { CacheRule, TableSettings } from '../revisions/revision';
import type { Telemetry } from '../telemetry/telemetry';
import type { JsonObject, JsonRpcRequest } from '../types';
import { isObject, isThenable } from '../types';

/** How a method family declares one method on the {@link MethodTable}. */
export interface MethodSpec<C> {
  /**
   * Runs the method. `call` is the request's channel when {@link calls} is true. The request's
   * revision wraps the result for the wire (2026-07-28: `resultType`, serverInfo, cache hints).
   */
  run: (
    params: JsonObject,
    context: C,
    call: McpCall | undefined,
    request: JsonRpcRequest,
    inbound: Inbound,
  ) => unknown;
  /** Creates the request's {@link McpCall} and tracks it for cancellation (application code runs). */
  calls?: boolean;
  /** A cacheable result: the hint of its result (lists: of their `key` member). */
  cache?: CacheRule;
  /** Returns `{ name, args }` that a retry's sealed state is bound to (the methods that may ask by retry). */
  subject?: (params: JsonObject) => { name: string; args: unknown };
}

/** What the method families share: the server's identity and its settings, and telemetry. */
export interface MethodTableOptions extends TableSettings {
  /** The core's OpenTelemetry instrumentation, unless turned off. */
  readonly telemetry?: Telemetry<unknown>;
}

const EMPTY: JsonObject = Object.freeze({}) as JsonObject;
const ABANDONED = Symbol('abandoned');

/** A request that came without a link or a revision (`dispatch` with no `enter`): a 2025 one. */
const UNLINKED: Inbound = Object.freeze({
  revision: MCP_2025_11_25,
  link: undefined,
  client: undefined,
});

/**
 * The one method table every revision shares (ARCHITECTURE.md §6): each family module registers
 * its methods here; the request's revision decides what changes around the same handler —
 * whether it has the method, the result's envelope and cache hints, asking by retry.
 */
export class MethodTable<C> {
  constructor(
    readonly rpc: JsonRpcDispatcher<C, Inbound>,
    readonly options: MethodTableOptions,
  ) {}

  /** Registers `method`. */
  define(method: string, spec: MethodSpec<C>): void {
    // The revisions without this method, decided once: a request of one of them gets -32601.
    const lacking: readonly Revision[] = REVISIONS.filter((r) => r.lacks.has(method));
    const settings = this.options;
    const cache = spec.cache;
    const envelope: Envelope = (result, revision) =>
      revision.envelope === undefined || result === NO_ANSWER
        ? result
        : revision.envelope(result, cache, settings);
    this.rpc.register(method, (raw, context, request, given) => {
      const inbound = given ?? UNLINKED;
      if (lacking.length !== 0 && lacking.includes(inbound.revision)) {
        throw new Fault(ErrorCode.METHOD_NOT_FOUND, 'Method not found');
      }
      const params = isObject(raw) ? raw : EMPTY;
      if (spec.calls)
        return this.withCall(method, spec, params, context, request, inbound, envelope);
      return plain(spec.run(params, context, undefined, request, inbound), inbound, envelope);
    });
  }

  /**
   * Runs application code with its {@link McpCall}: tracks the request in the peer so
   * `notifications/cancelled` can abort it, answers nothing for a cancelled request (MCP: the
   * receiver of a cancellation does not answer it), and where the request's revision asks by
   * retry, ends the attempt with `input_required` when the method asks something not yet answered.
   * A call with nothing to track (no link: `core.handle(payload)` in process) whose method
   * answered synchronously is answered synchronously: not one promise from here to the dispatcher
   * (with the other synchronous layers: in-process tools/call 40k → 27k instructions, callgrind).
   */
  private withCall(
    method: string,
    spec: MethodSpec<C>,
    params: JsonObject,
    context: C,
    request: JsonRpcRequest,
    inbound: Inbound,
    envelope: Envelope,
  ): unknown {
    if (inbound.revision.retry !== undefined && spec.subject !== undefined) {
      return this.withRetry(method, spec, params, context, request, inbound, envelope);
    }
    const id = request.id;
    const link = inbound.link;
    // The request's AbortSignal is made only if the call looks at it (see Peer.track).
    const flight = link !== undefined && id !== undefined ? link.peer.track(id) : undefined;
    const call = new McpCall(method, id, params, link, flight, inbound, this.options.telemetry);
    let running: unknown;
    try {
      running = spec.run(params, context, call, request, inbound);
    } catch (error) {
      running = Promise.reject(error);
    }
    if (flight === undefined && !isThenable(running)) {
      call.finish();
      return envelope(running, inbound.revision);
    }
    // A tracked call ends a tick later at the soonest: a cancellation read in the same turn (the
    // next line of a stdio chunk, the next item of a batch) finds it running and answers for it.
    return settle(running, call, flight, inbound, envelope);
  }

  /** {@link withCall} where the request's revision may ask by retry (2026-07-28). */
  private async withRetry(
    method: string,
    spec: MethodSpec<C>,
    params: JsonObject,
    context: C,
    request: JsonRpcRequest,
    inbound: Inbound,
    envelope: Envelope,
  ): Promise<unknown> {
    const id = request.id;
    const link = inbound.link;
    const flight = link !== undefined && id !== undefined ? link.peer.track(id) : undefined;
    const retry = inbound.revision.retry!(
      method,
      spec.subject!(params),
      params,
      inbound,
      this.options,
    );
    // A promise only when a requestState is opened with an asynchronous HMAC (Web Crypto).
    inbound.retry = retry instanceof Promise ? await retry : retry;
    const call = new McpCall(method, id, params, link, flight, inbound, this.options.telemetry);
    let result: unknown;
    let asked = false;
    try {
      const running = spec.run(params, context, call, request, inbound);
      const opened = inbound.retry;
      // A result the method gave synchronously is its answer: an ask can end the attempt only a
      // turn later (no race, one promise less per 2026-07-28 call).
      if (opened === undefined || !isThenable(running)) result = await running;
      else {
        // The method's own promise stays pending when it awaits an unanswered ask: the retry
        // ends, and the abandoned run is left to the garbage collector.
        result = await opened.settle(running, ABANDONED);
        asked = result === ABANDONED;
        if (asked) result = await opened.inputRequired();
      }
      if (!asked && flight?.aborted) return NO_ANSWER;
    } catch (error) {
      if (flight?.aborted) return NO_ANSWER;
      throw error;
    } finally {
      call.finish();
      if (flight !== undefined) link!.peer.end(id!, flight);
    }
    return envelope(result, inbound.revision);
  }
}

/** Wraps a method's result for the wire in the request's revision (NO_ANSWER stays as it is). */
type Envelope = (result: unknown, revision: Revision) => unknown;

/** A method without a call: its result, wrapped once it is known. */
function plain(running: unknown, inbound: Inbound, envelope: Envelope): unknown {
  return isThenable(running)
    ? Promise.resolve(running).then((result) => envelope(result, inbound.revision))
    : envelope(running, inbound.revision);
}

/**
 * The end of a call that did not answer synchronously, or that its peer tracks: its result
 * (nothing once the client cancelled it), then the call finished and its record dropped.
 */
async function settle(
  running: unknown,
  call: McpCall,
  flight: InFlight | undefined,
  inbound: Inbound,
  envelope: Envelope,
): Promise<unknown> {
  let result: unknown;
  try {
    result = await running;
    if (flight?.aborted) return NO_ANSWER;
  } catch (error) {
    if (flight?.aborted) return NO_ANSWER;
    throw error;
  } finally {
    call.finish();
    if (flight !== undefined) inbound.link!.peer.end(call.requestId!, flight);
  }
  return envelope(result, inbound.revision);
}
