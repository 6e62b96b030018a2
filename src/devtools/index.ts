/**
 * The framework's own MCP server for AI agents (ARCHITECTURE.md section 6): the guide, the
 * documentation as resources, read-only introspection of an application, and stub generators.
 * An ordinary application built with the package's own decorators, on its public API.
 *
 * The main entry re-exports this module, so the functions here load the devtools (and the zod and
 * class-validator they use) on first call, not when `declarative-mcp` is imported.
 */
import type { McpApplication } from '../registry';
import type * as Devtools from './devtools';
import type { DevtoolsOptions } from './devtools';

export type { DevtoolsOptions } from './devtools';
export type { IntrospectableApplication } from './introspect';
export { type RunDevtoolsOptions, runDevtools } from './run';

function load(): typeof Devtools {
  return require('./devtools') as typeof Devtools;
}

/**
 * The framework's own MCP server for AI agents, as an `McpApplication` to serve with any
 * transport: the guide (as `initialize` instructions, the `declarative-mcp://guide` resource and
 * the `explain_framework` prompt), every markdown page of `docs/` as `declarative-mcp://docs/<path>`,
 * read-only introspection of `options.app` (default: itself), the stub generators,
 * `validate_schema`, `search_documentation`, `list_exports`, and the `create_tool` /
 * `create_provider` prompts. No tool writes anywhere or runs the application's methods.
 *
 * @example
 * import { app } from './server';
 * serveStdio(createDevtools({ app, transports: ['stdio'] }));
 */
export function createDevtools(options: DevtoolsOptions = {}): McpApplication {
  return load().createDevtools(options);
}

/**
 * The devtools as provider classes, to add to your own application so that one server both does
 * its work and teaches agents how it is built. Reads the documentation once, now. Each call
 * returns fresh classes bound to its own options (nothing is shared between two sets).
 *
 * To introspect the application they are part of, pass a function, since it does not exist yet.
 * With a typedi container, register the classes in it first: `Container.set(P, new P())` each.
 *
 * @example
 * const app: McpApplication = McpApplication.create({
 *   name: 'weather', version: '1.0.0', instructions: devtoolsGuide(),
 *   providers: [WeatherTools, ...devtoolsProviders({ app: () => app, transports: ['stdio'] })],
 * });
 */
export function devtoolsProviders(options: DevtoolsOptions = {}): Array<new () => object> {
  return load().devtoolsProviders(options);
}

/** The guide's text (what the devtools send as `instructions`), for an application that adds {@link devtoolsProviders}. */
export function devtoolsGuide(options: Pick<DevtoolsOptions, 'docsFolder'> = {}): string {
  return load().devtoolsGuide(options);
}
