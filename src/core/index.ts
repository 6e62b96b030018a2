export { APP_MIME_TYPE, APPS_EXTENSION, supportsApps } from './apps';
export { type AskOptions, type ElicitResult, type ElicitSchema, McpCall } from './call';
export {
  JsonRpcDispatcher,
  type JsonRpcDispatcherOptions,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type MethodHandler,
  NO_ANSWER,
  type Reporter,
} from './dispatcher';
export {
  CancelledError,
  ClientRequestError,
  ConfigurationError,
  ConfigurationRangeError,
  ConfigurationTypeError,
  ErrorCode,
  type ErrorCodeValue,
  Fault,
  McpClientError,
  RequestTimeoutError,
  SharedStateError,
  ToolError,
  UsageError,
} from './errors';
export { type Broadcaster, coreOf, McpCore, type Servable } from './mcp-core';
export { negotiate, type ProtocolVersion, VERSIONS } from './negotiate';
export type { Completion, CompletionReference, McpCoreOptions } from './options';
export {
  type Link,
  LOGGING_LEVELS,
  type LoggingLevel,
  Peer,
  type PeerOptions,
} from './peer';
export type * from './types';
