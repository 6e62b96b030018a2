import type { AnswerSummary } from '../answers';
import { CancelledError, ClientRequestError, RequestTimeoutError } from '../errors';
import { isObject } from '../types';
import { toolErrorText } from './attributes';

/** `error.type`: the JSON-RPC code, or `tool_error` for an `isError` result; else `undefined`. */
export function failureOf(trail: AnswerSummary): string | undefined {
  if (trail.code !== undefined) return String(trail.code);
  const result = trail.result;
  return isObject(result) && result.isError === true ? 'tool_error' : undefined;
}

/** A failed span's status text: the JSON-RPC error's message, or the tool result's first text. */
export function failureText(trail: AnswerSummary): string {
  if (trail.code !== undefined) return trail.message ?? '';
  return isObject(trail.result) ? toolErrorText(trail.result) : 'tool_error';
}

/**
 * What an answer the client gave (or did not) to a server→client request is as `error.type`:
 * the client's JSON-RPC code, `timeout`, `cancelled`, else `_OTHER`.
 */
export function askErrorType(error: unknown): string {
  if (ClientRequestError.is(error)) return String(error.code);
  if (RequestTimeoutError.is(error)) return 'timeout';
  if (CancelledError.is(error)) return 'cancelled';
  return '_OTHER';
}

/** An error as a span records it: the error itself, or its text. */
export function exception(error: unknown): Error | string {
  return error instanceof Error ? error : String(error);
}
