/**
 * The declarative API (`declarative-mcp/decorators`): decorators that record metadata, nothing
 * else. The registry (`McpApplication.create`) reads the records once, at start-up.
 */
export { Call, Context, Prompt, Resource, Tool, Use } from './decorators';
export {
  type ClassRecords,
  type Completer,
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
} from './metadata';
