export { McpApplication } from './application';
export { type Authorize, defaultAuthorize } from './authorize';
export type { DefinitionInfo } from './catalog';
export type { McpApplicationOptions } from './options';
export type { SkillSource } from './skills';
export { parseUriTemplate, type UriTemplate } from './uri-template';
