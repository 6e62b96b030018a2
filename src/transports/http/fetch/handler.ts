import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Servable } from '../../../core';
import { type AuthenticateInfo, describeOAuth, type FetchAuthenticate, oauthOf } from '../auth';
import type { HttpSession } from '../http-session';
import type { HttpHandlerOptions } from '../options';
import { HttpEndpoint } from '../pipeline';
import { TRANSPORT_ERROR } from '../request';
import { ResponseSink } from './reply';
import { type DescribedRequest, describeRequest, ORIGINAL } from './request';

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
  (request: Request): Promise<Response>;
  /** How many sessions are live (always 0 when stateless). */
  readonly sessions: number;
  /** Whether {@link close} was called. */
  readonly closing: boolean;
  /** Resolves once the shared-state adapter is open. */
  readonly ready: Promise<void>;
  /** Shuts down gracefully, as `HttpHandler.close` does. */
  close(): Promise<void>;
}

const originalOf = (req: unknown): Request => (req as DescribedRequest)[ORIGINAL];

/** The pipeline's options from the fetch face's: the hooks get the `Request` back. */
function pipelineOptions<C>(options: FetchHandlerOptions<C>): HttpHandlerOptions<C> {
  const { authenticate, context, onError, sessions, ...rest } = options;
  const translated: HttpHandlerOptions<C> = { ...rest, sessions: sessions ?? false };
  if (authenticate !== undefined) {
    const hook = (req: IncomingMessage, info?: AuthenticateInfo) =>
      authenticate(originalOf(req), info);
    const oauth = oauthOf(authenticate);
    translated.authenticate = oauth === undefined ? hook : describeOAuth(hook, oauth);
  }
  if (context !== undefined) {
    translated.context = (req, session, identity) => context(originalOf(req), session, identity);
  }
  if (onError !== undefined) {
    translated.onError = (error, req) =>
      onError(error, req === undefined ? undefined : originalOf(req));
  }
  return translated;
}

/** A JSON-RPC error without id, as every refusal of the pipeline is written. */
function refusal(status: number, message: string, code = TRANSPORT_ERROR): Response {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Serves an MCP application (or a bare `McpCore`) as a Web-standard fetch handler, for Bun,
 * Deno, Cloudflare Workers, Hono and any runtime that speaks `Request`/`Response`. The options and
 * the answers are those of `createHttpHandler`; SSE answers are `ReadableStream` bodies, and the
 * request's `AbortSignal` cancels its call.
 *
 * @example
 * const handler = createFetchHandler(app, { path: '/mcp' });
 * Bun.serve({ fetch: handler });            // Bun
 * Deno.serve(handler);                      // Deno
 * export default { fetch: handler };        // Cloudflare Workers
 * honoApp.all('/mcp', (c) => handler(c.req.raw)); // Hono
 */
export function createFetchHandler<C = HttpSession>(
  servable: Servable<C>,
  options: FetchHandlerOptions<C> = {},
): FetchHandler {
  const endpoint = new HttpEndpoint(servable, pipelineOptions(options));
  const handler = async (request: Request): Promise<Response> => {
    try {
      if (request.bodyUsed || request.body?.locked === true) {
        return refusal(
          400,
          'Bad Request: the request body was already read; hand the handler an unread Request (request.clone() before reading it)',
        );
      }
      const req = describeRequest(request);
      const res = new ResponseSink(request.signal);
      res.req = req;
      endpoint.serve(
        req as unknown as IncomingMessage,
        res as unknown as ServerResponse,
        // Another path: the pipeline's own 404 (a fetch handler has no `next`).
        undefined,
      );
      return await res.response;
    } catch (error) {
      endpoint.report(error);
      return refusal(500, 'Internal error', -32603);
    }
  };
  Object.defineProperties(handler, {
    sessions: { get: () => endpoint.store?.size ?? 0, enumerable: true },
    closing: { get: () => endpoint.closing, enumerable: true },
    ready: { value: endpoint.ready, enumerable: true },
    close: { value: () => endpoint.close(), enumerable: true },
  });
  return handler as FetchHandler;
}
