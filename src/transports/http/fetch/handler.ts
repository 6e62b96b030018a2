import { ErrorCode, type Servable } from '../../../core';
import type { FetchAuthenticate } from '../auth';
import type { HttpSession } from '../http-session';
import type { HttpHandlerOptions } from '../options';
import { type Face, HttpEndpoint } from '../pipeline';
import { Refusal } from '../request';
import { FetchReply } from './reply';
import { FetchRequest } from './request';

/**
 * Options of {@link createFetchHandler}: those of `createHttpHandler`, with the same names and
 * meaning, except that the hooks receive the Web `Request` and `sessions` defaults to `false`.
 */
export interface FetchHandlerOptions<C = HttpSession>
  extends Omit<HttpHandlerOptions<C>, 'authenticate' | 'context' | 'onError' | 'sessions'> {
  /**
   * Keep 2025-11-25 sessions (`Mcp-Session-Id`, GET streams, DELETE) in the state adapter
   * (default `false`: stateless, as 2026-07-28 and serverless runtimes want). A runtime without
   * memory shared between requests (Cloudflare Workers) stays stateless or gives a shared adapter.
   */
  sessions?: boolean;
  /** Turns a request into the caller's identity (see `createHttpHandler`); receives the `Request`. */
  authenticate?: FetchAuthenticate;
  /** Builds the context of a call from the `Request`, the session and the identity. */
  context?: (request: Request, session: HttpSession, identity: unknown) => C;
  /** Told about unexpected errors (stderr by default), with the `Request` when there is one. */
  onError?: (error: unknown, request?: Request) => void;
}

/**
 * A Web-standard handler, `Request` in, `Response` out, with its state on it. It never rejects:
 * an unexpected error is reported and answered `500` with a JSON-RPC error body.
 */
export interface FetchHandler {
  (request: Request, connection?: FetchConnectionInfo): Promise<Response>;
  /** How many sessions are live (always 0 when stateless). */
  readonly sessions: number;
  /** Whether {@link close} was called. */
  readonly closing: boolean;
  /**
   * Resolves once the shared-state adapter is open. The adapter opens on the first request, or
   * when this is first read: Workers allow no timer nor I/O while a module loads.
   */
  readonly ready: Promise<void>;
  /** Shuts down gracefully, as `HttpHandler.close` does. */
  close(): Promise<void>;
}

/**
 * What a runtime's server tells a handler of the connection, as it passes it beside the
 * `Request`: Deno's `ServeHandlerInfo` (`remoteAddr`), Bun's `Server` (`requestIP(request)`), or
 * an object of that shape built by hand (`{ remoteAddr: { hostname, port } }`). With it, the
 * client's address counts toward `maxSessionsPerIdentity` as on `createHttpHandler`, and
 * OpenTelemetry spans carry `client.address` and `client.port`. Anything else is ignored
 * (Cloudflare Workers pass their `env` there).
 */
export interface FetchConnectionInfo {
  /** Deno: the peer of the connection. */
  readonly remoteAddr?: { readonly hostname?: unknown; readonly port?: unknown };
  /** Bun: the peer of the request's connection. */
  requestIP?(request: Request): { readonly address?: unknown; readonly port?: unknown } | null;
}

/** The client's address and port from what the runtime passed, if it is one of the known shapes. */
function peerOf(
  request: Request,
  info: FetchConnectionInfo | undefined,
): { address: string; port: number | undefined } | undefined {
  if (typeof info !== 'object' || info === null) return undefined;
  let address: unknown;
  let port: unknown;
  try {
    if (typeof info.requestIP === 'function') {
      const ip = info.requestIP(request);
      address = ip?.address;
      port = ip?.port;
    } else if (typeof info.remoteAddr === 'object' && info.remoteAddr !== null) {
      address = info.remoteAddr.hostname;
      port = info.remoteAddr.port;
    }
  } catch {
    return undefined;
  }
  if (typeof address !== 'string' || address === '') return undefined;
  return { address, port: typeof port === 'number' ? port : undefined };
}

/** The fetch face: configuration errors name `createFetchHandler`, unexpected errors go to the console. */
const FETCH_FACE: Face = {
  name: 'createFetchHandler',
  print: (text) => console.error(text),
};

/** A refusal as a `Response`, for what is refused before the pipeline sees the request. */
function refused(refusal: Refusal): Response {
  return new Response(refusal.body(), {
    status: refusal.status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const USED_BODY = new Refusal(
  400,
  'Bad Request: the request body was already read; hand the handler an unread Request (request.clone() before reading it)',
);
const INTERNAL = new Refusal(500, 'Internal error', ErrorCode.INTERNAL_ERROR);

/**
 * Serves an MCP application (or a bare `McpCore`) as a Web-standard fetch handler, for Bun,
 * Deno, Cloudflare Workers, Hono and any runtime that speaks `Request`/`Response`. The options and
 * the answers are those of `createHttpHandler`; SSE answers are `ReadableStream` bodies, and the
 * request's `AbortSignal` cancels its call.
 *
 * @example
 * const handler = createFetchHandler(app, { path: '/mcp' });
 * Bun.serve({ fetch: handler });            // Bun
 * Deno.serve(handler);                      // Deno (Bun and Deno pass the client's address)
 * export default { fetch: handler };        // Cloudflare Workers
 * honoApp.all('/mcp', (c) => handler(c.req.raw)); // Hono
 */
export function createFetchHandler<C = HttpSession>(
  servable: Servable<C>,
  options: FetchHandlerOptions<C> = {},
): FetchHandler {
  const endpoint = new HttpEndpoint(
    servable,
    { ...options, sessions: options.sessions ?? false },
    FETCH_FACE,
  );
  const handler = async (request: Request, info?: FetchConnectionInfo): Promise<Response> => {
    try {
      if (request.bodyUsed || request.body?.locked === true) return refused(USED_BODY);
      const reply = new FetchReply(request.signal);
      // Another path: the pipeline's own 404 (a fetch handler has no `next`).
      endpoint.serve(new FetchRequest(request, peerOf(request, info)), reply);
      return await reply.response;
    } catch (error) {
      endpoint.report(error);
      return refused(INTERNAL);
    }
  };
  Object.defineProperties(handler, {
    sessions: { get: () => endpoint.sessions?.store.size ?? 0, enumerable: true },
    closing: { get: () => endpoint.closing, enumerable: true },
    ready: { get: () => endpoint.ready, enumerable: true },
    close: { value: () => endpoint.close(), enumerable: true },
  });
  return handler as FetchHandler;
}
