import type { IncomingMessage } from 'node:http';
import type { Awaitable } from '../../../core';

/**
 * What an {@link Authenticate} hook is told besides the request (always, when
 * `createHttpHandler`/`serveHttp` call it; a hook called by hand may get none).
 */
export interface AuthenticateInfo {
  /**
   * This endpoint's resource identifier (RFC 8707, RFC 9728): `resourceMetadata.resource` when
   * set, else the URL the request reached (scheme, `Host` and the endpoint's path). Access tokens
   * must be bound to it (their `aud`).
   */
  readonly resource: string;
  /**
   * True when {@link resource} was read from the request (its `Host`): the caller chose it, so it
   * must not serve as the audience a token is checked against.
   */
  readonly fromRequest?: boolean;
}

/**
 * Turns a request into the identity of its caller: any value but `null`/`undefined` (for example
 * `{ sub: 'alice', scopes: ['read'] }`); `null`/`undefined` when the request brings no valid
 * token (the client is answered `401`); or an {@link AuthRefusal} to refuse with a reason —
 * `401 invalid_token`, or `403 insufficient_scope` with the scopes wanted. See {@link bearerAuth},
 * {@link jwtAuth}, {@link introspectionAuth}.
 */
export type Authenticate = (req: IncomingMessage, info?: AuthenticateInfo) => Awaitable<unknown>;

/** An {@link Authenticate} hook of the fetch face (`createFetchHandler`): it receives the Web `Request`. */
export type FetchAuthenticate = (request: Request, info?: AuthenticateInfo) => Awaitable<unknown>;

/**
 * A hook that reads headers only, so it serves both faces: `bearerAuth`, `jwtAuth` and
 * `introspectionAuth` return one.
 */
export type HeaderAuthenticate = Authenticate & FetchAuthenticate;

/** A request of either face, as a header-reading hook sees it. */
export type AnyRequest = IncomingMessage | Request;
