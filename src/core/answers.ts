import { ErrorCode } from './error-codes';
import type { JsonRpcId } from './types';

/**
 * The JSON text of JSON-RPC error answers, written directly rather than through an object and
 * `JSON.stringify` (the dispatcher's hot path), and {@link AnswerSummary}, what an answer was.
 */

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
  /** The answer says a dependency is out (an `UnavailableError`): try again. */
  unavailable?: boolean;
}

/** An error answer without id, its text built once. */
function answerWithoutId(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
}

/** The answer to a payload that is not JSON. */
export const PARSE_ERROR_ANSWER = answerWithoutId(ErrorCode.PARSE_ERROR, 'Parse error');
/** The answer to a message refused whole (not a request object, a refused batch). */
export const INVALID_REQUEST_ANSWER = answerWithoutId(ErrorCode.INVALID_REQUEST, 'Invalid Request');
/** The answer when the dispatcher itself failed, which it is built never to do. */
export const INTERNAL_ERROR_ANSWER = answerWithoutId(ErrorCode.INTERNAL_ERROR, 'Internal error');

/**
 * The error answer with `code`, `message` and, when given, `data`. `data` that cannot be encoded
 * (a cycle, a BigInt) is left out, and `unencodable` is told why.
 */
export function errorAnswer(
  id: JsonRpcId | null,
  code: number,
  message: string,
  data?: unknown,
  unencodable?: (error: unknown) => void,
): string {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":${JSON.stringify(code)},"message":${JSON.stringify(String(message))}`;
  if (data === undefined) return `${head}}}`;
  try {
    return `${head},"data":${JSON.stringify(data) ?? 'null'}}}`;
  } catch (error) {
    unencodable?.(error);
    return `${head}}}`;
  }
}

/** Marks `note` (when there is one) as an `Internal error` answer caused by `error`. */
export function noteInternal(note: AnswerSummary | undefined, error: unknown): void {
  if (note === undefined) return;
  note.code = ErrorCode.INTERNAL_ERROR;
  note.message = 'Internal error';
  note.error = error;
}

/** Marks `note` (when there is one) as an error answer with `code` and `message`. */
export function noteError(note: AnswerSummary | undefined, code: number, message: string): void {
  if (note === undefined) return;
  note.code = code;
  note.message = message;
}
