/**
 * Preparing a JSON Schema for clients: generated schemas lose their top-level `$schema`, and every
 * emitted schema is deeply frozen so no caller can change what `tools/list` shows.
 */
import { type JsonObject, setMember } from '../core';

/**
 * A generated schema made safe for MCP clients: the top-level `$schema` is dropped (the official
 * SDK client checks `outputSchema` with a draft-07 ajv that rejects a 2020-12 `$schema`), every
 * other key is kept.
 */
export function cleanGenerated(schema: JsonObject): JsonObject {
  const { $schema: _dropped, ...rest } = schema;
  return dropSafeIntegerBounds(rest) as JsonObject;
}

/**
 * zod 4 writes `minimum: -9007199254740991, maximum: 9007199254740991` on every integer: bounds
 * that say nothing but the safe-integer range. They are noise for a model; drop them.
 */
function dropSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropSafeIntegerBounds);
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'minimum' && child === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'maximum' && child === Number.MAX_SAFE_INTEGER) continue;
    setMember(out, key, dropSafeIntegerBounds(child));
  }
  return out;
}

/** Freezes `value` and everything reachable from it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
