/**
 * `declarative-mcp/devtools`: the framework's own MCP server for AI agents (ARCHITECTURE.md
 * section 8): the guide, the documentation as resources, read-only introspection of an
 * application, and stub generators. An ordinary application built with the package's own
 * decorators, on its public API. Its own entry point, so `declarative-mcp` loads none of it;
 * the `declarative-mcp devtools` command serves it.
 */
export { createDevtools, type DevtoolsOptions, devtoolsGuide, devtoolsProviders } from './devtools';
export type { IntrospectableApplication } from './introspect';
