import { ConfigurationError, UnavailableError } from '../../../core';
import type { AnyRequest, AuthenticateInfo, HeaderAuthenticate } from './authenticate';
import { discover, fetchFailure, once, reachable } from './authorization-server';
import { bearerToken } from './bearer';
import {
  admit,
  commonOptions,
  describeOAuth,
  expectedAudience,
  listOption,
  numberOption,
  tooLong,
  urlOption,
} from './oauth';
import { AuthRefusal } from './refusal';

/** Options of {@link jwtAuth}. */
export interface JwtAuthOptions {
  /** The authorization server's issuer identifier, exactly as its tokens' `iss` spells it. */
  issuer: string;
  /**
   * The `aud` a token must hold (one of them, when several): this server's resource identifier
   * (RFC 8707). Default: the endpoint's resource URL, `resourceMetadata.resource` when set, else,
   * with `serveHttp` on a loopback address, the URL it listens on. Never the request's `Host`: on
   * any other bind, leaving both out is a start-up error.
   */
  audience?: string | readonly string[];
  /** Where the issuer's keys are. Default: `jwks_uri` from its RFC 8414 (or OpenID) metadata, read once. */
  jwksUri?: string;
  /** The signature algorithms accepted. Default: the asymmetric JWS algorithms (RS*, PS*, ES*, EdDSA, Ed25519). `none` is never accepted. */
  algorithms?: readonly string[];
  /**
   * Seconds of clock skew allowed on `exp`, `nbf` and `iat` (default 30): a server whose clock
   * is a little behind or ahead of the authorization server's still takes a fresh token.
   */
  clockTolerance?: number;
  /**
   * UNSAFE: accepts a token without `exp`, valid for ever once issued (RFC 9068 §2.2 makes `exp`
   * required). Default false: such a token is refused `401 invalid_token`.
   */
  allowTokensWithoutExpiry?: boolean;
  /** Scopes every request needs: a valid token without them is answered `403 insufficient_scope`. */
  requiredScopes?: readonly string[];
  /**
   * After a token names a key the cached set lacks, the set is fetched again, but at most once
   * per this many ms (default 30 000), so forged key ids cannot flood the authorization server.
   */
  jwksCooldown?: number;
  /**
   * How long (ms) fetching the metadata or the key set may take (default 5 000). Past it, or
   * when the key server cannot be reached, the request is answered `503` with `Retry-After` and
   * a JSON-RPC error naming the key server; `onError` hears of the outage as it starts and ends.
   */
  timeout?: number;
  /**
   * The longest token (characters) looked at (default 16 384, node's own header limit): a longer
   * one is refused `401 invalid_token` before it is parsed or sent anywhere.
   */
  maxTokenLength?: number;
  /** Builds the identity from the verified claims. Default: an `OAuthIdentity`. */
  identity?: (claims: Readonly<Record<string, unknown>>) => unknown;
}

const ASYMMETRIC = Object.freeze([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
]);

// `import()` kept as is: tsc (module node16) leaves it in CommonJS output, and jose 6 is ESM only.
const loadJose = () => import('jose');
type Jose = Awaited<ReturnType<typeof loadJose>>;

/** The key server, as a client told it is out reads it. */
const KEY_SERVER = 'the key server (JWKS)';

/**
 * Whether jose failed to get the key set: no answer in time, no connection, an answer other
 * than 200, or no key set in it.
 */
function keyServerFailure(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return (
    code === 'ERR_JWKS_TIMEOUT' ||
    code === 'ERR_JWKS_INVALID' ||
    code === 'ERR_JOSE_GENERIC' ||
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    (error instanceof TypeError && error.message === 'fetch failed')
  );
}

/** Why jose refused a token, as the `error_description` a client reads; undefined when it is not the token's fault. */
function describeFailure(error: unknown): string | undefined {
  const { code, claim, reason } = (error ?? {}) as {
    code?: unknown;
    claim?: unknown;
    reason?: unknown;
  };
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'The access token expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'exp' && reason === 'missing')
        return 'The access token has no expiry (exp claim), which RFC 9068 requires';
      if (claim === 'aud') return 'The access token is for another audience';
      if (claim === 'iss') return 'The access token is from another issuer';
      if (claim === 'nbf') return 'The access token is not valid yet';
      return `The access token's ${String(claim)} claim is invalid`;
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return 'The access token is signed with an unknown key';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'The access token signature does not verify';
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return 'The access token signature algorithm is not accepted';
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return 'The access token is malformed';
    default:
      return undefined;
  }
}

/**
 * An {@link Authenticate} hook for OAuth 2.1 access tokens in JWT form (RFC 9068), as issued by
 * Keycloak, Entra ID, Okta, Auth0 and other identity providers. It checks the signature against
 * the issuer's published keys, and `iss`, `aud`, `exp` and `nbf`; the request's identity is an
 * `OAuthIdentity` (`id` from `sub` or `client_id`, `scopes` from `scope` or `scp`), so
 * scoped definitions and `authorize` work unchanged. No token → `401`; an invalid, expired,
 * forged, foreign-audience or foreign-issuer token → `401 invalid_token`; a valid token lacking
 * `requiredScopes` → `403 insufficient_scope`. The endpoint's RFC 9728 document names `issuer`.
 *
 * Verification is done by `jose` (an optional peer dependency: `npm install jose`), loaded on
 * the first token. The key set is fetched once and cached; a token signed by a key it lacks (the
 * issuer rotated its keys) fetches it again, at most once per `jwksCooldown`.
 *
 * @example
 * await serveHttp(app, {
 *   authenticate: jwtAuth({ issuer: 'https://id.example.com/realms/acme', audience: 'https://mcp.example.com/mcp' }),
 *   resourceMetadata: { resource: 'https://mcp.example.com/mcp' },
 * });
 */
export function jwtAuth(options: JwtAuthOptions): HeaderAuthenticate {
  const owner = 'jwtAuth';
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(
      'jwtAuth needs options: jwtAuth({ issuer: "https://id.example.com/realms/acme" }).',
    );
  }
  const issuer = urlOption(owner, 'issuer', options.issuer);
  const common = commonOptions(owner, options);
  const jwksUri =
    options.jwksUri === undefined ? undefined : urlOption(owner, 'jwksUri', options.jwksUri);
  const algorithms =
    listOption(owner, 'algorithms', options.algorithms, "['RS256', 'ES256']") ?? ASYMMETRIC;
  if (algorithms.length === 0) {
    throw new ConfigurationError(
      'jwtAuth: "algorithms" must be a list of at least one algorithm, e.g. [\'RS256\'] (or leave it out).',
    );
  }
  if (algorithms.some((alg) => alg.toLowerCase() === 'none')) {
    throw new ConfigurationError(
      'jwtAuth: "algorithms" must not list "none": an unsigned token proves nothing.',
    );
  }
  const clockTolerance = numberOption(owner, 'clockTolerance', options.clockTolerance, 30);
  const requiredClaims = options.allowTokensWithoutExpiry === true ? [] : ['exp'];
  const cooldown = numberOption(owner, 'jwksCooldown', options.jwksCooldown, 30_000);
  const { timeout } = common;

  const verifier = once(async () => {
    let jose: Jose;
    try {
      jose = await loadJose();
    } catch (error) {
      throw new ConfigurationError(
        `jwtAuth needs the "jose" package to verify tokens: run "npm install jose" (${(error as Error).message}).`,
      );
    }
    const uri = jwksUri ?? (await discover(owner, issuer, timeout)).jwks_uri;
    if (uri === undefined) {
      throw new ConfigurationError(
        `jwtAuth: the metadata of "${issuer}" names no jwks_uri; give "jwksUri".`,
      );
    }
    const keys = jose.createRemoteJWKSet(new URL(uri), {
      cooldownDuration: cooldown,
      timeoutDuration: timeout,
    });
    return { jose, keys, uri };
  });

  const authenticate = async (req: AnyRequest, info?: AuthenticateInfo): Promise<unknown> => {
    const token = bearerToken(req);
    if (token === undefined) return null;
    const long = tooLong(common, token);
    if (long !== undefined) return long;
    const expected = expectedAudience(owner, common.audience, info);
    const { jose, keys, uri } = await verifier();
    let claims: Record<string, unknown>;
    try {
      const verified = await jose.jwtVerify(token, keys, {
        issuer,
        audience: [...expected],
        algorithms: [...algorithms],
        clockTolerance,
        requiredClaims,
      });
      claims = verified.payload as Record<string, unknown>;
      // jose checks iat only against a maximum age: a token from the future is refused here.
      const iat = claims.iat;
      if (typeof iat === 'number' && iat > Date.now() / 1000 + clockTolerance) {
        return AuthRefusal.invalidToken('The access token was issued in the future (iat claim)');
      }
    } catch (error) {
      const description = describeFailure(error);
      if (description !== undefined) return AuthRefusal.invalidToken(description);
      // Not the token's fault: the key set could not be fetched (503, try again), or a bug (500).
      if (keyServerFailure(error)) {
        throw new UnavailableError(
          KEY_SERVER,
          `jwtAuth: the key set at ${uri} could not be read: ${fetchFailure(error, timeout)}`,
          { cause: error, probe: () => reachable(uri, timeout) },
        );
      }
      throw error;
    }
    return admit(common, claims);
  };
  return describeOAuth(authenticate, {
    issuer,
    scopes: common.required,
    audience: common.audience !== undefined,
  });
}
