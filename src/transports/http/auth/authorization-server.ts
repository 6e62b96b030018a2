/**
 * The authorization server as the OAuth authenticators reach it: its metadata (RFC 8414, then
 * OpenID Connect Discovery), `fetch` with a deadline and no redirects, a failure in words, and
 * the probe an outage of it is told with.
 */
import { UnavailableError } from '../../../core';

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
