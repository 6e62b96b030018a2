import type { DefinitionKind } from '../../decorators';
import type { StateAdapter } from '../adapter';
import {
  type Awaitable,
  ConfigurationError,
  type Link,
  McpCore,
  type McpCoreOptions,
  type PromptDefinition,
  type ResourceContents,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  type ToolDefinition,
} from '../core';
import { createTasks, resolveTaskLimits, type TaskControl, type TaskStore } from '../tasks';
import { checkViewLinks } from './apps';
import { type Authorize, defaultAuthorize } from './authorize';
import { type Catalog, type DefinitionInfo, listsOf } from './catalog';
import { RequestHandlers } from './handlers';
import type { McpApplicationOptions } from './options';
import { scanProviders } from './providers';
import { standardError, stderrReporter } from './report';
import { SharedDefinitions } from './shared-definitions';
import { type SkillSet, skillSupport } from './skills';

/**
 * An MCP server built from decorated provider classes: scans them once, builds frozen
 * definitions with precomputed JSON Schemas, and generates the closures of an {@link McpCore}.
 * Serve it with a transport (`serveStdio(app)`, `serveHttp(app)`) or call {@link handle}.
 *
 * @example
 * const app = McpApplication.create({ name: 'Weather', version: '1.0.0', providers: [WeatherTools] });
 * await serveStdio(app);
 */
export class McpApplication<C = unknown> {
  /** The protocol core the closures were generated for. */
  readonly core: McpCore<C>;
  private readonly catalog: Catalog<C>;
  private readonly listChanged: boolean;
  /** The state adapters this application is bound to (by the transports that serve it). */
  private readonly shared = new Set<SharedDefinitions>();
  /** The tasks of task tools (`@Tool({ task })`); undefined when the application has none. */
  private readonly taskStore: TaskStore | undefined;
  /** The skills (`@Skill` providers, the `skills` option); undefined when there are none. */
  private readonly skills: SkillSet<C> | undefined;

  /** Scans `providers` and builds the application; throws a {@link ConfigurationError} for any mistake, naming class and method. */
  static create<C = unknown>(options: McpApplicationOptions<C>): McpApplication<C> {
    return new McpApplication<C>(options);
  }

  private constructor(options: McpApplicationOptions<C>) {
    if (typeof options !== 'object' || options === null)
      throw new ConfigurationError('McpApplication.create needs an options object.');
    if (!Array.isArray(options.providers)) {
      throw new ConfigurationError(
        'McpApplication.create: "providers" must be an array of classes, e.g. providers: [WeatherTools].',
      );
    }
    const problem = (message: string) => standardError().write(`${message}\n`);
    const { catalog, usesCall, served } = scanProviders(options, problem);
    checkViewLinks(catalog.entries);
    this.catalog = catalog;
    if (options.skills !== undefined)
      served.push(...skillSupport().skillsOfOption<C>(options.skills, problem));
    const skills =
      served.length === 0
        ? undefined
        : new (skillSupport().SkillSet)<C>(
            served,
            options.authorize ?? (defaultAuthorize as Authorize<C>),
            options.skillPageSize ?? 100,
          );
    this.skills = skills;
    this.listChanged =
      options.listChanged ??
      (catalog.some((entry) => !entry.enabled) || skills?.someDisabled === true);

    const reporter = options.reporter ?? stderrReporter((request) => this.labelOf(request));
    const limits = resolveTaskLimits(options);
    const tasks = catalog.some((entry) => entry.kind === 'tool' && entry.task !== undefined)
      ? createTasks(limits)
      : undefined;
    this.taskStore = tasks?.store;
    const handlers = new RequestHandlers(catalog, this.taskStore, reporter);
    const hasResources =
      catalog.count('resource') > 0 || catalog.count('template') > 0 || skills !== undefined;
    const hasPrompts = catalog.count('prompt') > 0;
    const hasCompletions = catalog.some(
      (entry) => entry.kind !== 'tool' && entry.kind !== 'resource' && entry.complete !== undefined,
    );
    this.core = new McpCore<C>({
      name: options.name,
      version: options.version,
      title: options.title,
      icons: options.icons,
      instructions: options.instructions,
      reporter,
      tasks: tasks?.methods,
      batch: options.batch,
      initializer: options.initializer,
      logging: options.logging ?? usesCall,
      listChanged: this.listChanged,
      subscriptions: options.subscriptions === true,
      cache: options.cache,
      privateLists:
        options.authorize !== undefined ||
        catalog.some((entry) => entry.scopes !== undefined) ||
        skills?.scoped === true,
      requestStateSecret: options.requestStateSecret,
      requestStateTtl: options.requestStateTtl,
      telemetry: options.telemetry,
      maxRounds: options.maxRounds,
      maxResultBytes: options.maxResultBytes,
      lister: (context) => catalog.visible('tool', context) as Awaitable<readonly ToolDefinition[]>,
      caller: (name, args, context, call) => handlers.callTool(name, args, context, call),
      ...(hasResources
        ? {
            resources: async (context: C) => {
              const listed = catalog.visible('resource', context) as Awaitable<
                readonly ResourceDefinition[]
              >;
              // The SKILL.md of each skill is listed (SEP-2640 Resource Metadata), after the others.
              return skills === undefined
                ? listed
                : [...(await listed), ...(await skills.resources(context))];
            },
            templates: (context: C) =>
              catalog.visible('template', context) as Awaitable<
                readonly ResourceTemplateDefinition[]
              >,
            reader:
              skills === undefined
                ? (uri, context, call) => handlers.read(uri, context, call)
                : async (uri, context, call) =>
                    ((await skills.read(uri, context)) as ResourceContents[] | undefined) ??
                    handlers.read(uri, context, call),
            skills,
          }
        : {}),
      ...(hasPrompts
        ? {
            prompts: (context: C) =>
              catalog.visible('prompt', context) as Awaitable<readonly PromptDefinition[]>,
            prompter: (name, args, context, call) => handlers.prompt(name, args, context, call),
          }
        : {}),
      ...(hasCompletions
        ? {
            completer: (ref, argument, completion, context) =>
              handlers.complete(ref, argument, completion, context),
          }
        : {}),
    } satisfies McpCoreOptions<C>);
  }

  /** Answers a raw MCP payload; see {@link McpCore.handle}. */
  handle(payload: string, context?: C): Promise<string | null>;
  /**
   * With the transport's link to the client (server→client requests, notifications).
   *
   * @internal
   */
  handle(payload: string, context: C | undefined, link: Link | undefined): Promise<string | null>;
  handle(payload: string, context?: C, link?: Link): Promise<string | null> {
    return this.core.handle(payload, context, link);
  }

  /** Every definition with its provider, method, scopes and state, for introspection. */
  describe(): DefinitionInfo[] {
    const infos = this.catalog.describe();
    if (this.skills !== undefined) infos.push(...this.skills.describe());
    return infos;
  }

  /** Lists and allows a tool/prompt (by name), resource (by URI or template) or skill (by path) again; see {@link disable}. */
  enable(key: string, kind?: DefinitionKind | 'skill'): void {
    this.toggle(key, kind, true);
  }

  /**
   * Hides a tool/prompt (by name), resource (by URI or template) or skill (by path, kind
   * `'skill'`) from lists and calls. Clients are sent `notifications/…/list_changed` (a skill:
   * `notifications/resources/list_changed`) when the application declares `listChanged`.
   */
  disable(key: string, kind?: DefinitionKind | 'skill'): void {
    this.toggle(key, kind, false);
  }

  /** Sends `notifications/resources/updated` to the clients subscribed to `uri`. */
  notifyResourceUpdated(uri: string): void {
    this.core.notifyResourceUpdated(uri);
  }

  /**
   * Keeps the enabled/disabled set in a state adapter, so {@link enable} and {@link disable}
   * apply to every process that serves this application with the same adapter. Called by the
   * HTTP transport given `adapter` (it is the adapter entry's `StateBindable`); there is no need
   * to call it yourself.
   *
   * @internal
   */
  bindState(
    adapter: StateAdapter,
    report: (error: unknown) => void,
  ): { ready: Promise<void>; unbind(): Promise<void> } {
    this.taskStore?.bind(adapter);
    const binding = new SharedDefinitions(
      adapter,
      (key, enabled) =>
        key.startsWith('skill:')
          ? this.skills?.applyShared(key.slice('skill:'.length), enabled)
          : this.catalog.applyShared(key, enabled),
      report,
    );
    this.shared.add(binding);
    return {
      ready: binding.start(),
      unbind: () => {
        this.shared.delete(binding);
        return binding.unbind();
      },
    };
  }

  /**
   * The application's tasks (`@Tool({ task })`), for its own code: look one up, list a caller's,
   * cancel one, in any process that shares the state adapter. Throws when no tool runs as a task.
   */
  get tasks(): TaskControl {
    if (this.taskStore === undefined) {
      throw new ConfigurationError(
        "This application has no task tool: declare one with @Tool({ task: 'optional' }) to use app.tasks.",
      );
    }
    return this.taskStore.control;
  }

  /** The definition a request was about, as start-up errors name it; for the default reporter. */
  private labelOf(request: { method: string; params?: unknown }): string | undefined {
    const params = (request.params ?? {}) as { name?: unknown; uri?: unknown };
    if (request.method === 'tools/call' && typeof params.name === 'string')
      return this.catalog.about('tool', params.name)?.label;
    if (request.method === 'prompts/get' && typeof params.name === 'string')
      return this.catalog.about('prompt', params.name)?.label;
    if (request.method === 'resources/read' && typeof params.uri === 'string')
      return this.catalog.about('resource', params.uri)?.label;
    return undefined;
  }

  private toggle(key: string, kind: DefinitionKind | 'skill' | undefined, enabled: boolean): void {
    const skills = this.skills;
    if (kind === 'skill' || (kind === undefined && skills?.has(key) && !this.catalog.has(key))) {
      if (skills === undefined) {
        throw new ConfigurationError(
          `No skill "${key}" to ${enabled ? 'enable' : 'disable'}: this application serves no skills.`,
        );
      }
      if (!skills.toggle(key, enabled)) return;
      for (const binding of this.shared) binding.announce(`skill:${key}`, enabled);
      if (this.listChanged) this.core.notifyListChanged('resources');
      return;
    }
    const changed = this.catalog.toggle(key, kind, enabled);
    for (const binding of this.shared) {
      for (const entry of changed) binding.announce(`${entry.kind}:${entry.key}`, enabled);
    }
    if (!this.listChanged) return;
    for (const list of listsOf(changed)) this.core.notifyListChanged(list);
  }
}
