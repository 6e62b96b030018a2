import { McpCall } from '../call';
import { type JsonRpcDispatcher, NO_ANSWER } from '../dispatcher';
import { ErrorCode } from '../error-codes';
import { Fault } from '../errors';
import { type Inbound, MCP_2025_11_25, REVISIONS, type Revision } from '../revisions';
import type { CacheRule, TableSettings } from '../revisions/revision';
import type { Telemetry } from '../telemetry/telemetry';
import type { JsonObject, JsonRpcRequest } from '../types';
import { isObject } from '../types';

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
    const envelope = (result: unknown, revision: Revision): unknown =>
      revision.envelope === undefined ? result : revision.envelope(result, cache, settings);
    this.rpc.register(method, async (raw, context, request, given) => {
      const inbound = given ?? UNLINKED;
      if (lacking.length !== 0 && lacking.includes(inbound.revision)) {
        throw new Fault(ErrorCode.METHOD_NOT_FOUND, 'Method not found');
      }
      const params = isObject(raw) ? raw : EMPTY;
      if (!spec.calls) {
        return envelope(
          await spec.run(params, context, undefined, request, inbound),
          inbound.revision,
        );
      }
      const result = await this.withCall(method, spec, params, context, request, inbound);
      return result === NO_ANSWER ? NO_ANSWER : envelope(result, inbound.revision);
    });
  }

  /**
   * Runs application code with its {@link McpCall}: tracks the request in the peer so
   * `notifications/cancelled` can abort it, answers nothing for a cancelled request (MCP: the
   * receiver of a cancellation does not answer it), and where the request's revision asks by
   * retry, ends the attempt with `input_required` when the method asks something not yet answered.
   */
  private async withCall(
    method: string,
    spec: MethodSpec<C>,
    params: JsonObject,
    context: C,
    request: JsonRpcRequest,
    inbound: Inbound,
  ): Promise<unknown> {
    const id = request.id;
    const link = inbound.link;
    // The request's AbortSignal is made only if the call looks at it (see Peer.track).
    const flight = link !== undefined && id !== undefined ? link.peer.track(id) : undefined;
    const opens = inbound.revision.retry;
    if (opens !== undefined && spec.subject !== undefined) {
      const retry = opens(method, spec.subject(params), params, inbound, this.options);
      // A promise only when a requestState is opened with an asynchronous HMAC (Web Crypto).
      inbound.retry = retry instanceof Promise ? await retry : retry;
    }
    const call = new McpCall(method, id, params, link, flight, inbound, this.options.telemetry);
    try {
      const running = spec.run(params, context, call, request, inbound);
      const retry = inbound.retry;
      let result: unknown;
      if (retry === undefined) result = await running;
      else {
        // The method's own promise stays pending when it awaits an unanswered ask: the retry
        // ends, and the abandoned run is left to the garbage collector.
        result = await retry.settle(running, ABANDONED);
        if (result === ABANDONED) return await retry.inputRequired();
      }
      return flight?.aborted ? NO_ANSWER : result;
    } catch (error) {
      if (flight?.aborted) return NO_ANSWER;
      throw error;
    } finally {
      call.finish();
      if (flight !== undefined) link!.peer.end(id!, flight);
    }
  }
}
