/**
 * `declarative-mcp/fetch`: serve an MCP application as a Web-standard handler, `Request` in,
 * `Response` out, on Bun, Deno, Cloudflare Workers, Hono or any runtime that speaks the Fetch API.
 *
 * @packageDocumentation
 */

export type { Interceptor, Invocation, SkillCommonOptions } from '../../decorators';
export type { StateAdapter } from '../adapter';
export {
  type AskOptions,
  ErrorCode,
  LOGGING_LEVELS,
  McpCall,
  McpCore,
  type McpCoreOptions,
  ToolError,
} from '../core';
export type { ServiceContainer } from '../di';
// The types the application's, the core's and the handler's signatures name, as the main entry
// has them: the type-only namespace Mcp and the option types at the top. Erased in the build, so
// they load nothing (a Worker cannot load the main entry's node: modules).
export type * as Mcp from '../mcp';
// The application is exported here too: a Worker app that imports it from the main entry would
// bundle the main entry's stdio transport and lazy node:http loader (node: modules, which
// Workers without nodejs_compat refuse). From this entry its import graph has no node: module.
export {
  type Authorize,
  McpApplication,
  type McpApplicationOptions,
  type SkillSource,
} from '../registry';
export type { TaskControl, TaskLimits } from '../tasks';
export {
  type Authenticate,
  AuthRefusal,
  bearerAuth,
  bearerToken,
  createFetchHandler,
  type FetchConnectionInfo,
  type FetchHandler,
  type FetchHandlerOptions,
  HTTP_DEFAULTS,
  type HttpHandlerOptions,
  HttpSession,
  type IntrospectionAuthOptions,
  introspectionAuth,
  type JwtAuthOptions,
  jwtAuth,
  type OAuthIdentity,
  type ProtectedResourceMetadataOptions,
} from '../transports/http/fetch';
