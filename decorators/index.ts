/**
 * The declarative API (`declarative-mcp/decorators`): decorators that record metadata, nothing
 * else. The registry (`McpApplication.create`) reads the records once, at start-up.
 */
// TypeScript's emitted `design:paramtypes` are written only when `Reflect.metadata` exists while
// the class is decorated: a program importing only this entry must load it too, or the DTO
// types of its methods are silently lost.
import 'reflect-metadata';

export { Call, Context, type MemberDecorator, Prompt, Resource, Tool, Use } from './decorators';
export type {
  AppViewOptions,
  Completer,
  DefinitionCache,
  DefinitionKind,
  Interceptor,
  Invocation,
  PromptOptions,
  ResourceOptions,
  SchemaSource,
  ToolOptions,
  ToolUiOptions,
  ToolVisibility,
} from './metadata';
export {
  Skill,
  type SkillCommonOptions,
  SkillFile,
  type SkillFileOptions,
  type SkillOptions,
} from './skill';
