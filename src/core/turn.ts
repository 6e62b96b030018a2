import { type Era, type ModernClient, missingCapability } from './era';
import type { Link } from './peer';
import { nextTurn } from './timers';
import type { JsonObject } from './types';
import { isObject } from './types';

/** One request as the core sees it while answering: its era, its transport link, its client. */
export interface Turn {
  /** `undefined` for a `server/discover` probe (no era named). */
  readonly era: Era | undefined;
  /** The transport's path back to the client, when there is one. */
  readonly link: Link | undefined;
  /** What a modern request's `_meta` says about its client. */
  readonly client: ModernClient | undefined;
  /** The MRTR attempt of a modern `tools/call`, `prompts/get` or `resources/read`. */
  attempt?: Attempt;
}

/**
 * One attempt of a modern request that may ask the client things (MRTR, MCP 2026-07-28
 * basic/patterns/mrtr): asks whose key has an answer resolve with it; the first unanswered ask
 * ends the attempt, together with every ask started in the same turn of the event loop
 * (`Promise.all`), and the request is answered `input_required` with those asks.
 */
export class Attempt {
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
    readonly rounds = 0,
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

  /** Whether the attempt ended for want of answers. */
  get needsInput(): boolean {
    return this.ended;
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
    this.requests[key] = { method, params };
    if (!this.ended) {
      this.ended = true;
      // Asks started together (Promise.all) all register before the event loop turns.
      nextTurn(() => this.end?.());
    }
    return new Promise<unknown>(() => {});
  }
}
