import { ErrorCode, Fault } from '../errors';
import type { JsonObject } from '../types';
import { isObject } from '../types';

/** -32602 with its reason in the message (what a client shows) and in `data.reason` (for code). */
export function invalidParams(reason: string): Fault {
  return new Fault(ErrorCode.INVALID_PARAMS, `Invalid params: ${reason}`, { reason });
}

/** MCP: an empty result is an object on the wire; only `[]`, `null` and `undefined` change. */
export function orEmpty(result: unknown): unknown {
  return result === null || result === undefined || (Array.isArray(result) && result.length === 0)
    ? {}
    : result;
}

/** The `arguments` member of `tools/call` or `prompts/get`: absent → `{}`, non-object → -32602. */
export function argumentsOf(params: JsonObject, method: string): JsonObject {
  const args = params.arguments;
  if (args === undefined) return {};
  if (!isObject(args)) throw invalidParams(`${method}: "arguments" must be an object`);
  return args;
}

/** The `uri` member: a non-empty string, or -32602. */
export function uriOf(params: JsonObject, method: string): string {
  const uri = params.uri;
  if (typeof uri !== 'string' || uri === '')
    throw invalidParams(`${method}: "uri" must be a non-empty string`);
  return uri;
}
