/**
 * The HTTP transport's functions as the package entry exports them: each loads the transport on
 * its first call, so that a stdio app never loads `node:http` nor the transport's modules (they
 * cost a stdio app's cold start 30–70 ms on the bench machine; see bench/README.md). The
 * documentation of each is the transport's own, linked.
 */
import type { Servable } from './core';
import type {
  AnyRequest,
  BearerTokens,
  BearerVerify,
  HeaderAuthenticate,
  HttpHandler,
  HttpHandlerOptions,
  HttpServerHandle,
  HttpSession,
  IntrospectionAuthOptions,
  JwtAuthOptions,
  ServeHttpOptions,
} from './transports/http';

type Http = typeof import('./transports/http');
let loaded: Http | undefined;

function http(): Http {
  loaded ??= require('./transports/http') as Http;
  return loaded;
}

/**
 * Starts a `node:http` server for an MCP application on `host:port` at `path`, and resolves once
 * it listens. See docs/transports-http.md.
 *
 * @example
 * const server = await serveHttp(app, { port: 3000 });
 * console.log(`MCP endpoint: ${server.url}`);
 * process.on('SIGTERM', () => server.close());
 */
export function serveHttp<C = HttpSession>(
  servable: Servable<C>,
  options?: ServeHttpOptions<C>,
): Promise<HttpServerHandle> {
  return http().serveHttp(servable, options);
}

/**
 * A request handler `(req, res, next?)` serving MCP's Streamable HTTP transport for an
 * application, for `node:http`, Express, Fastify (raw objects) or any framework built on them.
 *
 * @example
 * const handler = createHttpHandler(app, { path: '/mcp' });
 * http.createServer(handler).listen(3000, '127.0.0.1');
 */
export function createHttpHandler<C = HttpSession>(
  servable: Servable<C>,
  options?: HttpHandlerOptions<C>,
): HttpHandler {
  return http().createHttpHandler(servable, options);
}

/** The token of an `Authorization: Bearer <token>` header (RFC 6750), or undefined. */
export function bearerToken(req: AnyRequest): string | undefined {
  return http().bearerToken(req);
}

/**
 * An {@link Authenticate} hook for `Authorization: Bearer` tokens: fixed tokens, each mapped
 * to its identity and compared in constant time, or your own `verify(token, req)`.
 *
 * @example
 * serveHttp(app, { authenticate: bearerAuth({ tokens: { [process.env.MCP_TOKEN!]: { sub: 'ci' } } }) });
 */
export function bearerAuth(verify: BearerVerify | BearerTokens): HeaderAuthenticate {
  return http().bearerAuth(verify);
}

/**
 * An {@link Authenticate} hook verifying OAuth 2.1 JWT access tokens against the issuer's
 * published keys (`jose`, an optional peer dependency). See docs/authorization.md.
 */
export function jwtAuth(options: JwtAuthOptions): HeaderAuthenticate {
  return http().jwtAuth(options);
}

/**
 * An {@link Authenticate} hook checking opaque access tokens with the issuer's token
 * introspection endpoint (RFC 7662). See docs/authorization.md.
 */
export function introspectionAuth(options: IntrospectionAuthOptions): HeaderAuthenticate {
  return http().introspectionAuth(options);
}
