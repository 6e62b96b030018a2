import { ErrorCode } from '../../error-codes';
import { Fault } from '../../errors';
import { invalidParams } from '../../methods/params';
import type { SealedRound } from '../../request-state';
import { nextTurn } from '../../timers';
import type { JsonObject } from '../../types';
import { isObject, setMember } from '../../types';
import type { RequestView, Retry, TableSettings } from '../revision';
import { missingCapability } from './meta';

/** The methods that may answer `input_required` (MCP 2026-07-28 basic/patterns/mrtr). */
export const RETRY_METHODS: ReadonlySet<string> = new Set([
  'tools/call',
  'prompts/get',
  'resources/read',
]);

/**
 * One attempt of a request that may ask the client things (MRTR, MCP 2026-07-28
 * basic/patterns/mrtr): asks whose key has an answer resolve with it; the first unanswered ask
 * ends the attempt, together with every ask started in the same turn of the event loop
 * (`Promise.all`), and the request is answered `input_required` with those asks.
 */
export class Attempt implements Retry {
  /** The asks left unanswered, by key, as `inputRequests` sends them. */
  readonly requests: Record<string, JsonObject> = {};
  /** Told when the attempt ends for want of answers (set by {@link settle}). */
  private end: (() => void) | undefined;
  private ended = false;

  constructor(
    /** The answers known for this attempt: those the sealed state carried, then `inputResponses`. */
    readonly answers: JsonObject,
    private readonly capabilities: JsonObject,
    /** How many `input_required` rounds the request has had before this attempt. */
    readonly rounds: number,
    /** The request the attempt answers for: its method, subject, caller and the core's settings. */
    private readonly method: string,
    private readonly subject: Subject,
    private readonly principal: string,
    private readonly settings: TableSettings,
  ) {}

  /**
   * The method's run, or `abandoned` once the attempt ends for want of answers (the run is then
   * left pending, to the garbage collector). One promise per attempt, where a race of the run and
   * an `interrupted` promise made four.
   */
  settle<T, A>(running: T | PromiseLike<T>, abandoned: A): Promise<T | A> {
    return new Promise<T | A>((resolve, reject) => {
      this.end = () => resolve(abandoned);
      Promise.resolve(running).then(resolve, reject);
    });
  }

  /**
   * The answer to the ask `key`, or a promise that never settles while the attempt ends with it
   * as an input request. Rejects with -32021 when the client did not declare `capability`.
   */
  ask(key: string, capability: string, method: string, params: JsonObject): Promise<unknown> {
    if (Object.hasOwn(this.answers, key)) return Promise.resolve(this.answers[key]);
    if (!isObject(this.capabilities[capability])) {
      return Promise.reject(missingCapability(capability, method));
    }
    setMember(this.requests, key, { method, params });
    if (!this.ended) {
      this.ended = true;
      // Asks started together (Promise.all) all register before the event loop turns.
      nextTurn(() => this.end?.());
    }
    return new Promise<unknown>(() => {});
  }

  /** `{ resultType: "input_required", inputRequests, requestState }` (MCP 2026-07-28 mrtr). */
  inputRequired(): JsonObject | Promise<JsonObject> {
    const { method, subject, settings } = this;
    const rounds = this.rounds + 1;
    const { maxRounds } = settings;
    // Each round reruns the method with every earlier answer: unbounded rounds cost the square.
    if (rounds > maxRounds) {
      throw new Fault(
        ErrorCode.INVALID_REQUEST,
        `${method} "${subject.name}" still asks for input after ${maxRounds} input_required rounds (maxRounds ${maxRounds}); the request is ended. Send it again without requestState to start over.`,
        { maxRounds },
      );
    }
    const telemetry = settings.telemetry;
    const carrier = telemetry?.carrier();
    let inputRequests = this.requests;
    if (carrier !== undefined) {
      // The asks carry this round's trace context to the client, as 2025 requests do in _meta.
      inputRequests = {};
      for (const [key, ask] of Object.entries(this.requests)) {
        const params = isObject(ask.params) ? ask.params : {};
        setMember(inputRequests, key, { ...ask, params: telemetry!.inject(params) });
      }
    }
    const sealed = settings.sealer.seal(
      { answers: this.answers, asked: Object.keys(this.requests), rounds },
      binding(method, subject, this.principal),
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
}

/** What a retry's sealed state is bound to, besides the method and the caller. */
interface Subject {
  readonly name: string;
  readonly args: unknown;
}

function binding(method: string, subject: Subject, principal: string) {
  return { principal, method, ...subject };
}

/**
 * The attempt of a request that may ask by retry: the sealed state's answers, then those
 * `inputResponses` that answer a question the state records as asked. An answer to a question
 * never asked (or sent with no state) is dropped, so the question still reaches the client:
 * a confirmation cannot be pre-answered by the caller. A promise only when the state is opened
 * with an asynchronous HMAC (Web Crypto).
 */
export function openAttempt(
  method: string,
  subject: Subject,
  params: JsonObject,
  inbound: RequestView,
  settings: TableSettings,
): Attempt | Promise<Attempt> {
  const responses = params.inputResponses;
  if (responses !== undefined && !isObject(responses)) {
    throw invalidParams('inputResponses must be an object of answers by key');
  }
  // No closure on the usual path (no requestState): a 2026 call makes its attempt and no more.
  if (params.requestState === undefined) {
    return answered(undefined, responses, method, subject, inbound, settings);
  }
  return reopen(params.requestState, responses, method, subject, inbound, settings);
}

/** Opens the sealed state of a retry, then makes its attempt. */
function reopen(
  state: unknown,
  responses: JsonObject | undefined,
  method: string,
  subject: Subject,
  inbound: RequestView,
  settings: TableSettings,
): Attempt | Promise<Attempt> {
  const sealer = settings.sealer;
  const round = sealer.open(state, binding(method, subject, inbound.link?.principal ?? ''));
  // This round's span links to the round that asked (its context rode in the sealed state).
  const opened = (sealed: SealedRound): Attempt => {
    settings.telemetry?.linkTo(sealer.trace(state));
    return answered(sealed, responses, method, subject, inbound, settings);
  };
  return round instanceof Promise ? round.then(opened) : opened(round);
}

/** The attempt from the sealed state's round (if any) and the request's `inputResponses`. */
function answered(
  round: SealedRound | undefined,
  responses: JsonObject | undefined,
  method: string,
  subject: Subject,
  inbound: RequestView,
  settings: TableSettings,
): Attempt {
  const answers: JsonObject = { ...round?.answers };
  const asked: readonly string[] = round?.asked ?? [];
  if (responses !== undefined) {
    for (const [key, answer] of Object.entries(responses)) {
      if (!isObject(answer)) {
        throw invalidParams(`inputResponses["${key}"] must be the client's result object`);
      }
      if (asked.includes(key)) setMember(answers, key, answer);
    }
  }
  const capabilities = inbound.client?.capabilities ?? {};
  const principal = inbound.link?.principal ?? '';
  const rounds = round?.rounds ?? 0;
  return new Attempt(answers, capabilities, rounds, method, subject, principal, settings);
}
