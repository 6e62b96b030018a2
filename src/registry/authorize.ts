/**
 * Decides whether a call's context holds the scopes a definition requires. Return `true` to
 * allow. The default reads `context.identity.scopes`, then `context.scopes` (an array or a Set).
 */
export type Authorize<C = unknown> = (
  required: readonly string[],
  context: C,
) => boolean | Promise<boolean>;

function scopesOf(context: unknown): { has(scope: string): boolean } | undefined {
  if (typeof context !== 'object' || context === null) return undefined;
  const identity = (context as { identity?: unknown }).identity;
  const candidates = [
    typeof identity === 'object' && identity !== null
      ? (identity as { scopes?: unknown }).scopes
      : undefined,
    (context as { scopes?: unknown }).scopes,
  ];
  for (const scopes of candidates) {
    if (scopes instanceof Set) return scopes as Set<string>;
    if (Array.isArray(scopes)) return { has: (scope) => scopes.includes(scope) };
  }
  return undefined;
}

/** The default {@link Authorize}: every required scope is in `context.identity.scopes` or `context.scopes`. */
export const defaultAuthorize: Authorize = (required, context) => {
  const scopes = scopesOf(context);
  return scopes !== undefined && required.every((scope) => scopes.has(scope));
};
