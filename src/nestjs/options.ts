import type { HttpHandlerOptions, HttpSession, McpApplicationOptions } from 'declarative-mcp';

/**
 * Options of {@link DeclarativeMcpModule.forRoot}: those of `McpApplication.create` (except
 * `providers` and `container`, which come from the Nest application), the endpoint's path and
 * the HTTP handler's options.
 */
export interface DeclarativeMcpModuleOptions<C = HttpSession>
  extends Omit<McpApplicationOptions<C>, 'providers' | 'container'> {
  /** The MCP endpoint's path on the Nest application's HTTP adapter (default `/mcp`). */
  path?: string;
  /**
   * The options of `createHttpHandler` (`sessions`, `authenticate`, `allowedOrigins`,
   * `context`, …), or `false` to serve no HTTP endpoint (stdio only, through
   * `app.get(McpApplication)`). Every security default stays on unless changed here.
   */
  http?: Omit<HttpHandlerOptions<C>, 'path'> | false;
}

/** The options' part an options factory may give: all of them but `path`, which routing needs first. */
export type DeclarativeMcpFactoryOptions<C = HttpSession> = Omit<
  DeclarativeMcpModuleOptions<C>,
  'path'
>;

/** Options of {@link DeclarativeMcpModule.forRootAsync}. */
export interface DeclarativeMcpModuleAsyncOptions<C = HttpSession> {
  /** Modules whose providers the factory injects (e.g. `ConfigModule`). */
  imports?: unknown[];
  /** The tokens whose values the factory receives, in order. */
  inject?: unknown[];
  /** Builds the options (may be async). */
  useFactory: (
    ...args: any[]
  ) => DeclarativeMcpFactoryOptions<C> | Promise<DeclarativeMcpFactoryOptions<C>>;
  /**
   * The endpoint's path (default `/mcp`). Given here, not by the factory: Nest routes are
   * declared before any factory runs.
   */
  path?: string;
  /** `false`: no HTTP endpoint at all (a standalone or stdio-only application). */
  http?: false;
}

/** The injection token of the resolved {@link DeclarativeMcpModuleOptions}. */
export const DECLARATIVE_MCP_OPTIONS: unique symbol = Symbol('declarative-mcp:options');
