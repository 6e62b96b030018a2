export {
  JsonRpcDispatcher,
  type JsonRpcDispatcherOptions,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type MethodHandler,
  type Reporter,
} from './dispatcher';
export { ConfigurationError, ErrorCode, type ErrorCodeValue, Fault, ToolError } from './errors';
export { McpCore, type McpCoreOptions } from './mcp-core';
export { negotiate, type ProtocolVersion, VERSIONS } from './negotiate';
export type * from './types';
