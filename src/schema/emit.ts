/**
 * Preparing a JSON Schema for clients: generated schemas lose their top-level `$schema`, and every
 * emitted schema is deeply frozen so no caller can change what `tools/list` shows.
 */
import type { JsonObject } from '../core';

/**
 * A generated schema made safe for MCP clients: the top-level `$schema` is dropped (the official
 * SDK client checks `outputSchema` with a draft-07 ajv that rejects a 2020-12 `$schema`), every
 * other key is kept.
 */
export function cleanGenerated(schema: JsonObject): JsonObject {
  const { $schema: _dropped, ...rest } = schema;
  return rest;
}

/** Freezes `value` and everything reachable from it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
