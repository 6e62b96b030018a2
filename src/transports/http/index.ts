/**
 * MCP's Streamable HTTP transport: a `node:http` handler (mountable in Express, Fastify, Koa),
 * a ready server, sessions, Origin/Host checks, body limits, bearer authentication (static
 * tokens, JWT access tokens, token introspection), scope challenges and RFC 9728 protected-resource metadata.
 */
export { type BearerTokens, type BearerVerify, bearerAuth, bearerToken } from './auth';
export type { Authenticate, AuthenticateInfo } from './authenticate';
export { createHttpHandler, type HttpHandler } from './handler';
export { type IntrospectionAuthOptions, introspectionAuth } from './introspection';
export { type JwtAuthOptions, jwtAuth } from './jwt';
export { METADATA_PATH } from './metadata';
export type { OAuthIdentity } from './oauth';
export {
  HTTP_DEFAULTS,
  type HttpHandlerOptions,
  type ProtectedResourceMetadataOptions,
} from './options';
export { AuthRefusal } from './refusal';
export { type HttpServerHandle, type ServeHttpOptions, serveHttp } from './serve';
export { HttpSession } from './session';
