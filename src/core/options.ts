import type { CacheHint } from './cache';
import type { McpCall } from './call';
import type { MethodFamily } from './methods/family';
import type { ProtocolVersion } from './revisions/2025-11-25';
import type { Reporter } from './rpc-contract';
import type { SkillHost } from './skills';
import type { TelemetryOption } from './telemetry/options';
import type {
  Awaitable,
  Icon,
  JsonObject,
  PromptDefinition,
  ResourceContents,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ToolDefinition,
} from './types';

/** What `completion/complete` asks about: a prompt argument or a resource-template variable. */
export type CompletionReference =
  | { type: 'ref/prompt'; name: string }
  | { type: 'ref/resource'; uri: string };

/** The `completion` member of a `completion/complete` result. */
export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/**
 * Options of {@link McpCore}. Every closure receives the call's context after its own
 * arguments, then the call's {@link McpCall} channel; a closure that needs neither leaves them out.
 *
 * Resources turn on when `resources` and `reader` are both given; prompts when `prompts` and
 * `prompter` are both given. Give one closure of a pair alone and its methods stay out
 * (the client gets Method not found).
 */
export interface McpCoreOptions<C = unknown> {
  /** Sent as `serverInfo.name`. */
  name: string;
  /** Sent as `serverInfo.version`. */
  version: string;
  /** Sent as `serverInfo.title` (MCP 2025-06-18 and later) when given. */
  title?: string;
  /** Sent as `serverInfo.icons` (MCP 2025-11-25) when given. */
  icons?: Icon[];
  /** The tools this context may see; sent as `tools/list`'s `tools`. */
  lister: (context: C, call: McpCall) => Awaitable<readonly ToolDefinition[]>;
  /**
   * Runs one tool; its return value is the `tools/call` result, unchanged. Throw a
   * {@link Fault} (for example `INVALID_PARAMS` for an unknown tool) for a protocol error;
   * return `isError: true` for a tool that ran and failed.
   */
  caller: (name: string, args: JsonObject, context: C, call: McpCall) => unknown;
  /** Sent at `initialize` as `instructions` for the client's model. */
  instructions?: string;
  /** The resources; sent as `resources/list`'s `resources`. Needs `reader`. */
  resources?: (context: C, call: McpCall) => Awaitable<readonly ResourceDefinition[]>;
  /** The resource templates; sent as `resources/templates/list`'s `resourceTemplates`. */
  templates?: (context: C, call: McpCall) => Awaitable<readonly ResourceTemplateDefinition[]>;
  /**
   * The contents of one resource; sent as `resources/read`'s `contents`. Throw
   * `new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { uri })` for an unknown URI.
   * Needs `resources`.
   */
  reader?: (
    uri: string,
    context: C,
    call: McpCall,
  ) => Awaitable<readonly ResourceContents[] | unknown>;
  /** The prompts; sent as `prompts/list`'s `prompts`. Needs `prompter`. */
  prompts?: (context: C, call: McpCall) => Awaitable<readonly PromptDefinition[]>;
  /** Builds one prompt: the whole `prompts/get` result (`description`, `messages`). Needs `prompts`. */
  prompter?: (name: string, args: JsonObject, context: C, call: McpCall) => unknown;
  /** Told the revision agreed at `initialize` and the client's params, to store in the session it receives as context. */
  initializer?: (revision: ProtocolVersion, params: JsonObject, context: C) => Awaitable<void>;
  /** Told about unexpected errors (the client gets `-32603 Internal error`); must not throw. */
  reporter?: Reporter<C>;
  /** Largest JSON-RPC batch accepted (default 100); `0` refuses batches; negative throws. */
  batch?: number;
  /** Declare the `logging` capability and answer `logging/setLevel` (the level is kept in the transport's peer). */
  logging?: boolean;
  /**
   * Answers `completion/complete` (and declares `completions`): the candidate values for one
   * argument of a prompt or variable of a resource template. At most 100 values are sent.
   */
  completer?: (
    ref: CompletionReference,
    argument: { name: string; value: string },
    completionContext: { arguments?: Record<string, string> },
    context: C,
    call: McpCall,
  ) => Awaitable<Completion | string[]>;
  /** Answer `resources/subscribe` / `unsubscribe`, keeping the URIs in the transport's peer (`subscribe: true`). */
  subscriptions?: boolean;
  /** Declare `listChanged: true`: the server sends `notifications/*\/list_changed` when its lists change. */
  listChanged?: boolean;
  /**
   * The default caching hint of 2026-07-28 cacheable results (lists, `resources/read`,
   * `server/discover`): `{ ttlMs: 0, scope: 'public' }` when not given. A definition (or the
   * contents a reader returns) may carry its own under `CACHE_HINT`; a list takes the most
   * restrictive of its members.
   */
  cache?: Partial<CacheHint>;
  /** Lists differ by caller (scopes, a custom authorize): their `cacheScope` is `private`. */
  privateLists?: boolean;
  /**
   * The key that seals 2026-07-28 `requestState` (HMAC-SHA-256). Default: random per process, so
   * states neither survive a restart nor cross processes; give one shared secret to every
   * instance behind a load balancer.
   */
  requestStateSecret?: string | Uint8Array;
  /** How long a sealed `requestState` stays valid, in ms (default 10 minutes). */
  requestStateTtl?: number;
  /**
   * How many `input_required` rounds one 2026-07-28 request may have (default 16). The round past
   * it is answered -32600 naming the limit, never another `input_required`.
   */
  maxRounds?: number;
  /**
   * The largest result of one request, in bytes of JSON (default 16 MiB; `0`: no limit). A tool's
   * larger result (`tools/call`, `tasks/result`) is answered as an `isError` result that names the
   * tool and the limit; any other method's gets -32603 saying so. The reporter is told in one line.
   */
  maxResultBytes?: number;
  /**
   * @internal The task methods and their declarations (the tasks layer's `taskMethods`, which
   * `McpApplication` passes when a tool may run as a task). A `caller` answers a call that
   * became a task with the revision's `CreateTaskResult`.
   */
  tasks?: MethodFamily;
  /**
   * Serves the Skills extension (SEP-2640): `skills/list`, `skills/get` and
   * `resources/directory/read`, declared as `extensions["io.modelcontextprotocol/skills"]` with
   * `directoryRead: true` at `initialize` and `server/discover`. The skill files are resources:
   * give `resources` and `reader` too. `McpApplication` gives it from `@Skill` providers and its
   * `skills` option.
   *
   * @internal
   */
  skills?: SkillHost<C>;
  /**
   * OpenTelemetry spans and metrics per its semantic conventions for MCP (docs/observability.md):
   * through the global providers by default, `false` to turn them off, or
   * `{ tracerProvider, meterProvider }` for providers of your own.
   */
  telemetry?: TelemetryOption;
}
