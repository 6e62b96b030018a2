import {
  type AnswerSummary,
  errorAnswer,
  INTERNAL_ERROR_ANSWER,
  INVALID_REQUEST_ANSWER,
  noteError,
  noteInternal,
  PARSE_ERROR_ANSWER,
} from './answers';
import { ErrorCode } from './error-codes';
import { ConfigurationError, ConfigurationRangeError, Fault } from './errors';
import { OUTAGE, Outages } from './outage';
import type { ResultLimit } from './result-limit';
import type {
  JsonRpcDispatcherOptions,
  MethodHandler,
  Parsed,
  Reporter,
  RequestObserver,
} from './rpc-contract';
import { TextResult } from './text-result';
import { isObject, isThenable, type JsonRpcId, type JsonRpcRequest } from './types';
import { UnavailableError } from './unavailable';

/**
 * Returned by a method handler that owes no answer (for example a request the client cancelled):
 * the dispatcher then sends nothing for it.
 */
export const NO_ANSWER: unique symbol = Symbol('declarative-mcp.NO_ANSWER');

/**
 * A method's result with its JSON text, made by the method's own wrapping (the 2026-07-28
 * envelope adds the server's `_meta` as text): the answer carries `json`, everything else
 * (result limit, telemetry, the outcome) sees `value`. `json` is `JSON.stringify(value)`.
 */
export class Encoded {
  constructor(
    readonly value: unknown,
    readonly json: string,
  ) {}
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * A JSON-RPC 2.0 dispatcher: a table of methods, the request and batch rules of the
 * specification, and the mapping of thrown errors to error objects. It answers raw payloads and
 * never throws or rejects, whatever the bytes.
 *
 * @example
 * const rpc = new JsonRpcDispatcher().register('sum', (params) => (params as number[]).reduce((a, b) => a + b, 0));
 * await rpc.handle('{"jsonrpc":"2.0","id":1,"method":"sum","params":[1,2]}'); // '{"jsonrpc":"2.0","id":1,"result":3}'
 */
export class JsonRpcDispatcher<C = unknown, X = unknown> {
  /** The largest batch accepted; `0` when batches are refused. */
  readonly batch: number;
  private readonly reporter: Reporter<C> | undefined;
  private readonly onResponse: JsonRpcDispatcherOptions<C, X>['onResponse'];
  private readonly enter: JsonRpcDispatcherOptions<C, X>['enter'];
  private readonly resultLimit: ResultLimit | undefined;
  private readonly table = new Map<string, MethodHandler<C, X>>();
  /** The outages of dependencies, made at the first one. */
  private outages: Outages | undefined;
  /** Set while requests are observed (telemetry); the one check a request pays without it. */
  observer: RequestObserver<C, X> | undefined;

  constructor(options: JsonRpcDispatcherOptions<C, X> = {}) {
    const batch = options.batch ?? 100;
    if (!Number.isInteger(batch) || batch < 0) {
      throw new ConfigurationRangeError(
        `JsonRpcDispatcher: batch must be a whole number of 0 or more (got ${String(batch)}); use 0 to refuse batches.`,
      );
    }
    this.batch = batch;
    this.reporter = options.reporter;
    this.onResponse = options.onResponse;
    this.enter = options.enter;
    this.resultLimit = options.resultLimit;
  }

  /** Adds a method. Registering the same name twice throws. */
  register(method: string, handler: MethodHandler<C, X>): this {
    if (this.table.has(method)) {
      throw new ConfigurationError(`JsonRpcDispatcher: method "${method}" is already registered.`);
    }
    this.table.set(method, handler);
    return this;
  }

  /** Whether `method` is registered. */
  has(method: string): boolean {
    return this.table.has(method);
  }

  /** The registered method names, in registration order. */
  methods(): string[] {
    return [...this.table.keys()];
  }

  /** Parses a payload: the value, or the Parse error answer to send. */
  parse(payload: string): Parsed {
    try {
      return { ok: true, value: JSON.parse(payload) };
    } catch {
      return { ok: false, answer: PARSE_ERROR_ANSWER };
    }
  }

  /**
   * Parses whatever a caller handed in as a payload: a string as JSON, anything else after
   * `String()`. A value that cannot even be turned into text (`Object.create(null)`, a throwing
   * `toString`, a revoked Proxy) is the caller's bug, not the client's: it is reported and
   * answered as a Parse error, so `handle()` still never rejects.
   */
  parseAny(payload: unknown, context: C): Parsed {
    if (typeof payload === 'string') return this.parse(payload);
    let text: string;
    try {
      text = String(payload);
    } catch (error) {
      this.report(error, { jsonrpc: '2.0', method: '' }, context);
      return { ok: false, answer: PARSE_ERROR_ANSWER };
    }
    return this.parse(text);
  }

  /**
   * Answers a raw payload: the JSON text to send, or `null` when nothing is owed
   * (only notifications or responses came in).
   */
  async handle(payload: string, context?: C, extra?: X): Promise<string | null> {
    const parsed = this.parseAny(payload, context as C);
    return parsed.ok ? this.dispatch(parsed.value, context as C, extra) : parsed.answer;
  }

  /**
   * Answers an already parsed message or batch; see {@link handle}. For a single message, `note`
   * (when given) learns whether the answer is a result or an error, and its code.
   */
  dispatch(message: unknown, context: C, extra?: X, note?: AnswerSummary): Promise<string | null> {
    if (!Array.isArray(message)) {
      // A single message: answer()'s own promise (or the observer's, which never rejects
      // either) is the answer, with no async frame and tick of this method around it.
      try {
        const answer = this.one(message, context, extra, note);
        return typeof answer === 'object' && answer !== null ? answer : Promise.resolve(answer);
      } catch (error) {
        return Promise.resolve(this.unexpected(error, context));
      }
    }
    return this.answerBatch(message, context, extra, note);
  }

  private async answerBatch(
    message: unknown[],
    context: C,
    extra: X | undefined,
    note: AnswerSummary | undefined,
  ): Promise<string | null> {
    try {
      if (message.length === 0 || message.length > this.batch) {
        if (note !== undefined) note.refused = true;
        return INVALID_REQUEST_ANSWER;
      }
      const answers = await Promise.all(message.map((item) => this.one(item, context, extra)));
      const owed = answers.filter((answer): answer is string => answer !== null);
      return owed.length === 0 ? null : `[${owed.join(',')}]`;
    } catch (error) {
      return this.unexpected(error, context);
    }
  }

  /** Unreachable by design (one() catches everything); kept so handle() can never reject. */
  private unexpected(error: unknown, context: C): string {
    this.report(error, { jsonrpc: '2.0', method: '' }, context);
    return INTERNAL_ERROR_ANSWER;
  }

  // Not async: a request's answer is the promise of answer() itself, with no extra ticks.
  private one(
    message: unknown,
    context: C,
    extra: X | undefined,
    note?: AnswerSummary,
  ): Promise<string | null> | string | null {
    if (!isObject(message)) {
      if (note !== undefined) note.refused = true;
      return INVALID_REQUEST_ANSWER;
    }
    const hasId = 'id' in message;
    const id = hasId && isId(message.id) ? message.id : null;

    if (!('method' in message) && ('result' in message || 'error' in message) && hasId) {
      this.onResponse?.(message, context, extra);
      return null;
    }
    const { method, params } = message;
    if (
      message.jsonrpc !== '2.0' ||
      typeof method !== 'string' ||
      (hasId && id === null) ||
      (params !== undefined && (typeof params !== 'object' || params === null))
    ) {
      if (note !== undefined) note.code = ErrorCode.INVALID_REQUEST;
      return this.error(id, ErrorCode.INVALID_REQUEST, 'Invalid Request');
    }

    const request = message as unknown as JsonRpcRequest;
    const observer = this.observer;
    if (observer !== undefined) {
      return observer.observe(request, context, extra, note, (trail) =>
        this.answer(request, hasId, id, context, extra, trail),
      );
    }
    return this.answer(request, hasId, id, context, extra, note);
  }

  private async answer(
    request: JsonRpcRequest,
    hasId: boolean,
    id: JsonRpcId | null,
    context: C,
    extra: X | undefined,
    note: AnswerSummary | undefined,
  ): Promise<string | null> {
    const method = request.method;
    let result: unknown;
    try {
      const enter = this.enter;
      const given = enter === undefined ? extra : enter(request, context, extra);
      const handler = this.table.get(method);
      if (handler === undefined) {
        noteError(note, ErrorCode.METHOD_NOT_FOUND, 'Method not found');
        return hasId ? this.error(id, ErrorCode.METHOD_NOT_FOUND, 'Method not found') : null;
      }
      const handled = handler(request.params, context, request, given);
      // A handler that answered synchronously is not awaited: awaiting an object looks its
      // `then` up and costs a tick (the in-process tools/call path, see MethodTable.withCall).
      result = isThenable(handled) ? await handled : handled;
    } catch (error) {
      if (error === NO_ANSWER) return null;
      if (Fault.is(error)) {
        noteError(note, error.code, error.message);
        return hasId
          ? this.error(id, error.code, error.message, error.data, request, context)
          : null;
      }
      if (UnavailableError.is(error)) {
        // An outage, not a bug: "try again", naming what is out; told as it starts and ends.
        this.outages ??= new Outages((notice) => this.report(notice, OUTAGE, undefined as C));
        this.outages.refuse(error);
        noteError(note, ErrorCode.TRANSPORT_ERROR, error.answer);
        if (note !== undefined) note.unavailable = true;
        return hasId ? this.error(id, ErrorCode.TRANSPORT_ERROR, error.answer) : null;
      }
      this.report(error, request, context);
      noteInternal(note, error);
      return hasId ? this.error(id, ErrorCode.INTERNAL_ERROR, 'Internal error') : null;
    }
    if (!hasId || result === NO_ANSWER) return null;
    try {
      // A TextResult writes its own JSON (in-process tools/call 22.9k -> 17.9k instructions with
      // the id below, callgrind); an Encoded result came with its JSON (the 2026-07-28
      // envelope); anything else is JSON.stringify's.
      let json: string;
      if (result instanceof TextResult) json = result.json();
      else if (result instanceof Encoded) {
        json = result.json;
        result = result.value;
      } else json = JSON.stringify(result === undefined ? null : result) ?? 'null';
      const bytes = this.resultLimit?.over(json);
      if (bytes !== undefined) {
        const limit = this.resultLimit!;
        this.report(limit.report(request, bytes), request, context);
        result = limit.replacement(request, result, bytes);
        json = JSON.stringify(result);
      }
      // A number id (finite: isId) is written as JSON.stringify writes it, without a call of it.
      const text = `{"jsonrpc":"2.0","id":${typeof id === 'number' ? id : JSON.stringify(id)},"result":${json}}`;
      if (note !== undefined) {
        note.ok = true;
        note.result = result;
      }
      return text;
    } catch (error) {
      if (Fault.is(error)) {
        // Past maxResultBytes for a method whose result is not a tool's.
        noteError(note, error.code, error.message);
        return this.error(id, error.code, error.message, error.data, request, context);
      }
      // A result that cannot be encoded (a cycle, a BigInt) is the server's fault.
      this.report(error, request, context);
      noteInternal(note, error);
      return this.error(id, ErrorCode.INTERNAL_ERROR, 'Internal error');
    }
  }

  private error(
    id: JsonRpcId | null,
    code: number,
    message: string,
    data?: unknown,
    request?: JsonRpcRequest,
    context?: C,
  ): string {
    if (data === undefined || request === undefined) return errorAnswer(id, code, message, data);
    return errorAnswer(id, code, message, data, (error) =>
      this.report(error, request, context as C),
    );
  }

  private report(error: unknown, request: JsonRpcRequest, context: C): void {
    if (this.reporter === undefined) return;
    try {
      this.reporter(error, request, context);
    } catch {
      // A reporter that throws changes nothing: the answer still goes out.
    }
  }
}
