/**
 * The identity an OAuth authenticator gives a request, made from a verified token's claims, and
 * the scopes those claims grant.
 */

/**
 * The identity {@link jwtAuth} and {@link introspectionAuth} give a request: what the default
 * authorization (`identity.scopes`) and the default `identityKey` (`sub`, then `id`) read.
 */
export interface OAuthIdentity {
  /** `sub`, else `client_id`: who the token stands for. */
  readonly id: string;
  /** The `sub` claim, when present. */
  readonly sub?: string;
  /** The `client_id` claim (or `azp`), when present: the client the token was issued to. */
  readonly clientId?: string;
  /** The granted scopes: the `scope` claim split on spaces, or the `scp` claim (string or array). */
  readonly scopes: readonly string[];
  /** Every claim of the token (or of the introspection answer), as received. */
  readonly claims: Readonly<Record<string, unknown>>;
}

/** The scopes a token grants: `scope` (RFC 9068, RFC 7662, RFC 8693: space-separated) or `scp` (Entra ID, Okta). */
export function grantedScopes(claims: Readonly<Record<string, unknown>>): string[] {
  for (const value of [claims.scope, claims.scp]) {
    if (typeof value === 'string') return value.split(' ').filter((scope) => scope !== '');
    if (Array.isArray(value)) return value.filter((scope) => typeof scope === 'string');
  }
  return [];
}

/** The {@link OAuthIdentity} of verified claims, or undefined when they name nobody. */
export function identityOf(claims: Readonly<Record<string, unknown>>): OAuthIdentity | undefined {
  const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined;
  const client =
    typeof claims.client_id === 'string'
      ? claims.client_id
      : typeof claims.azp === 'string'
        ? claims.azp
        : undefined;
  const id = sub ?? client;
  if (id === undefined || id === '') return undefined;
  return Object.freeze({
    id,
    ...(sub === undefined ? {} : { sub }),
    ...(client === undefined ? {} : { clientId: client }),
    scopes: Object.freeze(grantedScopes(claims)),
    claims: Object.freeze({ ...claims }),
  });
}

/** Whether `granted` holds every scope of `required`. */
export function holds(granted: readonly string[], required: readonly string[]): boolean {
  return required.every((scope) => granted.includes(scope));
}
