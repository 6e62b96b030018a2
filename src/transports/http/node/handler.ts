import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Servable } from '../../../core';
import { LOOPBACK_RESOURCE } from '../auth';
import type { HttpSession } from '../http-session';
import type { HttpHandlerOptions } from '../options';
import type { Face, HttpEndpoint } from '../pipeline';
import { NodeReply } from './reply';
import { NodeRequest } from './request';

/** The node face: configuration errors name `createHttpHandler`, unexpected errors go to stderr. */
const NODE_FACE: Face = {
  name: 'createHttpHandler',
  print: (text) => process.stderr.write(`${text}\n`),
};

/**
 * A `node:http` request listener serving MCP's Streamable HTTP transport, with its state on it.
 * Call it as `(req, res)` or as a middleware `(req, res, next)`: with `next`, requests for other
 * paths than `options.path` go on to `next()`.
 */
export interface HttpHandler {
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  /** How many sessions are live (always 0 in stateless mode). */
  readonly sessions: number;
  /** Whether {@link close} was called. */
  readonly closing: boolean;
  /**
   * Resolves once the shared-state adapter is open (at once for the in-memory one); rejects with
   * a `SharedStateError` when it cannot be reached. Requests that come before wait for it.
   */
  readonly ready: Promise<void>;
  /**
   * Shuts down gracefully: new requests get `503`, the GET streams end, POSTs in flight may
   * finish for up to `shutdownTimeout` ms (then their calls are aborted and they are answered
   * `503`), every session ends, the timers stop and the core's broadcaster is detached.
   * Resolves when done; calling it again returns the same promise. The `node:http` server is
   * yours to close ({@link serveHttp} does both).
   */
  close(): Promise<void>;
}

/**
 * Serves an MCP application (or a bare `McpCore`) over Streamable HTTP (MCP 2025-03-26 to
 * 2025-11-25) as a plain `node:http` handler, mountable in any framework that hands over the raw
 * request and response.
 *
 * @example
 * // node:http
 * const handler = createHttpHandler(app, { path: '/mcp' });
 * http.createServer(handler).listen(3000, '127.0.0.1');
 *
 * // Express (no express.json() needed; if it ran, req.body is used)
 * expressApp.all('/mcp', createHttpHandler(app));
 *
 * // Fastify: leave the body unread, then hand over the raw objects
 * fastify.addContentTypeParser('application/json', (_req, _payload, done) => done(null));
 * fastify.all('/mcp', (req, reply) => { reply.hijack(); handler(req.raw, reply.raw); });
 */
export function createHttpHandler<C = HttpSession>(
  servable: Servable<C>,
  options?: HttpHandlerOptions<C>,
): HttpHandler {
  // Loaded on first use: a server that never serves HTTP does not pay for it at start-up.
  const { HttpEndpoint: Endpoint } = require('../pipeline') as {
    HttpEndpoint: typeof HttpEndpoint;
  };
  const endpoint = new Endpoint(servable, options, NODE_FACE);
  const handler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) =>
    endpoint.serve(new NodeRequest(req), new NodeReply(res), next);
  Object.defineProperties(handler, {
    sessions: { get: () => endpoint.sessions?.store.size ?? 0, enumerable: true },
    closing: { get: () => endpoint.closing, enumerable: true },
    ready: { value: endpoint.ready, enumerable: true },
    close: { value: () => endpoint.close(), enumerable: true },
    [LOOPBACK_RESOURCE]: { value: (url: string) => endpoint.bindResource(url) },
  });
  return handler as HttpHandler;
}
