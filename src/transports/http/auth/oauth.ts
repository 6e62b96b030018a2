/**
 * What {@link jwtAuth} and {@link introspectionAuth} share: their options, checked; the audience a
 * token must name; the admission of a verified token (its identity and required scopes); and the
 * mark that lets the endpoint derive its RFC 9728 document from the authenticator. The identity
 * made from claims is in ./claims, the authorization server's metadata and fetches in
 * ./authorization-server.
 */
import { ConfigurationError } from '../../../core';
import type { AuthenticateInfo } from './authenticate';
import { grantedScopes, holds, identityOf } from './claims';
import { AuthRefusal } from './refusal';

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
