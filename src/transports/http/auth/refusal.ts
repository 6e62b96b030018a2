const REFUSAL = Symbol.for('declarative-mcp.AuthRefusal');

/** RFC 6750 §3: what an `error_description` may hold inside its quoted string. */
function describable(text: string): string {
  return text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, ' ');
}

/**
 * What an {@link Authenticate} hook returns to refuse a request with a reason, instead of
 * `null` (which is "no valid token"): `401 invalid_token` (the token is expired, forged, for
 * another audience or issuer) or `403 insufficient_scope` (the token is valid but lacks scopes).
 * The answer carries the matching `WWW-Authenticate: Bearer` challenge (RFC 6750 §3), with
 * `resource_metadata` when the server publishes RFC 9728 metadata.
 *
 * @example
 * authenticate: async (req) => {
 *   const identity = await verify(req);
 *   if (identity === undefined) return AuthRefusal.invalidToken('The access token expired');
 *   if (!identity.scopes.includes('mcp')) return AuthRefusal.insufficientScope(['mcp']);
 *   return identity;
 * }
 */
export class AuthRefusal {
  /** `401` or `403`. */
  readonly status: 401 | 403;
  /** The RFC 6750 error code sent in the challenge. */
  readonly error: 'invalid_token' | 'insufficient_scope';
  /** A human-readable reason (`error_description`). */
  readonly description: string;
  /** The scopes the request needs (`scope`, for `insufficient_scope`). */
  readonly scopes: readonly string[];

  private constructor(
    status: 401 | 403,
    error: 'invalid_token' | 'insufficient_scope',
    description: string,
    scopes: readonly string[],
  ) {
    this.status = status;
    this.error = error;
    this.description = describable(description);
    this.scopes = Object.freeze([...scopes]);
    Object.defineProperty(this, REFUSAL, { value: true });
  }

  /** `401` with `error="invalid_token"`: the token is invalid, expired, revoked or not for this server. */
  static invalidToken(description = 'The access token is invalid or expired'): AuthRefusal {
    return new AuthRefusal(401, 'invalid_token', description, []);
  }

  /** `403` with `error="insufficient_scope"` and `scope="…"`: the token is valid but lacks `scopes`. */
  static insufficientScope(
    scopes: readonly string[],
    description = 'The access token lacks a scope this request needs',
  ): AuthRefusal {
    return new AuthRefusal(403, 'insufficient_scope', description, scopes);
  }

  /** Whether `value` is a refusal (also one made by another installed copy of the package). */
  static is(value: unknown): value is AuthRefusal {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[REFUSAL] === true
    );
  }
}

/**
 * The `WWW-Authenticate` challenge of a refusal (RFC 6750 §3, RFC 9728 §5.1): `Bearer`, the
 * metadata URL when known, and the refusal's `error`, `error_description` and `scope`. Without
 * a refusal (no token was presented) there is no `error` (RFC 6750 §3.1), but the scopes every
 * request needs, when there are some (`scope`: MCP 2025-11-25 clients ask for these first).
 */
export function bearerChallenge(
  metadataLocation: string | undefined,
  refusal: AuthRefusal | undefined,
  needed: readonly string[] = [],
): string {
  const params: string[] = [];
  if (metadataLocation !== undefined) params.push(`resource_metadata="${metadataLocation}"`);
  if (refusal === undefined && needed.length > 0) {
    params.push(`scope="${describable(needed.join(' '))}"`);
  }
  if (refusal !== undefined) {
    params.push(`error="${refusal.error}"`);
    if (refusal.scopes.length > 0) {
      params.push(`scope="${describable(refusal.scopes.join(' '))}"`);
    }
    params.push(`error_description="${refusal.description}"`);
  }
  return params.length === 0 ? 'Bearer' : `Bearer ${params.join(', ')}`;
}
