/**
 * The Web-standard face: `Request` in, `Response` out (Bun, Deno, Cloudflare Workers, Hono),
 * with the authentication helpers, which read headers only and serve both faces.
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
  type OAuthIdentity,
  type ProtectedResourceMetadataOptions,
} from '../auth';
export { HttpSession } from '../http-session';
export { HTTP_DEFAULTS, type HttpHandlerOptions } from '../options';
export {
  createFetchHandler,
  type FetchConnectionInfo,
  type FetchHandler,
  type FetchHandlerOptions,
} from './handler';
