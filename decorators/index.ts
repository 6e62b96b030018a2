/**
 * The declarative API (`declarative-mcp/decorators`): decorators that record metadata, nothing
 * else. The registry (`McpApplication.create`) reads the records once, at start-up.
 */
// TypeScript's emitted `design:paramtypes` are written only when `Reflect.metadata` exists while
// the class is decorated: a program importing only this entry must load it too, or the DTO
// types of its methods are silently lost.
import 'reflect-metadata';

export { Call, Context, Prompt, Resource, Tool, Use } from './decorators';
export {
  type AppViewOptions,
  type ClassRecords,
  type Completer,
  type DefinitionCache,
  type DefinitionKind,
  type Interceptor,
  type Invocation,
  type MemberRecord,
  ownRecords,
  type ParameterRole,
  type PromptOptions,
  type ResourceOptions,
  type SchemaSource,
  type ToolOptions,
  type ToolUiOptions,
  type ToolVisibility,
} from './metadata';
