import 'reflect-metadata';
import type { Mcp, McpApplication } from 'declarative-mcp';
// The class itself, for create(); the signatures name it through the package (the entry's types).
import { McpApplication as Application } from '../registry';
import { docsProvider } from './docs-provider';
import { DevtoolsGenerators } from './generator-provider';
import { DevtoolsGuide } from './guide-provider';
import type { IntrospectableApplication } from './introspect';
import { DevtoolsIntrospection } from './introspection-provider';
import { DevtoolsReference } from './reference-provider';
import { skillProviders } from './skills-provider';
import { DevtoolsState } from './state';

/** Options of {@link createDevtools} and {@link devtoolsProviders}. */
export interface DevtoolsOptions {
  /**
   * The application the introspection tools describe (`describe_application`, …,
   * `validate_schema { tool }`, `generate_test_stub`): an `McpApplication`, or a function that
   * returns it, for devtools added to that same application (it does not exist yet when its
   * providers are listed). Default for {@link createDevtools}: the devtools server itself.
   */
  app?: IntrospectableApplication | (() => IntrospectableApplication | undefined);
  /** The transports the application is served over, as `describe_application` reports them (e.g. `['stdio']`). */
  transports?: readonly string[];
  /**
   * The compiled module the application was loaded from (e.g. `dist/server.js`; the command line
   * passes it): `generate_test_stub` imports the provider from beside it and writes a jest test
   * only when jest is installed there (else one for `node:test`).
   */
  module?: string;
  /** Where `guide.md` and the documentation pages are read from (default: the package's `docs/` folder). */
  docsFolder?: string;
  /** Told about unexpected errors of the devtools server (the client gets `-32603`); {@link createDevtools} only. */
  reporter?: Mcp.Reporter;
}

const BASES = [DevtoolsGuide, DevtoolsReference, DevtoolsIntrospection, DevtoolsGenerators];

/** `Base` bound to one state: a no-argument subclass that keeps the base's name and decorated methods. */
function bind(Base: new (state: DevtoolsState) => object, state: DevtoolsState): new () => object {
  const Bound = class extends Base {
    constructor() {
      super(state);
    }
  };
  Object.defineProperty(Bound, 'name', { value: Base.name });
  // No constructor parameters to inject: say so, whatever metadata the base class carries.
  Reflect.defineMetadata('design:paramtypes', [], Bound);
  return Bound;
}

function providersFor(state: DevtoolsState): Array<new () => object> {
  const providers = BASES.map((Base) => bind(Base, state));
  const docs = docsProvider(state.documents);
  if (docs !== undefined) providers.splice(1, 0, docs);
  return [...providers, ...skillProviders(state.documents)];
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
  return providersFor(
    DevtoolsState.load(
      options.app,
      options.transports,
      options.docsFolder,
      undefined,
      options.module,
    ),
  );
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
  let self: McpApplication | undefined;
  const state = DevtoolsState.load(
    options.app ?? (() => self),
    options.transports,
    options.docsFolder,
    options.app === undefined
      ? 'No application was given: this describes the devtools server itself, an application built with the same decorators.'
      : undefined,
    options.module,
  );
  self = Application.create({
    name: 'declarative-mcp-devtools',
    version: state.version,
    title: 'declarative-mcp devtools',
    instructions: state.documents.guide.text,
    providers: providersFor(state),
    reporter: options.reporter,
  });
  return self;
}

/** The guide's text (what the devtools send as `instructions`), for an application that adds {@link devtoolsProviders}. */
export function devtoolsGuide(options: Pick<DevtoolsOptions, 'docsFolder'> = {}): string {
  return DevtoolsState.load(undefined, undefined, options.docsFolder).documents.guide.text;
}
