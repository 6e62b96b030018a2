import { ErrorCode } from './error-codes';
import { ConfigurationError, ConfigurationRangeError, Fault } from './errors';
import { Outages } from './outage';
import type { ResultLimit } from './result-limit';
import { isObject, type JsonRpcId, type JsonRpcRequest, type JsonRpcResponse } from './types';
import { UnavailableError } from './unavailable';

export type { JsonRpcErrorObject, JsonRpcId, JsonRpcRequest, JsonRpcResponse } from './types';

/**
 * Runs one method. `params` is the request's `params` as sent (an object, an array, or
 * `undefined`); `context` is the caller's context, passed through untouched; `extra` is whatever
 * the caller of {@link JsonRpcDispatcher.dispatch} handed in for this payload.
 * Throw a {@link Fault} for a JSON-RPC error; any other throw becomes `-32603 Internal error`.
 */
export type MethodHandler<C = unknown, X = unknown> = (
  params: unknown,
  context: C,
  request: JsonRpcRequest,
  extra: X | undefined,
) => unknown;

/**
 * Told about every unexpected error (anything but a {@link Fault}) with the request and the
 * context it came with. It must not throw; if it does, the error is dropped and the answer still
 * goes out.
 */
export type Reporter<C = unknown> = (error: unknown, request: JsonRpcRequest, context: C) => void;

/** Options of {@link JsonRpcDispatcher}. */
export interface JsonRpcDispatcherOptions<C = unknown, X = unknown> {
  /** Called with unexpected errors; see {@link Reporter}. */
  reporter?: Reporter<C>;
  /** Largest batch accepted (default 100); `0` refuses every batch; negative throws. */
  batch?: number;
  /**
   * Called with each JSON-RPC *response* that arrives (a message with `result` or `error` and no
   * `method`): the answer to a request the server sent the client. Nothing is sent back.
   */
  onResponse?: (response: Record<string, unknown>, context: C, extra: X | undefined) => void;
  /**
   * Called with each valid request or notification before its method is looked up: returns the
   * `extra` its handler receives (for example what the request says about its client). A thrown
   * {@link Fault} answers the request with that error.
   */
  enter?: (request: JsonRpcRequest, context: C, extra: X | undefined) => X | undefined;
  /** The bound on one serialised result (`maxResultBytes`); none when not given. */
  resultLimit?: ResultLimit;
}

/** What {@link JsonRpcDispatcher.dispatch} learned about a single message, for its caller. */
export interface AnswerSummary {
  /** The answer is a result. */
  ok: boolean;
  /** The answer's error code, when it is an error. */
  code: number | undefined;
  /** The whole message was refused (Invalid Request with `id: null`). */
  refused: boolean;
  /** The answer's error message, when it is an error. */
  message?: string;
  /** The method's result, when the answer is a result. */
  result?: unknown;
  /** The unexpected error behind an `Internal error` answer. */
  error?: unknown;
  /** The answer says a dependency is out (an {@link UnavailableError}): try again. */
  unavailable?: boolean;
}

/**
 * Watches each request while it is answered (OpenTelemetry spans and metrics): `answer` runs the
 * request and fills the note it is given; the observer returns its answer.
 */
export interface RequestObserver<C = unknown, X = unknown> {
  /** Answers `request` through `answer`, watching it; must never reject (as `answer` never does). */
  observe(
    request: JsonRpcRequest,
    context: C,
    extra: X | undefined,
    note: AnswerSummary | undefined,
    answer: (note: AnswerSummary | undefined) => Promise<string | null>,
  ): Promise<string | null>;
}

type Parsed = { ok: true; value: unknown } | { ok: false; answer: string };

/**
 * Returned by a method handler that owes no answer (for example a request the client cancelled):
 * the dispatcher then sends nothing for it.
 */
export const NO_ANSWER: unique symbol = Symbol('declarative-mcp.NO_ANSWER');

/** An error answer without id, its text built once. */
function answerWithoutId(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
}

const PARSE_ERROR_ANSWER = answerWithoutId(ErrorCode.PARSE_ERROR, 'Parse error');
const INVALID_REQUEST_ANSWER = answerWithoutId(ErrorCode.INVALID_REQUEST, 'Invalid Request');
const INTERNAL_ERROR_ANSWER = answerWithoutId(ErrorCode.INTERNAL_ERROR, 'Internal error');

/** The request an outage's notices are reported with: they are about no request of their own. */
const OUTAGE: JsonRpcRequest = Object.freeze({ jsonrpc: '2.0', method: '' }) as JsonRpcRequest;

function internal(note: AnswerSummary, error: unknown): void {
  note.code = ErrorCode.INTERNAL_ERROR;
  note.message = 'Internal error';
  note.error = error;
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

  /** The answer for a message that is refused whole: Invalid Request with `id: null`. */
  static invalidRequest(): string {
    return INVALID_REQUEST_ANSWER;
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
        if (note !== undefined) {
          note.code = ErrorCode.METHOD_NOT_FOUND;
          note.message = 'Method not found';
        }
        return hasId ? this.error(id, ErrorCode.METHOD_NOT_FOUND, 'Method not found') : null;
      }
      result = await handler(request.params, context, request, given);
    } catch (error) {
      if (error === NO_ANSWER) return null;
      if (Fault.is(error)) {
        if (note !== undefined) {
          note.code = error.code;
          note.message = error.message;
        }
        return hasId
          ? this.error(id, error.code, error.message, error.data, request, context)
          : null;
      }
      if (UnavailableError.is(error)) {
        // An outage, not a bug: "try again", naming what is out; told as it starts and ends.
        this.outages ??= new Outages((notice) => this.report(notice, OUTAGE, undefined as C));
        this.outages.refuse(error);
        if (note !== undefined) {
          note.code = ErrorCode.TRANSPORT_ERROR;
          note.message = error.answer;
          note.unavailable = true;
        }
        return hasId ? this.error(id, ErrorCode.TRANSPORT_ERROR, error.answer) : null;
      }
      this.report(error, request, context);
      if (note !== undefined) internal(note, error);
      return hasId ? this.error(id, ErrorCode.INTERNAL_ERROR, 'Internal error') : null;
    }
    if (!hasId || result === NO_ANSWER) return null;
    try {
      let json = JSON.stringify(result === undefined ? null : result) ?? 'null';
      const bytes = this.resultLimit?.over(json);
      if (bytes !== undefined) {
        const limit = this.resultLimit!;
        this.report(limit.report(request, bytes), request, context);
        result = limit.replacement(request, result, bytes);
        json = JSON.stringify(result);
      }
      const text = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${json}}`;
      if (note !== undefined) {
        note.ok = true;
        note.result = result;
      }
      return text;
    } catch (error) {
      if (Fault.is(error)) {
        // Past maxResultBytes for a method whose result is not a tool's.
        if (note !== undefined) {
          note.code = error.code;
          note.message = error.message;
        }
        return this.error(id, error.code, error.message, error.data, request, context);
      }
      // A result that cannot be encoded (a cycle, a BigInt) is the server's fault.
      this.report(error, request, context);
      if (note !== undefined) internal(note, error);
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
    const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":${JSON.stringify(code)},"message":${JSON.stringify(String(message))}`;
    if (data === undefined) return `${head}}}`;
    try {
      return `${head},"data":${JSON.stringify(data) ?? 'null'}}}`;
    } catch (error) {
      if (request) this.report(error, request, context as C);
      return `${head}}}`;
    }
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
