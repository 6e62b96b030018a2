import { invalidParams as invalid } from '../errors';
import type { JsonObject } from '../types';
import { isObject } from '../types';

/**
 * -32602 with a message (the errors module's), for the method families. A constant, not
 * `export { invalidParams }`: tsc writes a re-export as a getter over a member it first set to
 * `undefined`, which turns V8's exports object of this module to dictionary mode, and every
 * `orEmpty`/`argumentsOf` of a tools/call then paid a generic property load (~70 instructions).
 */
export const invalidParams = invalid;

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
  if (!isObject(args)) throw invalid(`${method}: "arguments" must be an object`);
  return args;
}

/** The `uri` member: a non-empty string, or -32602. */
export function uriOf(params: JsonObject, method: string): string {
  const uri = params.uri;
  if (typeof uri !== 'string' || uri === '')
    throw invalid(`${method}: "uri" must be a non-empty string`);
  return uri;
}
