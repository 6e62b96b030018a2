/** Whether shared caches may keep a result (`public`) or only the caller's own (`private`). */
export type CacheScope = 'public' | 'private';

/**
 * The caching hint of a 2026-07-28 result (`ttlMs`, `cacheScope`; MCP 2026-07-28
 * server/utilities/caching, SEP-2549): how long a client may reuse it, and who may share it.
 */
export interface CacheHint {
  /** Milliseconds the result stays fresh (0: stale at once). */
  ttlMs: number;
  /** `'public'`, or `'private'` when the result depends on the caller. */
  scope: CacheScope;
}

/**
 * Where a definition (or the contents a reader returns) carries its own {@link CacheHint}: a
 * symbol-keyed member, which JSON leaves out, so lists go out unchanged.
 */
export const CACHE_HINT: unique symbol = Symbol.for('declarative-mcp.cacheHint') as never;

/** The hint of a list: the smallest `ttlMs` of its members, `private` if any member is. */
export function listHint(
  items: readonly unknown[],
  fallback: CacheHint,
  forcePrivate: boolean,
): CacheHint {
  let ttlMs = fallback.ttlMs;
  let scope: CacheScope = forcePrivate ? 'private' : fallback.scope;
  let first = true;
  for (const item of items) {
    const own = hintOf(item) ?? fallback;
    ttlMs = first ? own.ttlMs : Math.min(ttlMs, own.ttlMs);
    first = false;
    if (own.scope === 'private') scope = 'private';
  }
  return { ttlMs, scope };
}

/** The hint a value carries under {@link CACHE_HINT}, if any. */
export function hintOf(value: unknown): CacheHint | undefined {
  return typeof value === 'object' && value !== null
    ? ((value as { [CACHE_HINT]?: CacheHint })[CACHE_HINT] ?? undefined)
    : undefined;
}

/** Checks a configured hint (start-up): `ttlMs` a whole number ≥ 0, `scope` public or private. */
export function checkHint(
  hint: Partial<CacheHint> | undefined,
  where: string,
): CacheHint | undefined {
  if (hint === undefined) return undefined;
  if (typeof hint !== 'object' || hint === null) {
    throw new TypeError(
      `${where}: "cache" must be an object such as { ttlMs: 60000, scope: 'public' }.`,
    );
  }
  const { ttlMs = 0, scope = 'public' } = hint;
  if (!Number.isInteger(ttlMs) || ttlMs < 0) {
    throw new TypeError(
      `${where}: cache.ttlMs must be a whole number of milliseconds, 0 or more (got ${String(ttlMs)}).`,
    );
  }
  if (scope !== 'public' && scope !== 'private') {
    throw new TypeError(
      `${where}: cache.scope must be 'public' or 'private' (got ${String(scope)}).`,
    );
  }
  return { ttlMs, scope };
}
