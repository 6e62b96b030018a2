/**
 * `declarative-mcp/fetch`: serve an MCP application as a Web-standard handler, `Request` in,
 * `Response` out, on Bun, Deno, Cloudflare Workers, Hono or any runtime that speaks the Fetch API.
 *
 * @packageDocumentation
 */
export type { Awaitable, JsonObject, ProtocolVersion, Servable } from '../core';
export {
  type AnyRequest,
  type Authenticate,
  type AuthenticateInfo,
  AuthRefusal,
  type BearerTokens,
  type BearerVerify,
  bearerAuth,
  bearerToken,
  createFetchHandler,
  type FetchAuthenticate,
  type FetchConnectionInfo,
  type FetchHandler,
  type FetchHandlerOptions,
  type HeaderAuthenticate,
  HTTP_DEFAULTS,
  HttpSession,
  type IntrospectionAuthOptions,
  introspectionAuth,
  type JwtAuthOptions,
  jwtAuth,
  type OAuthIdentity,
  type ProtectedResourceMetadataOptions,
} from '../transports/http/fetch';
