import type { JsonObject } from './types';
import { isObject, setMember } from './types';

/**
 * What a session keeps of a client's `initialize`: the capability keys MCP defines (2025-03-26
 * to 2025-11-25, plus `extensions`), and the `Implementation` members of `clientInfo`, each
 * copied within a small budget. A client decides how big its `initialize` is; the server keeps
 * it for the session's whole life, so nothing of it is kept as sent (one 4 MiB `capabilities`
 * object parses to about 85 MiB).
 */
const CAPABILITY_KEYS = ['roots', 'sampling', 'elicitation', 'experimental', 'tasks', 'extensions'];
const CLIENT_INFO_KEYS = ['name', 'version', 'title', 'description', 'websiteUrl', 'icons'];

/** The limits of one bounded copy: nesting depth, members per object or array, string length, and nodes in all. */
const LIMITS = { depth: 6, members: 32, string: 1024, nodes: 512 } as const;

/** The most characters of the JSON text of what is kept (capabilities and clientInfo together). */
export const MAX_CLIENT_STATE_CHARS = 16 * 1024;

interface Budget {
  nodes: number;
  chars: number;
}

/**
 * A string of its own. V8 makes a long string's `slice` a view that keeps the whole parent
 * alive: 1 KiB cut from a 4 MiB `clientInfo.name` would keep the 4 MiB for the session's life.
 */
function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** A JSON copy of `value` within `budget`: what does not fit is left out (never an error). */
function copy(value: unknown, depth: number, budget: Budget): unknown {
  budget.nodes -= 1;
  if (typeof value === 'string') {
    const kept = value.length > LIMITS.string ? flat(value.slice(0, LIMITS.string)) : value;
    budget.chars -= kept.length + 2;
    return kept;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    budget.chars -= 8;
    return value;
  }
  budget.chars -= 2;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    if (depth >= LIMITS.depth) return out;
    for (const item of value) {
      if (out.length >= LIMITS.members || budget.nodes <= 0 || budget.chars <= 0) break;
      const kept = copy(item, depth + 1, budget);
      if (kept !== undefined) out.push(kept);
    }
    return out;
  }
  if (!isObject(value)) return undefined;
  const out: JsonObject = {};
  if (depth >= LIMITS.depth) return out;
  let members = 0;
  for (const key of Object.keys(value)) {
    if (members >= LIMITS.members || budget.nodes <= 0 || budget.chars <= 0) break;
    if (key.length > LIMITS.string) continue;
    const kept = copy(value[key], depth + 1, budget);
    if (kept === undefined) continue;
    setMember(out, key, kept);
    budget.chars -= key.length + 3;
    members += 1;
  }
  return out;
}

function pick(value: unknown, keys: readonly string[], budget: Budget): JsonObject {
  const out: JsonObject = {};
  if (!isObject(value)) return out;
  for (const key of keys) {
    if (!Object.hasOwn(value, key) || budget.nodes <= 0 || budget.chars <= 0) continue;
    const kept = copy(value[key], 1, budget);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/**
 * The client state a session keeps from `initialize` params: `capabilities` reduced to the keys
 * MCP defines and `clientInfo` to the `Implementation` members, both copied within
 * {@link MAX_CLIENT_STATE_CHARS} (and bounded depth, width and string length).
 */
export function keptClientState(params: JsonObject): {
  capabilities: JsonObject;
  clientInfo: JsonObject | undefined;
} {
  const budget: Budget = { nodes: LIMITS.nodes, chars: MAX_CLIENT_STATE_CHARS };
  const capabilities = pick(params.capabilities, CAPABILITY_KEYS, budget);
  const clientInfo = isObject(params.clientInfo)
    ? pick(params.clientInfo, CLIENT_INFO_KEYS, budget)
    : undefined;
  return { capabilities, clientInfo };
}
