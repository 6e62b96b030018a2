/**
 * `Mcp`, the main entry's type-only namespace: the protocol's shapes and the other types that
 * public signatures name but an application author rarely writes.
 *
 * ```ts
 * import type { Mcp } from 'declarative-mcp';
 * const tools: Mcp.ToolDefinition[] = [];
 * ```
 *
 * - the protocol's shapes: definitions and results of tools, resources and prompts, content
 *   blocks, completions, elicitation, cache hints, tasks, log levels, JSON-RPC requests and ids,
 *   the protocol versions;
 * - what the kept names' signatures mention beside their options: `Awaitable`, `Servable`,
 *   `Reporter`, the telemetry providers, the decorators' `MemberDecorator`, `Completer`,
 *   `SchemaSource` and definition kinds, DI's `ProviderClass`, the schema helpers' results
 *   (`Validation`, `SchemaIssue`, `SchemaKind`), and the authentication functions' arguments and
 *   results (`BearerVerify`, `BearerTokens`, `HeaderAuthenticate`, `FetchAuthenticate`,
 *   `AuthenticateInfo`, `AnyRequest`).
 *
 * It exists only as types (`export type * as Mcp`): nothing here is loaded at run time.
 */
export type {
  Completer,
  DefinitionKind,
  MemberDecorator,
  SchemaSource,
} from '../decorators';
export type {
  Awaitable,
  CacheHint,
  CacheScope,
  CallToolResult,
  Completion,
  CompletionReference,
  ContentBlock,
  ElicitResult,
  ElicitSchema,
  ErrorCodeValue,
  GetPromptResult,
  Icon,
  JsonObject,
  JsonRpcId,
  JsonRpcRequest,
  LoggingLevel,
  PromptArgument,
  PromptDefinition,
  PromptMessage,
  ProtocolVersion,
  Reporter,
  ResourceContents,
  ResourceDefinition,
  ResourceTemplateDefinition,
  Servable,
  TelemetryMeterProvider,
  TelemetryOption,
  TelemetryTracerProvider,
  ToolAnnotations,
  ToolDefinition,
  Version2026,
} from './core';
export type { ProviderClass } from './di';
export type { DefinitionInfo } from './registry';
export type { SchemaIssue, SchemaKind, Validation } from './schema';
export type { TaskSnapshot, TaskStatus } from './tasks';
export type {
  AnyRequest,
  AuthenticateInfo,
  BearerTokens,
  BearerVerify,
  FetchAuthenticate,
  HeaderAuthenticate,
} from './transports/http';
