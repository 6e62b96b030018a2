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
export { ConfigurationError, ErrorCode, type ErrorCodeValue, Fault, ToolError } from './errors';
export { type Broadcaster, coreOf, McpCore, type Servable } from './mcp-core';
export { negotiate, type ProtocolVersion, VERSIONS } from './negotiate';
export type { Completion, CompletionReference, McpCoreOptions } from './options';
export {
  CancelledError,
  ClientRequestError,
  type Link,
  LOGGING_LEVELS,
  type LoggingLevel,
  Peer,
  type PeerOptions,
  RequestTimeoutError,
} from './peer';
export type * from './types';
