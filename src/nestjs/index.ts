/**
 * `declarative-mcp/nestjs`: the same decorated classes as Nest providers. One module,
 * {@link DeclarativeMcpModule}, finds them through Nest's discovery, resolves them from Nest's
 * container and serves them on the application's own HTTP adapter (Express or Fastify);
 * `app.get(McpApplication)` gives the application for stdio. `@nestjs/common` and
 * `@nestjs/core` are optional peer dependencies, loaded by this entry point only.
 */
export { nestContainer } from './container';
export { McpHttpEndpoint } from './endpoint';
export { describeHttpException, nestHttpExceptions } from './exceptions';
export { DeclarativeMcpModule } from './module';
export {
  DECLARATIVE_MCP_OPTIONS,
  type DeclarativeMcpFactoryOptions,
  type DeclarativeMcpModuleAsyncOptions,
  type DeclarativeMcpModuleOptions,
} from './options';
export { isNestModule, nestApplication, nestForm } from './standalone';
