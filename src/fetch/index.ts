/**
 * `declarative-mcp/fetch`: serve an MCP application as a Web-standard handler, `Request` in,
 * `Response` out, on Bun, Deno, Cloudflare Workers, Hono or any runtime that speaks the Fetch API.
 *
 * @packageDocumentation
 */
export {
  type Awaitable,
  type ElicitResult,
  type ElicitSchema,
  type JsonObject,
  McpCall,
  McpCore,
  type McpCoreOptions,
  type ProtocolVersion,
  type Servable,
  ToolError,
} from '../core';
// The application is exported here too: a Worker app that imports it from the main entry would
// bundle the main entry's stdio transport and lazy node:http loader (node: modules, which
// Workers without nodejs_compat refuse). From this entry its import graph has no node: module.
export { McpApplication, type McpApplicationOptions } from '../registry';
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
