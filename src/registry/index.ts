export { type DefinitionInfo, McpApplication, type McpApplicationOptions } from './application';
export { type Authorize, defaultAuthorize } from './authorize';
export { parseUriTemplate, type UriTemplate } from './uri-template';
