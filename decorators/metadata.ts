import type { Mcp, McpCall } from 'declarative-mcp';

/**
 * What the decorators record. One record set per class, in a module-private WeakMap keyed by
 * the class: nothing global grows for the life of the process, and a class that is garbage
 * collected takes its records with it. The registry reads these records once, at start-up.
 */

/** A schema the registry can turn into JSON Schema: a zod object schema, a class-validator DTO class, or a JSON Schema object. */
export type SchemaSource = object;

/** Completes one argument: the candidate values for what the user typed so far. */
export type Completer<C = any> = (
  value: string,
  context: { arguments: Record<string, string>; context: C },
) => string[] | Promise<string[]>;

/**
 * Wraps every invocation of a tool, resource or prompt (onion order: application, class,
 * method). Call `next()` to go on, or return without calling it to short-circuit; what it
 * returns is the method's return value, before it becomes an MCP result.
 */
export type Interceptor<C = unknown> = (
  invocation: Invocation<C>,
  next: () => Promise<unknown>,
) => Promise<unknown>;

/** What an {@link Interceptor} sees of one invocation. */
export interface Invocation<C = unknown> {
  /** `tool`, `resource`, `template` or `prompt`. */
  readonly kind: DefinitionKind;
  /** The tool or prompt name, or the resource URI (template: the URI template). */
  readonly name: string;
  /** The definition as listed (`tools/list` entry, resource, template or prompt). */
  readonly definition: Readonly<Mcp.JsonObject>;
  /** The validated arguments (tool, prompt) or template variables; `{}` for a fixed resource. */
  readonly args: unknown;
  /** The call's context, as the transport passed it. */
  readonly context: C;
  /** The call's channel (progress, log, signal, elicit, …). */
  readonly call: McpCall;
  /** The provider class and the method behind the definition. */
  readonly provider: Function;
  readonly method: string;
}

/** The four kinds of definitions a provider method can register. */
export type DefinitionKind = 'tool' | 'resource' | 'template' | 'prompt';

/** How long a definition may be cached, and by whom (MCP 2026-07-28 `ttlMs` / `cacheScope`). */
export interface DefinitionCache {
  /** Milliseconds a client may reuse the result (default: the application's, else 0). */
  ttlMs?: number;
  /** `'public'` (shared caches may keep it) or `'private'` (only the caller's own). */
  scope?: 'public' | 'private';
}

/** Options of {@link Tool}. */
export interface ToolOptions {
  /** The tool name (default: the method name). 1–128 characters of `A-Z a-z 0-9 _ - .`. */
  name?: string;
  /** A human-readable name. */
  title?: string;
  /** What the tool does, for the model. */
  description?: string;
  /** The input schema: a zod object schema, a class-validator DTO class, or a JSON Schema object. Default: the first parameter's DTO class. */
  input?: SchemaSource;
  /** The output schema (zod or DTO class or JSON Schema): listed as `outputSchema`; the return value is sent as `structuredContent`. */
  output?: SchemaSource;
  /** Behaviour hints for clients. */
  annotations?: Mcp.ToolAnnotations;
  /** What the caller's identity must hold to see and call the tool. */
  scopes?: string[];
  /** Icons for clients that show them. */
  icons?: Mcp.Icon[];
  /** `_meta` sent with the definition. */
  meta?: Mcp.JsonObject;
  /** Listed and callable from the start (default true); see `McpApplication.enable`. */
  enabled?: boolean;
  /**
   * The MCP Apps view (extension `io.modelcontextprotocol/ui`) that shows this tool's result:
   * the `ui://` URI of a `@Resource({ uri: 'ui://…', app: {} })`, or `{ resourceUri, visibility }`.
   * Sent as `_meta.ui` and as the older flat key `_meta["ui/resourceUri"]`.
   */
  ui?: string | ToolUiOptions;
  /**
   * The caching hint of this definition in MCP 2026-07-28 results (`ttlMs`, `cacheScope`),
   * over the application's `cache` default: lists take the most restrictive of their members.
   */
  cache?: DefinitionCache;
  /**
   * Whether a call may run as a task (long-running work the client polls): `'optional'` (the
   * client chooses: a 2025-11-25 `params.task`, a 2026-07-28 client declaring the tasks
   * extension) or `'required'` (only as a task). Default: never. Listed as
   * `execution.taskSupport`. See docs/tasks.md.
   */
  task?: 'optional' | 'required';
  /**
   * When the call becomes a task: `'immediate'` (default: at once, before the method runs) or
   * `'manual'` (where the method calls `await call.startTask()`; asks before it go through the
   * request's own exchange).
   */
  taskStart?: 'immediate' | 'manual';
}

/** Who may call a tool that has a view: the model (`'model'`), the view (`'app'`), or both (the default). */
export type ToolVisibility = 'model' | 'app';

/** The long form of {@link ToolOptions.ui}. */
export interface ToolUiOptions {
  /** The `ui://` URI of the view declared with `@Resource({ uri, app })`. */
  resourceUri: string;
  /** Who may call the tool (MCP Apps default: `['model', 'app']`); `['app']` hides it from the model. */
  visibility?: ToolVisibility[];
}

/**
 * The security and rendering metadata of an MCP Apps view (`_meta.ui` of its resource, MCP Apps
 * 2026-01-26). Everything is optional: a view with none of it gets the host's strictest policy.
 */
export interface AppViewOptions {
  /** Origins the view may reach, by CSP directive; omitted lists allow nothing. */
  csp?: {
    /** Origins for fetch/XHR/WebSocket (`connect-src`). */
    connectDomains?: string[];
    /** Origins for scripts, styles, images, fonts and media. */
    resourceDomains?: string[];
    /** Origins for nested iframes (`frame-src`). */
    frameDomains?: string[];
    /** Allowed base URIs (`base-uri`). */
    baseUriDomains?: string[];
  };
  /** Browser features the view asks for; each is `{}` when asked for (the host may refuse). */
  permissions?: {
    camera?: Record<string, never>;
    microphone?: Record<string, never>;
    geolocation?: Record<string, never>;
    clipboardWrite?: Record<string, never>;
  };
  /** A dedicated sandbox origin, in the format the host documents. */
  domain?: string;
  /** Whether the host should draw a border and background around the view. */
  prefersBorder?: boolean;
}

/** Options of {@link Resource}: either `uri` (a fixed resource) or `uriTemplate` (RFC 6570). */
export interface ResourceOptions {
  /** The URI of a fixed resource. */
  uri?: string;
  /** A URI template (`notes://{slug}`); the method receives its variables. */
  uriTemplate?: string;
  /** Default: the method name. */
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Size in bytes, when known (fixed resources). */
  size?: number;
  icons?: Mcp.Icon[];
  /** Validates the template's variables (a zod object schema, DTO class or JSON Schema). */
  variables?: SchemaSource;
  /** Completion of template variables, by variable name (`completion/complete`). */
  complete?: Record<string, Completer>;
  /** What the caller's identity must hold to see and read it. */
  scopes?: string[];
  enabled?: boolean;
  /** Shown by `resources/list` (default true). `false` keeps a view out of the list; it can still be read. */
  listed?: boolean;
  /**
   * Declares an MCP Apps view (needs a `ui://` URI): the MIME type defaults to
   * `text/html;profile=mcp-app` and this metadata is sent as `_meta.ui` on the listed resource
   * and on the read contents. The method returns the HTML document (a string or a Buffer).
   */
  app?: AppViewOptions;
  /**
   * The caching hint of this definition in MCP 2026-07-28 results (`ttlMs`, `cacheScope`),
   * over the application's `cache` default: lists take the most restrictive of their members.
   */
  cache?: DefinitionCache;
}

/** Options of {@link Prompt}. */
export interface PromptOptions {
  /** Default: the method name. */
  name?: string;
  title?: string;
  description?: string;
  /** The arguments: a zod object schema or a DTO class (listed as MCP prompt `arguments`). Default: the first parameter's DTO class. */
  args?: SchemaSource;
  /** Completion of arguments, by argument name (`completion/complete`). */
  complete?: Record<string, Completer>;
  scopes?: string[];
  icons?: Mcp.Icon[];
  enabled?: boolean;
  /**
   * The caching hint of this definition in MCP 2026-07-28 results (`ttlMs`, `cacheScope`),
   * over the application's `cache` default: lists take the most restrictive of their members.
   */
  cache?: DefinitionCache;
}

/** One decorated method, as recorded. */
export type MemberRecord =
  | { kind: 'tool'; method: string; options: ToolOptions }
  | { kind: 'resource'; method: string; options: ResourceOptions }
  | { kind: 'prompt'; method: string; options: PromptOptions };

/** What a parameter decorator marks. */
export type ParameterRole = 'context' | 'call';

/** The records of one class (its own, not inherited). */
export interface ClassRecords {
  /** Decorated methods, in declaration order; a method decorated twice has two entries. */
  readonly members: MemberRecord[];
  /** Marked parameters by method: index → role (a list, to catch two marks on one method). */
  readonly parameters: Map<string, Array<{ index: number; role: ParameterRole }>>;
  /** `@Use` on the class. */
  readonly classInterceptors: Interceptor[];
  /** `@Use` on methods. */
  readonly methodInterceptors: Map<string, Interceptor[]>;
}

const records = new WeakMap<Function, ClassRecords>();

/** The records a class declared itself (not its base classes'), or undefined. */
export function ownRecords(target: Function): Readonly<ClassRecords> | undefined {
  return records.get(target);
}

/** @internal The records of `target`, created on first use. */
export function recordsFor(target: Function): ClassRecords {
  let entry = records.get(target);
  if (entry === undefined) {
    entry = {
      members: [],
      parameters: new Map(),
      classInterceptors: [],
      methodInterceptors: new Map(),
    };
    records.set(target, entry);
  }
  return entry;
}
