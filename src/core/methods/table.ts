import { type CacheHint, listHint } from '../cache';
import { McpCall } from '../call';
import { type JsonRpcDispatcher, type JsonRpcRequest, NO_ANSWER } from '../dispatcher';
import { META, MRTR_METHODS } from '../era';
import { ErrorCode, Fault } from '../errors';
import type { RequestStateSealer, SealedRound } from '../request-state';
import type { Telemetry } from '../telemetry/telemetry';
import { Attempt, type Turn } from '../turn';
import type { JsonObject } from '../types';
import { isObject } from '../types';
import { invalidParams } from './params';

/** Which era answers a method: both, or only one of them (the other gets -32601). */
export type Eras = 'both' | 'legacy' | 'modern';

/** How a method family declares one method on the {@link MethodTable}. */
export interface MethodSpec<C> {
  /** Default `'both'`. */
  eras?: Eras;
  /**
   * Runs the method. `call` is the request's channel when {@link calls} is true. A modern result
   * gets its envelope (`resultType`, serverInfo, cache hints) from the table.
   */
  run: (
    params: JsonObject,
    context: C,
    call: McpCall | undefined,
    request: JsonRpcRequest,
    turn: Turn,
  ) => unknown;
  /** Creates the request's {@link McpCall} and tracks it for cancellation (application code runs). */
  calls?: boolean;
  /** A 2026-07-28 cacheable result: the hint of its result (lists: of their `key` member). */
  cache?: { list: string } | { single: (result: JsonObject) => unknown };
  /** Returns `{ name, args }` that a sealed MRTR state is bound to (the MRTR methods). */
  subject?: (params: JsonObject) => { name: string; args: unknown };
}

/** What the method families share: the dispatcher, the server's identity and its settings. */
export interface MethodTableOptions {
  serverInfo: JsonObject;
  /** Default cache hint of cacheable results. */
  cache: CacheHint;
  /** Lists are `private` (scopes or a custom authorize make them differ by caller). */
  privateLists: boolean;
  sealer: RequestStateSealer;
  /** The core's OpenTelemetry instrumentation, unless turned off. */
  telemetry?: Telemetry<unknown>;
  /** How many `input_required` rounds one request may have before it is refused. */
  maxRounds: number;
}

const EMPTY: JsonObject = Object.freeze({}) as JsonObject;
const ABANDONED = Symbol('abandoned');

/**
 * The one method table both eras share (ARCHITECTURE.md §6): each family module registers its
 * methods here with the eras that answer them; the table adds what an era changes — the
 * result envelope, the cache hints, MRTR — around the same handler.
 */
export class MethodTable<C> {
  constructor(
    readonly rpc: JsonRpcDispatcher<C, Turn>,
    readonly options: MethodTableOptions,
  ) {}

  /** Registers `method`. */
  define(method: string, spec: MethodSpec<C>): void {
    const eras = spec.eras ?? 'both';
    const envelope = (result: unknown, turn: Turn): unknown =>
      turn.era === 'legacy' ? result : this.envelope(result, spec, turn);
    this.rpc.register(method, async (raw, context, request, turn) => {
      const t = turn ?? { era: 'legacy', link: undefined, client: undefined };
      if ((eras === 'legacy' && t.era === 'modern') || (eras === 'modern' && t.era === 'legacy')) {
        throw new Fault(ErrorCode.METHOD_NOT_FOUND, 'Method not found');
      }
      const params = isObject(raw) ? raw : EMPTY;
      if (!spec.calls) return envelope(await spec.run(params, context, undefined, request, t), t);
      const result = await this.withCall(method, spec, params, context, request, t);
      return result === NO_ANSWER ? NO_ANSWER : envelope(result, t);
    });
  }

  /**
   * Runs application code with its {@link McpCall}: tracks the request in the peer so
   * `notifications/cancelled` can abort it, answers nothing for a cancelled request (MCP: the
   * receiver of a cancellation does not answer it), and for a modern MRTR method, ends the
   * attempt with `input_required` when the method asks something not yet answered.
   */
  private async withCall(
    method: string,
    spec: MethodSpec<C>,
    params: JsonObject,
    context: C,
    request: JsonRpcRequest,
    turn: Turn,
  ): Promise<unknown> {
    const id = request.id;
    const link = turn.link;
    // The request's AbortSignal is made only if the call looks at it (see Peer.track).
    const flight = link !== undefined && id !== undefined ? link.peer.track(id) : undefined;
    const subject =
      turn.era === 'modern' && MRTR_METHODS.has(method) && spec.subject !== undefined
        ? spec.subject(params)
        : undefined;
    if (subject !== undefined) {
      const attempt = this.attempt(method, params, subject, turn);
      // A promise only when a requestState is opened with an asynchronous HMAC (Web Crypto).
      turn.attempt = attempt instanceof Promise ? await attempt : attempt;
    }
    const call = new McpCall(method, id, params, link, flight, turn, this.options.telemetry);
    try {
      const running = spec.run(params, context, call, request, turn);
      const attempt = turn.attempt;
      let result: unknown;
      if (attempt === undefined) result = await running;
      else {
        // The method's own promise stays pending when it awaits an unanswered ask: the attempt
        // ends, and the abandoned run is left to the garbage collector.
        result = await attempt.settle(running, ABANDONED);
        if (result === ABANDONED) return await this.inputRequired(method, attempt, subject!, turn);
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

  /**
   * The attempt of a modern MRTR request: the sealed state's answers, then those
   * `inputResponses` that answer a question the state records as asked. An answer to a question
   * never asked (or sent with no state) is dropped, so the question still reaches the client:
   * a confirmation cannot be pre-answered by the caller.
   */
  private attempt(
    method: string,
    params: JsonObject,
    subject: { name: string; args: unknown },
    turn: Turn,
  ): Attempt | Promise<Attempt> {
    const responses = params.inputResponses;
    if (responses !== undefined && !isObject(responses)) {
      throw invalidParams('inputResponses must be an object of answers by key');
    }
    if (params.requestState === undefined) return this.answered(undefined, responses, turn);
    const sealer = this.options.sealer;
    const round = sealer.open(params.requestState, this.binding(method, subject, turn));
    // This round's span links to the round that asked (its context rode in the sealed state).
    const link = (opened: SealedRound): Attempt => {
      this.options.telemetry?.linkTo(sealer.trace(params.requestState));
      return this.answered(opened, responses, turn);
    };
    return round instanceof Promise ? round.then(link) : link(round);
  }

  /** The attempt from the sealed state's round (if any) and this request's `inputResponses`. */
  private answered(
    round: SealedRound | undefined,
    responses: JsonObject | undefined,
    turn: Turn,
  ): Attempt {
    const answers: JsonObject = { ...round?.answers };
    const rounds = round?.rounds ?? 0;
    const asked: readonly string[] = round?.asked ?? [];
    if (responses !== undefined) {
      for (const [key, answer] of Object.entries(responses)) {
        if (!isObject(answer)) {
          throw invalidParams(`inputResponses["${key}"] must be the client's result object`);
        }
        if (asked.includes(key)) answers[key] = answer;
      }
    }
    return new Attempt(answers, turn.client?.capabilities ?? {}, rounds);
  }

  private binding(method: string, subject: { name: string; args: unknown }, turn: Turn) {
    return { principal: turn.link?.principal ?? '', method, ...subject };
  }

  /** `{ resultType: "input_required", inputRequests, requestState }` (MCP 2026-07-28 mrtr). */
  private inputRequired(
    method: string,
    attempt: Attempt,
    subject: { name: string; args: unknown },
    turn: Turn,
  ): JsonObject | Promise<JsonObject> {
    const rounds = attempt.rounds + 1;
    const { maxRounds } = this.options;
    // Each round reruns the method with every earlier answer: unbounded rounds cost the square.
    if (rounds > maxRounds) {
      throw new Fault(
        ErrorCode.INVALID_REQUEST,
        `${method} "${subject.name}" still asks for input after ${maxRounds} input_required rounds (maxRounds ${maxRounds}); the request is ended. Send it again without requestState to start over.`,
        { maxRounds },
      );
    }
    const telemetry = this.options.telemetry;
    const carrier = telemetry?.carrier();
    let inputRequests = attempt.requests;
    if (carrier !== undefined) {
      // The asks carry this round's trace context to the client, as 2025 requests do in _meta.
      inputRequests = {};
      for (const [key, ask] of Object.entries(attempt.requests)) {
        const params = isObject(ask.params) ? ask.params : {};
        inputRequests[key] = { ...ask, params: telemetry!.inject(params) };
      }
    }
    const sealed = this.options.sealer.seal(
      { answers: attempt.answers, asked: Object.keys(attempt.requests), rounds },
      this.binding(method, subject, turn),
      undefined,
      carrier?.traceparent as string | undefined,
    );
    const result = (requestState: string): JsonObject => ({
      resultType: 'input_required',
      inputRequests,
      requestState,
    });
    return sealed instanceof Promise ? sealed.then(result) : result(sealed);
  }

  /** A modern result: `resultType`, the server's identity in `_meta`, cache hints where due. */
  private envelope(result: unknown, spec: MethodSpec<C>, turn: Turn): unknown {
    if (!isObject(result)) return result;
    const meta = isObject(result._meta) ? result._meta : undefined;
    const out: JsonObject = {
      ...result,
      resultType: typeof result.resultType === 'string' ? result.resultType : 'complete',
      _meta: { ...meta, [META.serverInfo]: this.options.serverInfo },
    };
    if (spec.cache !== undefined && out.resultType === 'complete') {
      const { cache, privateLists } = this.options;
      const hint =
        'list' in spec.cache
          ? listHint(
              Array.isArray(result[spec.cache.list]) ? (result[spec.cache.list] as unknown[]) : [],
              cache,
              privateLists,
            )
          : listHint([spec.cache.single(result)], cache, false);
      out.ttlMs = hint.ttlMs;
      out.cacheScope = hint.scope;
    }
    void turn;
    return out;
  }
}
