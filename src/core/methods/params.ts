import { invalidParams } from '../errors';
import type { JsonObject } from '../types';
import { isObject } from '../types';

export { invalidParams };

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
