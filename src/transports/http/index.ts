/**
 * MCP's Streamable HTTP transport: a `node:http` handler (mountable in Express, Fastify, Koa),
 * a ready server, sessions, Origin/Host checks, body limits, bearer authentication (static
 * tokens, JWT access tokens, token introspection), scope challenges and RFC 9728 protected-resource metadata.
 *
 * One folder per concern, each with one public face: `request/` (body, media types, Host and
 * Origin, CORS, JSON answers), `auth/`, `session/`, `stream/` (SSE, resumable events), the
 * `pipeline/` that routes and answers, and the `node/` face.
 */
export {
  type AnyRequest,
  type Authenticate,
  type AuthenticateInfo,
  AuthRefusal,
  type BearerTokens,
  type BearerVerify,
  bearerAuth,
  bearerToken,
  type FetchAuthenticate,
  type HeaderAuthenticate,
  type IntrospectionAuthOptions,
  introspectionAuth,
  type JwtAuthOptions,
  jwtAuth,
  METADATA_PATH,
  type OAuthIdentity,
  type ProtectedResourceMetadataOptions,
} from './auth';
export { HttpSession } from './http-session';
export {
  createHttpHandler,
  type HttpHandler,
  type HttpServerHandle,
  type ServeHttpOptions,
  serveHttp,
} from './node';
export { HTTP_DEFAULTS, type HttpHandlerOptions } from './options';
