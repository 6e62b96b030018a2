/**
 * MCP's Streamable HTTP transport: a `node:http` handler (mountable in Express, Fastify, Koa),
 * a ready server, sessions, Origin/Host checks, body limits, bearer authentication and RFC 9728
 * protected-resource metadata.
 */
export { type BearerTokens, type BearerVerify, bearerAuth, bearerToken } from './auth';
export { createHttpHandler, type HttpHandler } from './handler';
export { METADATA_PATH } from './metadata';
export {
  type Authenticate,
  HTTP_DEFAULTS,
  type HttpHandlerOptions,
  type ProtectedResourceMetadataOptions,
} from './options';
export { type HttpServerHandle, type ServeHttpOptions, serveHttp } from './serve';
export { HttpSession } from './session';
