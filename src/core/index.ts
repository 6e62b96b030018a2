export type { AnswerSummary } from './answers';
export { APP_MIME_TYPE, APPS_EXTENSION, supportsApps } from './apps';
export type { AskOptions, ElicitResult, ElicitSchema } from './asks';
export type { Broadcaster } from './broadcaster';
export { CACHE_HINT, type CacheHint, type CacheScope, checkHint as checkCacheHint } from './cache';
export { McpCall } from './call';
export { MAX_CLIENT_STATE_CHARS } from './client-state';
export { JsonRpcDispatcher, NO_ANSWER } from './dispatcher';
export { ErrorCode, type ErrorCodeValue } from './error-codes';
export {
  CancelledError,
  ClientRequestError,
  ConfigurationError,
  ConfigurationRangeError,
  ConfigurationTypeError,
  Fault,
  invalidParams,
  McpClientError,
  type McpClientErrorReason,
  RequestTimeoutError,
  ToolError,
  UsageError,
} from './errors';
export type { Link, LinkFacts } from './link';
export { LOGGING_LEVELS, type LoggingLevel } from './logging';
export { coreOf, McpCore, type Servable } from './mcp-core';
export type { ListenPart, MethodFamily } from './methods/family';
export type { MethodTable } from './methods/table';
export type { Completion, CompletionReference, McpCoreOptions } from './options';
export { notice, Outages } from './outage';
export type { Outcome } from './outcome';
export { Peer, type PeerOptions } from './peer';
export { base64url, randomBytes, randomToken } from './random';
export { DEFAULT_REQUEST_STATE_TTL } from './request-state';
export {
  batchRefusal,
  DISCOVERED_VERSIONS,
  type Inbound,
  MCP_2025_11_25,
  MCP_2026_07_28,
  REVISIONS,
  type Revision,
  revisionNamed,
  revisionOf,
} from './revisions';
export {
  ASSUMED_VERSION,
  negotiate,
  type ProtocolVersion,
  primesStreams,
  VERSIONS,
} from './revisions/2025-11-25';
export {
  declaresTasks,
  missingTasksExtension,
  TASKS_EXTENSION,
} from './revisions/2026-07-28';
export { decodeHeaderValue } from './revisions/2026-07-28/headers';
export {
  META,
  VERSIONS_2026,
  type Version2026,
} from './revisions/2026-07-28/meta';
export type { DeclaredClient, RequestView, TaskView } from './revisions/revision';
export type {
  JsonRpcDispatcherOptions,
  MethodHandler,
  Reporter,
  RequestObserver,
} from './rpc-contract';
export {
  constantTimeEqual,
  defaultSealCrypto as defaultHashing,
  type SealCrypto as Hashing,
} from './seal-crypto';
export {
  DIRECTORY_MIME_TYPE,
  SKILLS_EXTENSION,
  type SkillEntry,
  type SkillHost,
  type SkillPage,
  type SkillResource,
} from './skills';
export { StateBudget } from './state-budget';
export type { TaskChannel } from './task-channel';
export type {
  TelemetryMeterProvider,
  TelemetryOption,
  TelemetryTracerProvider,
} from './telemetry/options';
export { TextResult } from './text-result';
export { nextTurn, unref } from './timers';
export type * from './types';
export { isObject, isThenable, setMember } from './types';
export { SharedStateError, UnavailableError } from './unavailable';
