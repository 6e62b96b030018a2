/**
 * declarative-mcp: Model Context Protocol servers as annotated TypeScript classes.
 *
 * The main entry exports what an application author writes, listed one by one (no `export *`: a
 * layer's inner helpers never leak here): the application and the decorators, the schema helpers,
 * the error classes and `ErrorCode`, the protocol core (`McpCore`, for a server without
 * decorators), the stdio and HTTP transports with their authentication, and the option and
 * context types of these. Everything else has its own entry: the decorators alone
 * (`declarative-mcp/decorators`), writing a state adapter (`declarative-mcp/adapter`), Redis
 * (`declarative-mcp/redis`), the Web-standard face (`declarative-mcp/fetch`), NestJS
 * (`declarative-mcp/nestjs`), the in-memory test client (`declarative-mcp/testing`) and the
 * devtools (`declarative-mcp/devtools`). The dispatcher, the peer and the other machinery of the
 * core and the transports are not exported.
 *
 * api/declarative-mcp.api.md is the report of this list that `npm test` checks; `npm run
 * api:update` rewrites it after a deliberate change.
 *
 * @packageDocumentation
 */
import 'reflect-metadata';

export {
  type AppViewOptions,
  Call,
  Context,
  type DefinitionCache,
  type Interceptor,
  type Invocation,
  Prompt,
  type PromptOptions,
  Resource,
  type ResourceOptions,
  Skill,
  type SkillCommonOptions,
  SkillFile,
  type SkillFileOptions,
  type SkillOptions,
  Tool,
  type ToolOptions,
  type ToolUiOptions,
  type ToolVisibility,
  Use,
} from '../decorators';
// The type of the HTTP transport's `adapter` option; writing one is declarative-mcp/adapter's.
export type { StateAdapter } from './adapter';
export {
  type AskOptions,
  CancelledError,
  ClientRequestError,
  ConfigurationError,
  ConfigurationRangeError,
  ConfigurationTypeError,
  ErrorCode,
  Fault,
  LOGGING_LEVELS,
  McpCall,
  McpCore,
  type McpCoreOptions,
  RequestTimeoutError,
  SharedStateError,
  ToolError,
  UnavailableError,
} from './core';
export type { ServiceContainer } from './di';
export {
  bearerAuth,
  createHttpHandler,
  introspectionAuth,
  jwtAuth,
  serveHttp,
} from './lazy-http';
export type * as Mcp from './mcp';
export {
  type Authorize,
  McpApplication,
  type McpApplicationOptions,
  type SkillSource,
} from './registry';
export {
  type CompiledSchema,
  type CompileSchemaOptions,
  compileSchema,
  formatIssues,
  JSONSchema,
} from './schema';
export type { TaskControl, TaskLimits } from './tasks';
// Types, and two small classes without imports: nothing of node:http is loaded by a stdio app.
export type {
  Authenticate,
  HttpHandler,
  HttpHandlerOptions,
  HttpServerHandle,
  IntrospectionAuthOptions,
  JwtAuthOptions,
  OAuthIdentity,
  ProtectedResourceMetadataOptions,
  ServeHttpOptions,
} from './transports/http';
export { AuthRefusal } from './transports/http/auth/refusal';
export { HttpSession } from './transports/http/http-session';
export {
  StdioTransport,
  type StdioTransportOptions,
  serveStdio,
} from './transports/stdio';
