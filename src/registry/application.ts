import type { DefinitionKind, Interceptor } from '../../decorators';
import type { StateAdapter, StateBindable } from '../adapter';
import {
  APP_MIME_TYPE,
  CACHE_HINT,
  type CacheHint,
  type Completion,
  type CompletionReference,
  ConfigurationError,
  ErrorCode,
  Fault,
  type Icon,
  type JsonObject,
  type Link,
  type McpCall,
  McpCore,
  type PromptDefinition,
  type ProtocolVersion,
  type Reporter,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  type ToolDefinition,
  ToolError,
} from '../core';
import { type ProviderClass, resolveProvider } from '../di';
import { formatIssues } from '../schema';
import { checkViewLinks, viewContents } from './apps';
import { type Authorize, defaultAuthorize } from './authorize';
import { buildEntry } from './build-entry';
import type { Entry } from './entries';
import { stderrReporter } from './report';
import { toContents, toolFailure, toPromptResult, toToolResult } from './results';
import { scanProvider } from './scan';
import { SharedDefinitions } from './shared-definitions';

/** Options of {@link McpApplication.create}. */
export interface McpApplicationOptions<C = unknown> {
  /** Sent as `serverInfo.name`. */
  name: string;
  /** Sent as `serverInfo.version`. */
  version: string;
  /** Sent as `serverInfo.title`. */
  title?: string;
  /** Sent as `serverInfo.icons`. */
  icons?: Icon[];
  /** Sent at `initialize` for the client's model. */
  instructions?: string;
  /** The classes whose decorated methods become tools, resources and prompts. */
  providers: readonly ProviderClass[];
  /** A typedi `Container` or `ContainerInstance` to resolve providers from (constructor injection). */
  container?: unknown;
  /** Decides whether a context holds a definition's `scopes` (default: `context.identity.scopes` or `context.scopes`). */
  authorize?: Authorize<C>;
  /** Interceptors around every invocation, outermost first. */
  interceptors?: readonly Interceptor[];
  /**
   * Told about unexpected errors (the client gets `-32603`); must not throw. Default: the error,
   * the method and the definition on stderr (never stdout). `reporter: () => {}` silences it.
   */
  reporter?: Reporter<C>;
  /** Largest JSON-RPC batch accepted (default 100; 0 refuses batches). */
  batch?: number;
  /** Told the revision agreed at `initialize` (for example to store it in the session). */
  initializer?: (revision: ProtocolVersion, params: JsonObject, context: C) => void | Promise<void>;
  /** Declare `logging` (default: when a method takes a `@Call()` parameter, which can log). */
  logging?: boolean;
  /** Declare `resources.subscribe` and answer subscribe/unsubscribe (default: false). */
  subscriptions?: boolean;
  /** Declare `listChanged` (default: when a definition starts with `enabled: false`). */
  listChanged?: boolean;
  /**
   * The default caching hint of MCP 2026-07-28 cacheable results (lists, `resources/read`,
   * `server/discover`): `{ ttlMs: 0, scope: 'public' }` when not given. `@Tool({ cache })`,
   * `@Resource({ cache })` and `@Prompt({ cache })` override it per definition; a list takes the
   * most restrictive of its members, and is `private` when any scopes or a custom `authorize`
   * are in use (it then differs by caller).
   */
  cache?: Partial<CacheHint>;
  /**
   * The key that seals MCP 2026-07-28 `requestState` (HMAC-SHA-256) while a method waits for the
   * client's answers. Default: random per process. Give every instance behind a load balancer the
   * same one.
   */
  requestStateSecret?: string | Uint8Array;
  /** How long (ms) a sealed `requestState` stays valid. Default 10 minutes. */
  requestStateTtl?: number;
}

/** What {@link McpApplication.describe} tells of one definition. */
export interface DefinitionInfo {
  kind: DefinitionKind;
  /** Tool/prompt name, resource URI or URI template. */
  key: string;
  /** As listed to clients. */
  definition: Readonly<JsonObject>;
  /** The provider class and method behind it. */
  provider: string;
  method: string;
  scopes: readonly string[];
  enabled: boolean;
}

const NOT_ALLOWED_TEXT = 'Not allowed.';
const NOT_ALLOWED = Object.freeze({
  content: Object.freeze([{ type: 'text', text: NOT_ALLOWED_TEXT }]),
  isError: true,
});

/**
 * An MCP server built from decorated provider classes: scans them once, builds frozen
 * definitions with precomputed JSON Schemas, and generates the closures of an {@link McpCore}.
 * Serve it with a transport (`serveStdio(app)`, `serveHttp(app)`) or call {@link handle}.
 *
 * @example
 * const app = McpApplication.create({ name: 'Weather', version: '1.0.0', providers: [WeatherTools] });
 * await serveStdio(app);
 */
export class McpApplication<C = unknown> implements StateBindable {
  /** The protocol core the closures were generated for. */
  readonly core: McpCore<C>;
  private readonly entries: Entry[];
  private readonly tools = new Map<string, Entry>();
  private readonly prompts = new Map<string, Entry>();
  private readonly fixed = new Map<string, Entry>();
  private readonly templates: Entry[] = [];
  private readonly authorize: Authorize<C>;
  private readonly listChanged: boolean;
  /** The state adapters this application is bound to (by the transports that serve it). */
  private readonly shared = new Set<SharedDefinitions>();
  private lists!: Record<DefinitionKind, Entry[]>;

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
    this.authorize = options.authorize ?? (defaultAuthorize as Authorize<C>);
    const appInterceptors = options.interceptors ?? [];
    this.entries = [];
    let usesCall = false;
    for (const provider of options.providers) {
      if (typeof provider !== 'function') {
        throw new ConfigurationError(
          `McpApplication.create: every provider must be a class; got ${String(provider)}.`,
        );
      }
      const members = scanProvider(provider);
      if (members.length === 0) {
        throw new ConfigurationError(
          `Provider ${provider.name}: no @Tool, @Resource or @Prompt method. Decorate its methods, or remove it from "providers".`,
        );
      }
      const instance = resolveProvider(provider, options.container);
      for (const member of members) {
        usesCall ||= member.callIndex !== undefined;
        this.add(buildEntry(member, instance, appInterceptors));
      }
    }
    checkViewLinks(this.entries);
    this.listChanged = options.listChanged ?? this.entries.some((entry) => !entry.enabled);
    this.refresh();

    const hasResources = this.fixed.size > 0 || this.templates.length > 0;
    const hasPrompts = this.prompts.size > 0;
    const hasCompletions = this.entries.some((entry) => entry.complete !== undefined);
    this.core = new McpCore<C>({
      name: options.name,
      version: options.version,
      title: options.title,
      icons: options.icons,
      instructions: options.instructions,
      reporter: options.reporter ?? stderrReporter((request) => this.labelOf(request)),
      batch: options.batch,
      initializer: options.initializer,
      logging: options.logging ?? usesCall,
      listChanged: this.listChanged,
      subscriptions: options.subscriptions === true,
      cache: options.cache,
      privateLists:
        options.authorize !== undefined || this.entries.some((entry) => entry.scopes !== undefined),
      requestStateSecret: options.requestStateSecret,
      requestStateTtl: options.requestStateTtl,
      lister: (context) => this.visible('tool', context) as Promise<readonly ToolDefinition[]>,
      caller: (name, args, context, call) => this.callTool(name, args, context, call),
      ...(hasResources
        ? {
            resources: (context: C) =>
              this.visible('resource', context) as Promise<readonly ResourceDefinition[]>,
            templates: (context: C) =>
              this.visible('template', context) as Promise<readonly ResourceTemplateDefinition[]>,
            reader: (uri: string, context: C, call: McpCall) => this.read(uri, context, call),
          }
        : {}),
      ...(hasPrompts
        ? {
            prompts: (context: C) =>
              this.visible('prompt', context) as Promise<readonly PromptDefinition[]>,
            prompter: (name: string, args: JsonObject, context: C, call: McpCall) =>
              this.prompt(name, args, context, call),
          }
        : {}),
      ...(hasCompletions
        ? {
            completer: (
              ref: CompletionReference,
              argument: { name: string; value: string },
              completion: { arguments?: Record<string, string> },
              context: C,
            ) => this.complete(ref, argument, completion, context),
          }
        : {}),
    });
  }

  /** Answers a raw MCP payload; see {@link McpCore.handle}. */
  handle(payload: string, context?: C, link?: Link): Promise<string | null> {
    return this.core.handle(payload, context, link);
  }

  /** Every definition with its provider, method, scopes and state, for introspection. */
  describe(): DefinitionInfo[] {
    return this.entries.map((entry) => ({
      kind: entry.kind,
      key: entry.key,
      definition: entry.definition,
      provider: entry.member.provider.name,
      method: entry.member.record.method,
      scopes: entry.scopes ?? [],
      enabled: entry.enabled,
    }));
  }

  /** Lists and allows a tool/prompt (by name) or resource (by URI or template) again; see {@link disable}. */
  enable(key: string, kind?: DefinitionKind): void {
    this.toggle(key, kind, true);
  }

  /**
   * Hides a tool/prompt (by name) or resource (by URI or template) from lists and calls. Clients
   * are sent `notifications/…/list_changed` when the application declares `listChanged`.
   */
  disable(key: string, kind?: DefinitionKind): void {
    this.toggle(key, kind, false);
  }

  /** Sends `notifications/resources/updated` to the clients subscribed to `uri`. */
  notifyResourceUpdated(uri: string): void {
    this.core.notifyResourceUpdated(uri);
  }

  /**
   * Keeps the enabled/disabled set in a state adapter, so {@link enable} and {@link disable}
   * apply to every process that serves this application with the same adapter. Called by the
   * HTTP transport given `adapter`; there is no need to call it yourself.
   */
  bindState(
    adapter: StateAdapter,
    report: (error: unknown) => void,
  ): { ready: Promise<void>; unbind(): Promise<void> } {
    const binding = new SharedDefinitions(
      adapter,
      (key, enabled) => this.applyShared(key, enabled),
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

  /** A state recorded in a state adapter (`kind:key`), applied without notifying anyone. */
  private applyShared(key: string, enabled: boolean): void {
    const at = key.indexOf(':');
    const kind = key.slice(0, at);
    const name = key.slice(at + 1);
    let changed = false;
    for (const entry of this.entries) {
      if (entry.kind === kind && entry.key === name && entry.enabled !== enabled) {
        entry.enabled = enabled;
        changed = true;
      }
    }
    if (changed) this.refresh();
  }

  private toggle(key: string, kind: DefinitionKind | undefined, enabled: boolean): void {
    const matches = this.entries.filter(
      (entry) => entry.key === key && (kind === undefined || entry.kind === kind),
    );
    if (matches.length === 0)
      throw new ConfigurationError(
        `No ${kind ?? 'tool, resource or prompt'} "${key}" to ${enabled ? 'enable' : 'disable'}.`,
      );
    const changed = matches.filter((entry) => entry.enabled !== enabled);
    for (const entry of changed) entry.enabled = enabled;
    if (changed.length === 0) return;
    this.refresh();
    for (const binding of this.shared) {
      for (const entry of changed) binding.announce(`${entry.kind}:${entry.key}`, enabled);
    }
    if (!this.listChanged) return;
    const kinds = new Set(
      changed.map(
        (entry) =>
          (entry.kind === 'tool' ? 'tools' : entry.kind === 'prompt' ? 'prompts' : 'resources') as
            | 'tools'
            | 'resources'
            | 'prompts',
      ),
    );
    for (const k of kinds) this.core.notifyListChanged(k);
  }

  private refresh(): void {
    const lists: Record<DefinitionKind, Entry[]> = {
      tool: [],
      resource: [],
      template: [],
      prompt: [],
    };
    for (const entry of this.entries) if (entry.enabled) lists[entry.kind].push(entry);
    this.lists = lists;
    this.listed = {
      tool: Object.freeze(lists.tool.map((e) => e.definition)),
      resource: Object.freeze(lists.resource.filter((e) => e.listed).map((e) => e.definition)),
      template: Object.freeze(lists.template.map((e) => e.definition)),
      prompt: Object.freeze(lists.prompt.map((e) => e.definition)),
    };
    this.scoped = {
      tool: lists.tool.some((e) => e.scopes !== undefined),
      resource: lists.resource.some((e) => e.scopes !== undefined),
      template: lists.template.some((e) => e.scopes !== undefined),
      prompt: lists.prompt.some((e) => e.scopes !== undefined),
    };
  }

  private listed!: Record<DefinitionKind, readonly Readonly<JsonObject>[]>;
  private scoped!: Record<DefinitionKind, boolean>;

  /**
   * The one policy for denied access, alike for tools, resources and prompts: lists show only
   * what the context may use; a call to a definition it may not use is refused, saying so
   * ("Not allowed."), and the transport is told the scopes it lacks (Streamable HTTP with
   * `scopeChallenge` answers `403 insufficient_scope` instead).
   */
  private refuse<T>(entry: Entry, call: McpCall, answer: T): T {
    if (entry.scopes !== undefined) call.challengeScopes(entry.scopes);
    return answer;
  }

  private async allowed(entry: Entry, context: C): Promise<boolean> {
    return entry.scopes === undefined || (await this.authorize(entry.scopes, context)) === true;
  }

  /** A list as this context may see it: the frozen list itself when nothing in it is scoped. */
  private async visible(
    kind: DefinitionKind,
    context: C,
  ): Promise<readonly Readonly<JsonObject>[]> {
    if (!this.scoped[kind]) return this.listed[kind] as JsonObject[];
    const shown: Readonly<JsonObject>[] = [];
    for (const entry of this.lists[kind])
      if (entry.listed && (await this.allowed(entry, context))) shown.push(entry.definition);
    return shown;
  }

  private async callTool(
    name: string,
    args: JsonObject,
    context: C,
    call: McpCall,
  ): Promise<unknown> {
    const entry = this.tools.get(name);
    if (entry === undefined || !entry.enabled)
      throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
    if (entry.scopes !== undefined && !(await this.allowed(entry, context))) {
      return this.refuse(entry, call, NOT_ALLOWED);
    }
    const checked = entry.input!.validate(args);
    if (!checked.ok) return toolFailure(formatIssues(checked.issues));
    let value: unknown;
    try {
      value = await entry.invoke(checked.value, context, call);
    } catch (error) {
      if (ToolError.is(error)) return toolFailure(error.message);
      throw error;
    }
    return toToolResult(value, entry.output, entry.label);
  }

  private async read(uri: string, context: C, call: McpCall): Promise<unknown> {
    let entry = this.fixed.get(uri);
    let variables: Record<string, string> | undefined;
    if (entry === undefined || !entry.enabled) {
      entry = undefined;
      for (const template of this.lists.template) {
        variables = template.template!.match(uri) ?? undefined;
        if (variables !== undefined) {
          entry = template;
          break;
        }
      }
    }
    if (entry === undefined) {
      throw new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { uri });
    }
    if (!(await this.allowed(entry, context))) {
      this.refuse(entry, call, undefined);
      throw new Fault(ErrorCode.INVALID_PARAMS, NOT_ALLOWED_TEXT, { uri });
    }
    let data: unknown = variables ?? {};
    if (entry.input !== undefined) {
      const checked = entry.input.validate(data);
      if (!checked.ok)
        throw new Fault(ErrorCode.INVALID_PARAMS, formatIssues(checked.issues), { uri });
      data = checked.value;
    }
    const value = await invokeOrFault(entry, data, context, call, { uri });
    const contents =
      entry.contentsMeta === undefined && entry.mimeType !== APP_MIME_TYPE
        ? toContents(value, uri, entry.mimeType)
        : viewContents(value, uri, entry.mimeType!, entry.contentsMeta);
    if (entry.cache !== undefined && typeof contents === 'object' && contents !== null) {
      // The core reads the hint of resources/read from the contents (MCP 2026-07-28 caching).
      Object.defineProperty(contents, CACHE_HINT, { value: entry.cache });
    }
    return contents;
  }

  private async prompt(
    name: string,
    args: JsonObject,
    context: C,
    call: McpCall,
  ): Promise<unknown> {
    const entry = this.prompts.get(name);
    if (entry === undefined || !entry.enabled) {
      throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown prompt: ${name}`);
    }
    if (!(await this.allowed(entry, context))) {
      this.refuse(entry, call, undefined);
      throw new Fault(ErrorCode.INVALID_PARAMS, NOT_ALLOWED_TEXT, { prompt: name });
    }
    const checked = entry.input!.validate(args);
    if (!checked.ok)
      throw new Fault(ErrorCode.INVALID_PARAMS, formatIssues(checked.issues), { prompt: name });
    const where = entry.label;
    return toPromptResult(
      await invokeOrFault(entry, checked.value, context, call, { prompt: name }),
      entry.definition.description as string | undefined,
      where,
    );
  }

  private async complete(
    ref: CompletionReference,
    argument: { name: string; value: string },
    completion: { arguments?: Record<string, string> },
    context: C,
  ): Promise<Completion> {
    const entry =
      ref.type === 'ref/prompt'
        ? this.prompts.get(ref.name)
        : (this.fixed.get(ref.uri) ?? this.lists.template.find((t) => t.key === ref.uri));
    if (entry === undefined || !entry.enabled) {
      throw new Fault(
        ErrorCode.INVALID_PARAMS,
        ref.type === 'ref/prompt'
          ? `Unknown prompt: ${ref.name}`
          : `Unknown resource template: ${ref.uri}`,
      );
    }
    if (!(await this.allowed(entry, context))) {
      throw new Fault(
        ErrorCode.INVALID_PARAMS,
        NOT_ALLOWED_TEXT,
        ref.type === 'ref/prompt' ? { prompt: ref.name } : { uri: ref.uri },
      );
    }
    const completer = entry.complete?.[argument.name];
    if (completer === undefined) return { values: [] };
    const values = await completer(argument.value, {
      arguments: completion.arguments ?? {},
      context,
    });
    return { values: Array.isArray(values) ? values.map(String) : [] };
  }

  /** The definition a request was about, as start-up errors name it; for the default reporter. */
  private labelOf(request: { method: string; params?: unknown }): string | undefined {
    const params = (request.params ?? {}) as { name?: unknown; uri?: unknown };
    let entry: Entry | undefined;
    if (request.method === 'tools/call' && typeof params.name === 'string')
      entry = this.tools.get(params.name);
    else if (request.method === 'prompts/get' && typeof params.name === 'string')
      entry = this.prompts.get(params.name);
    else if (request.method === 'resources/read' && typeof params.uri === 'string') {
      const uri = params.uri;
      entry = this.fixed.get(uri) ?? this.templates.find((t) => t.template!.match(uri) !== null);
    }
    return entry?.label;
  }

  private add(entry: Entry): void {
    const clash = (existing: Entry | undefined): void => {
      if (existing !== undefined) {
        throw new ConfigurationError(
          `Duplicate ${entry.kind} "${entry.key}": ${existing.member.where} and ${entry.member.where} both register it. Give one of them another name${entry.kind === 'resource' ? ' (uri)' : ''}.`,
        );
      }
    };
    if (entry.kind === 'tool') {
      clash(this.tools.get(entry.key));
      this.tools.set(entry.key, entry);
    } else if (entry.kind === 'prompt') {
      clash(this.prompts.get(entry.key));
      this.prompts.set(entry.key, entry);
    } else if (entry.kind === 'resource') {
      clash(this.fixed.get(entry.key));
      this.fixed.set(entry.key, entry);
    } else {
      clash(this.templates.find((t) => t.key === entry.key));
      this.templates.push(entry);
    }
    this.entries.push(entry);
  }
}

/**
 * Runs a resource or prompt method. A `ToolError` thrown there is the method's readable
 * refusal: outside `tools/call` there is no `isError` result, so it becomes `-32602` with its message.
 */
async function invokeOrFault(
  entry: Entry,
  data: unknown,
  context: unknown,
  call: McpCall,
  detail: JsonObject,
): Promise<unknown> {
  try {
    return await entry.invoke(data, context, call);
  } catch (error) {
    if (ToolError.is(error)) throw new Fault(ErrorCode.INVALID_PARAMS, error.message, detail);
    throw error;
  }
}
