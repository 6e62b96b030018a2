import type { AnswerSummary } from './answers';
import type { ResultLimit } from './result-limit';
import type { JsonRpcRequest } from './types';

/**
 * What {@link JsonRpcDispatcher} agrees with those around it: the methods it runs, the reporter
 * it tells of unexpected errors, the observer that watches each request, and its options. Types
 * only: nothing of this module is loaded at run time.
 */

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

/** What parsing a payload gives: the value, or the Parse error answer to send. */
export type Parsed = { ok: true; value: unknown } | { ok: false; answer: string };
