import { ConfigurationError, defaultHashing, UnavailableError } from '../../../core';
import type { AnyRequest, AuthenticateInfo, HeaderAuthenticate } from './authenticate';
import {
  AUTHORIZATION_SERVER,
  discover,
  fetchFailure,
  fetchJson,
  once,
  reachable,
} from './authorization-server';
import { bearerToken } from './bearer';
import {
  admit,
  commonOptions,
  describeOAuth,
  expectedAudience,
  numberOption,
  tooLong,
  urlOption,
} from './oauth';
import { AuthRefusal } from './refusal';

/** Options of {@link introspectionAuth}. */
export interface IntrospectionAuthOptions {
  /**
   * The authorization server's issuer identifier: its `introspection_endpoint` is read from its
   * RFC 8414 (or OpenID) metadata, an answer naming another `iss` is refused, and the endpoint's
   * RFC 9728 document names it. Give it, or `introspectionEndpoint`, or both.
   */
  issuer?: string;
  /** The RFC 7662 introspection endpoint. Default: from the issuer's metadata. */
  introspectionEndpoint?: string;
  /** This server's client id at the authorization server (HTTP Basic authentication, RFC 6749 §2.3.1). */
  clientId: string;
  /** This server's client secret. */
  clientSecret: string;
  /**
   * The `aud` an active token must hold (one of them, when several). Default: the endpoint's
   * resource URL (`resourceMetadata.resource`, else the loopback URL `serveHttp` listens on; never
   * the request's `Host`). A token whose introspection names no audience is refused.
   */
  audience?: string | readonly string[];
  /** Scopes every request needs: an active token without them is answered `403 insufficient_scope`. */
  requiredScopes?: readonly string[];
  /**
   * How long (ms) an active token's answer is reused without asking again (default 60 000; `0`
   * asks every time), never past the token's `exp`. A token revoked meanwhile is accepted until
   * then: keep it short. Inactive answers are never kept.
   */
  cacheTtl?: number;
  /** The most answers kept (default 10 000); the oldest go first. */
  cacheSize?: number;
  /**
   * How long (ms) a metadata or introspection request may take (default 5 000). Past it, or when
   * the authorization server cannot be reached or answers 5xx, the request is answered `503` with
   * `Retry-After` and a JSON-RPC error naming the authorization server; `onError` hears of the
   * outage as it starts and ends.
   */
  timeout?: number;
  /**
   * The longest token (characters) looked at (default 16 384, node's own header limit): a longer
   * one is refused `401 invalid_token` before it is parsed or sent anywhere.
   */
  maxTokenLength?: number;
  /** Builds the identity from the introspection answer. Default: an `OAuthIdentity`. */
  identity?: (claims: Readonly<Record<string, unknown>>) => unknown;
}

/** The authorization server's introspection endpoint, as a client told it is out reads it. */
const INTROSPECTION = `${AUTHORIZATION_SERVER} (token introspection)`;

interface Kept {
  readonly claims: Readonly<Record<string, unknown>>;
  readonly until: number;
}

/** RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined and base64-encoded. */
function basic(id: string, secret: string): string {
  const encode = (value: string) =>
    encodeURIComponent(value)
      .replace(/%20/g, '+')
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  // Form-encoded text is ASCII: btoa takes it as is.
  return `Basic ${btoa(`${encode(id)}:${encode(secret)}`)}`;
}

/** Why an active answer is still refused, or undefined when it is good for `expected`. */
function refusalOf(
  claims: Readonly<Record<string, unknown>>,
  issuer: string | undefined,
  expected: readonly string[],
  now: number,
): string | undefined {
  const seconds = now / 1000;
  if (typeof claims.exp === 'number' && claims.exp <= seconds) return 'The access token expired';
  if (typeof claims.nbf === 'number' && claims.nbf > seconds) {
    return 'The access token is not valid yet';
  }
  if (issuer !== undefined && claims.iss !== undefined && claims.iss !== issuer) {
    return 'The access token is from another issuer';
  }
  const aud = typeof claims.aud === 'string' ? [claims.aud] : claims.aud;
  if (!Array.isArray(aud) || !aud.some((value) => expected.includes(value as string))) {
    return 'The access token is for another audience';
  }
  return undefined;
}

/**
 * An {@link Authenticate} hook for opaque access tokens: it asks the authorization server's
 * token introspection endpoint (RFC 7662) about each token, authenticated as this server's own
 * client. An active token bound to this server (`aud`, default: the endpoint's resource URL),
 * unexpired and from `issuer`, gives an `OAuthIdentity` (`id` from `sub` or `client_id`,
 * `scopes` from `scope`); anything else is `401 invalid_token`; an active token without
 * `requiredScopes` is `403 insufficient_scope`. Active answers are kept for `cacheTtl` ms (60 s),
 * so a busy session does not ask for every request.
 *
 * @example
 * await serveHttp(app, {
 *   authenticate: introspectionAuth({
 *     issuer: 'https://id.example.com/realms/acme',
 *     clientId: 'mcp-server',
 *     clientSecret: process.env.MCP_CLIENT_SECRET!,
 *   }),
 * });
 */
export function introspectionAuth(options: IntrospectionAuthOptions): HeaderAuthenticate {
  const owner = 'introspectionAuth';
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(
      'introspectionAuth needs options: introspectionAuth({ issuer, clientId, clientSecret }).',
    );
  }
  const issuer =
    options.issuer === undefined ? undefined : urlOption(owner, 'issuer', options.issuer);
  const endpoint =
    options.introspectionEndpoint === undefined
      ? undefined
      : urlOption(owner, 'introspectionEndpoint', options.introspectionEndpoint);
  if (issuer === undefined && endpoint === undefined) {
    throw new ConfigurationError(
      'introspectionAuth: give "issuer" (its metadata names the introspection endpoint) or "introspectionEndpoint".',
    );
  }
  for (const name of ['clientId', 'clientSecret'] as const) {
    if (typeof options[name] !== 'string' || options[name] === '') {
      throw new ConfigurationError(
        `introspectionAuth: "${name}" must be a non-empty string: the authorization server lets only known clients introspect tokens.`,
      );
    }
  }
  const authorization = basic(options.clientId, options.clientSecret);
  const common = commonOptions(owner, options);
  const ttl = numberOption(owner, 'cacheTtl', options.cacheTtl, 60_000);
  const size = numberOption(owner, 'cacheSize', options.cacheSize, 10_000);
  const { timeout } = common;

  const where = once(async () => {
    if (endpoint !== undefined) return endpoint;
    const found = (await discover(owner, issuer!, timeout)).introspection_endpoint;
    if (found === undefined) {
      throw new ConfigurationError(
        `introspectionAuth: the metadata of "${issuer}" names no introspection_endpoint; give "introspectionEndpoint".`,
      );
    }
    return found;
  });
  // Keyed by a digest: the tokens themselves are not kept in memory.
  const kept = new Map<string, Kept>();

  const introspect = async (token: string): Promise<Record<string, unknown>> => {
    const url = await where();
    // Down, hanging (past `timeout`) or failing with 5xx: an outage, 503 with "try again".
    const out = (why: string, cause?: unknown) =>
      new UnavailableError(
        INTROSPECTION,
        `introspectionAuth: the introspection endpoint ${url} ${why}`,
        { cause, probe: () => reachable(url, timeout) },
      );
    let response: Response;
    try {
      response = await fetchJson(
        url,
        {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        },
        timeout,
      );
    } catch (error) {
      throw out(`could not be asked: ${fetchFailure(error, timeout)}`, error);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      if (response.status >= 500) throw out(`answered ${response.status} ${text.slice(0, 200)}`);
      // The server's own credentials or configuration, not the token: reported, answered 500.
      throw new Error(
        `introspectionAuth: the introspection endpoint answered ${response.status} ${text.slice(0, 200)} (check clientId and clientSecret).`,
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (error instanceof SyntaxError) {
        throw new Error('introspectionAuth: the introspection endpoint answered no JSON.');
      }
      throw out(`did not finish its answer: ${fetchFailure(error, timeout)}`, error);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new Error('introspectionAuth: the introspection endpoint answered no JSON object.');
    }
    return body as Record<string, unknown>;
  };

  // The cache's keys: SHA-256 of the tokens (node:crypto where the runtime has it, else Web Crypto).
  const hashing = defaultHashing();
  const authenticate = async (req: AnyRequest, info?: AuthenticateInfo): Promise<unknown> => {
    const token = bearerToken(req);
    if (token === undefined) return null;
    const long = tooLong(common, token);
    if (long !== undefined) return long;
    const expected = expectedAudience(owner, common.audience, info);
    const key = await hashing.sha256(token);
    const now = Date.now();
    const hit = kept.get(key);
    let claims = hit !== undefined && hit.until > now ? hit.claims : undefined;
    if (hit !== undefined && claims === undefined) kept.delete(key);
    const fresh = claims === undefined;
    if (claims === undefined) {
      const answer = await introspect(token);
      if (answer.active !== true) {
        return AuthRefusal.invalidToken(
          'The access token is not active (expired, revoked or unknown)',
        );
      }
      claims = Object.freeze({ ...answer });
    }
    // Checked on every request: the audience expected may differ (the resource URL of the request).
    const refused = refusalOf(claims, issuer, expected, now);
    if (refused !== undefined) return AuthRefusal.invalidToken(refused);
    if (fresh && ttl > 0 && size > 0) {
      const expires = typeof claims.exp === 'number' ? claims.exp * 1000 : Number.POSITIVE_INFINITY;
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
      kept.set(key, { claims, until: Math.min(now + ttl, expires) });
    }
    return admit(common, claims);
  };
  return describeOAuth(authenticate, {
    issuer,
    scopes: common.required,
    audience: common.audience !== undefined,
  });
}
