/**
 * What {@link jwtAuth} and {@link introspectionAuth} share: the identity made from a token's
 * claims, scope checks, the authorization server's metadata (RFC 8414 / OpenID discovery), and
 * the mark that lets the endpoint derive its RFC 9728 document from the authenticator.
 */
import { ConfigurationError, UnavailableError } from '../../../core';
import type { AuthenticateInfo } from './authenticate';
import { AuthRefusal } from './refusal';

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

/** What an OAuth authenticator tells the endpoint, for the RFC 9728 document it publishes. */
export interface OAuthDescription {
  /** The issuer of the tokens (`authorization_servers`). */
  readonly issuer: string | undefined;
  /** The scopes every request needs (added to `scopes_supported`). */
  readonly scopes: readonly string[];
  /**
   * Whether it checks an audience of its own; without one, the endpoint's resource must be
   * configured or bound (never read from request headers, which the caller writes).
   */
  readonly audience?: boolean;
}

/**
 * Marks handler options given by `serveHttp` on a loopback bind: the loopback URL it listens on
 * becomes the resource identifier (and the audience a token must name) once known.
 */
export const LOOPBACK_RESOURCE = Symbol.for('declarative-mcp.loopback-resource');

/**
 * Start-up check: an OAuth authenticator without an audience of its own needs a resource URL
 * that the caller cannot choose (`Host` is the caller's to write).
 */
export function audienceProblem(
  where: string,
  authenticate: unknown,
  resource: string | undefined,
): string | undefined {
  const oauth = oauthOf(authenticate);
  if (oauth?.audience !== false || resource !== undefined) return undefined;
  return `${where}: the access-token check has no audience. Give jwtAuth/introspectionAuth "audience" (serve: --jwt-audience), or resourceMetadata.resource: the URL clients reach this server at. A token must be bound to this server, and the request's Host header is the caller's to choose.`;
}

const OAUTH = Symbol.for('declarative-mcp.oauth');

/** Marks an authenticator with what it knows of its authorization server. */
export function describeOAuth<F extends (...args: never[]) => unknown>(
  authenticate: F,
  description: OAuthDescription,
): F {
  Object.defineProperty(authenticate, OAUTH, { value: Object.freeze(description) });
  return authenticate;
}

/** What {@link describeOAuth} recorded on an authenticator, if anything. */
export function oauthOf(authenticate: unknown): OAuthDescription | undefined {
  if (typeof authenticate !== 'function') return undefined;
  return (authenticate as unknown as Record<symbol, OAuthDescription | undefined>)[OAUTH];
}

/** Checks a URL option; returns it unchanged. */
export function urlOption(owner: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || !URL.canParse(value)) {
    throw new ConfigurationError(
      `${owner}: "${name}" must be an absolute URL such as "https://id.example.com/realms/acme" (got ${JSON.stringify(value)}).`,
    );
  }
  return value;
}

/** Checks a list-of-strings option; returns a frozen copy (or undefined when absent). */
export function listOption(
  owner: string,
  name: string,
  value: unknown,
  example: string,
): readonly string[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string' && item !== '')) {
    throw new ConfigurationError(
      `${owner}: "${name}" must be a list of non-empty strings, e.g. ${example}.`,
    );
  }
  return Object.freeze([...list]);
}

/** Checks a duration option (ms or s); returns it, or `fallback` when absent. */
export function numberOption(
  owner: string,
  name: string,
  value: unknown,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ConfigurationError(
      `${owner}: "${name}" must be a number of 0 or more (got ${String(value)}).`,
    );
  }
  return value;
}

/** The part of an authorization server's metadata (RFC 8414 §2) these authenticators use. */
export interface AuthorizationServerMetadata {
  readonly issuer: string;
  readonly jwks_uri?: string;
  readonly introspection_endpoint?: string;
}

/** `fetch` with a deadline, and no redirects (a token or secret never follows one). */
export async function fetchJson(
  url: string,
  init: RequestInit,
  timeout: number,
): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeout), redirect: 'error' });
}

/**
 * Reads an authorization server's metadata: RFC 8414 first (`/.well-known/oauth-authorization-server`
 * inserted before the issuer's path), then OpenID Connect Discovery
 * (`<issuer>/.well-known/openid-configuration`). The document must name the same `issuer`
 * (RFC 8414 §3.3), else a look-alike server could redirect the checks.
 */
export async function discover(
  owner: string,
  issuer: string,
  timeout: number,
): Promise<AuthorizationServerMetadata> {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const candidates = [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
  const failures: string[] = [];
  let answered = false;
  for (const candidate of candidates) {
    let response: Response;
    try {
      response = await fetchJson(candidate, { headers: { accept: 'application/json' } }, timeout);
    } catch (error) {
      failures.push(`${candidate}: ${fetchFailure(error, timeout)}`);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      failures.push(`${candidate}: HTTP ${response.status}`);
      answered ||= response.status < 500;
      continue;
    }
    const document = (await response.json()) as Partial<AuthorizationServerMetadata>;
    if (document.issuer !== issuer) {
      throw new Error(
        `${owner}: the metadata at ${candidate} names the issuer ${JSON.stringify(document.issuer)}, not "${issuer}". Give "issuer" exactly as the authorization server spells it (trailing slash included).`,
      );
    }
    return document as AuthorizationServerMetadata;
  }
  const message = `${owner}: no authorization server metadata for "${issuer}" (${failures.join('; ')}).`;
  // Down, hanging or failing: an outage (503, try again); a server that answered 4xx: a mistake.
  if (!answered) {
    throw new UnavailableError(AUTHORIZATION_SERVER, message, {
      probe: () => reachable(candidates[0]!, timeout),
    });
  }
  throw new Error(message);
}

/** The authorization server, as a client told it is out reads it. */
export const AUTHORIZATION_SERVER = 'the authorization server';

/** Why a `fetch` with a deadline failed, in words (a timeout names the deadline). */
export function fetchFailure(error: unknown, timeout: number): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeout} ms`;
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause?.message;
  const message = error instanceof Error ? error.message : String(error);
  return typeof cause === 'string' ? `${message} (${cause})` : message;
}

/** Resolves when `url` answers anything but a server error within `timeout` (an outage's probe). */
export async function reachable(url: string, timeout: number): Promise<void> {
  const response = await fetchJson(url, { method: 'GET' }, timeout);
  await response.body?.cancel();
  if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
}

/** A promise made once and kept, unless it fails: then the next call tries again. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (pending === undefined) {
      pending = make();
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
}

/** The options {@link jwtAuth} and {@link introspectionAuth} share, checked and copied. */
export interface CommonOptions {
  readonly audience: readonly string[] | undefined;
  readonly required: readonly string[];
  readonly timeout: number;
  readonly maxTokenLength: number;
  readonly identify: (claims: Readonly<Record<string, unknown>>) => unknown;
}

/** Checks the shared options of an OAuth authenticator named `owner`. */
export function commonOptions(
  owner: string,
  options: {
    audience?: string | readonly string[];
    requiredScopes?: readonly string[];
    timeout?: number;
    maxTokenLength?: number;
    identity?: (claims: Readonly<Record<string, unknown>>) => unknown;
  },
): CommonOptions {
  const identify = options.identity ?? identityOf;
  if (typeof identify !== 'function') {
    throw new ConfigurationError(`${owner}: "identity" must be a function of the claims.`);
  }
  return {
    audience: listOption(owner, 'audience', options.audience, '"https://mcp.example.com/mcp"'),
    required: listOption(owner, 'requiredScopes', options.requiredScopes, "['mcp:use']") ?? [],
    timeout: numberOption(owner, 'timeout', options.timeout, 5_000),
    maxTokenLength: numberOption(owner, 'maxTokenLength', options.maxTokenLength, 16_384),
    identify,
  };
}

/**
 * The refusal of a token longer than `maxTokenLength`, before anything parses it, or undefined.
 * (node:http refuses headers past 16 KiB itself; a framework or runtime may allow more.)
 */
export function tooLong(common: CommonOptions, token: string): AuthRefusal | undefined {
  return token.length > common.maxTokenLength
    ? AuthRefusal.invalidToken(
        `The access token is longer than ${common.maxTokenLength} characters (maxTokenLength)`,
      )
    : undefined;
}

/** The audiences a token must name: the configured ones, else the endpoint's resource URL. */
export function expectedAudience(
  owner: string,
  audience: readonly string[] | undefined,
  info: AuthenticateInfo | undefined,
): readonly string[] {
  if (audience !== undefined) return audience;
  if (info?.resource !== undefined && info.fromRequest !== true) return [info.resource];
  throw new ConfigurationError(
    `${owner}: no audience to check. Give "audience", or let createHttpHandler/serveHttp call the hook (they tell it the resource URL).`,
  );
}

/** The scopes an identity holds: its own `scopes` when it has them, else the claims'. */
function scopesOfIdentity(
  identity: unknown,
  claims: Readonly<Record<string, unknown>>,
): readonly string[] {
  const own = (identity as { scopes?: unknown } | null)?.scopes;
  if (Array.isArray(own)) return own.filter((scope) => typeof scope === 'string');
  if (own instanceof Set) return [...own].filter((scope) => typeof scope === 'string');
  return grantedScopes(claims);
}

/**
 * The identity of a verified token, or the refusal: `401` when its claims name nobody, `403`
 * when it lacks a required scope.
 */
export async function admit(
  common: CommonOptions,
  claims: Readonly<Record<string, unknown>>,
): Promise<unknown> {
  const identity = await common.identify(claims);
  if (identity === null || identity === undefined) {
    return AuthRefusal.invalidToken('The access token names no subject or client');
  }
  const { required } = common;
  if (required.length > 0 && !holds(scopesOfIdentity(identity, claims), required)) {
    return AuthRefusal.insufficientScope(required);
  }
  return identity;
}
