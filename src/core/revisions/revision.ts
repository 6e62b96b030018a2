import type { CacheHint } from '../cache';
import type { LoggingLevel } from '../logging';
import type { RequestStateSealer } from '../request-state';
import type { JsonObject, JsonRpcRequest, RequestHeaders } from '../types';

/**
 * What a revision reads of one request while it answers: the client the request declares, the
 * session's record of its client (on the transport's link), and the asks that wait for a retry.
 * The core's `Inbound` is one, with the request's revision.
 */
export interface RequestView {
  /** What the request's `_meta` declares about its client (revisions without sessions). */
  readonly client: DeclaredClient | undefined;
  /** The transport's path back to the client: who calls, and the session's record of the client. */
  readonly link:
    | {
        readonly principal?: string;
        readonly peer: {
          readonly clientCapabilities: JsonObject | undefined;
          readonly logLevel: LoggingLevel | undefined;
        };
      }
    | undefined;
  /** The asks that wait for a retry, while a method that may ask by retry runs. */
  retry?: Retry;
}

/** What a retry reports to tracing (the core's telemetry), when it is on. */
export interface RetryTracing {
  /** The current span's context for the asks (`traceparent`), or `undefined` when nothing is traced. */
  carrier(): JsonObject | undefined;
  /** `params` with the trace context in `_meta`. */
  inject(params: JsonObject): JsonObject;
  /** Links this round's span to the round that asked. */
  linkTo(traceparent: unknown): void;
}

/**
 * What a request that carries its client with it says about that client (MCP 2026-07-28: every
 * request's `_meta`), read once as the request enters.
 */
export interface DeclaredClient {
  /** The protocol version the request names. */
  readonly revision: string;
  readonly capabilities: JsonObject;
  readonly info: JsonObject | undefined;
  readonly logLevel: string | undefined;
}

/** How a method's result is cached by the client, as the method table declares it. */
export type CacheRule = { list: string } | { single: (result: JsonObject) => unknown };

/** What the method table lends a revision that wraps results or asks by retry: one core's settings. */
export interface TableSettings {
  readonly serverInfo: JsonObject;
  /** Default cache hint of cacheable results. */
  readonly cache: CacheHint;
  /** Lists are `private` (scopes or a custom authorize make them differ by caller). */
  readonly privateLists: boolean;
  /** Seals and opens the `requestState` of a retry. */
  readonly sealer: RequestStateSealer;
  /** The core's OpenTelemetry instrumentation, unless turned off. */
  readonly telemetry?: RetryTracing;
  /** How many `input_required` rounds one request may have before it is refused. */
  readonly maxRounds: number;
}

/**
 * One request's asks that wait for a retry rather than a server→client request (MCP
 * 2026-07-28 MRTR): the table opens one before the method runs and answers `input_required`
 * with it when the method asked something not answered yet.
 */
export interface Retry {
  /**
   * The method's run, or `abandoned` once the method asked something the retry has no answer
   * for (the run is then left pending, to the garbage collector).
   */
  settle<T, A>(running: T | PromiseLike<T>, abandoned: A): Promise<T | A>;
  /** The answer to the ask `key`, or a promise that never settles while the retry collects it. */
  ask(key: string, capability: string, method: string, params: JsonObject): Promise<unknown>;
  /** The `input_required` result that ends this attempt (a promise when sealed asynchronously). */
  inputRequired(): JsonObject | Promise<JsonObject>;
}

/**
 * The transport's path back to the client, as an in-band ask uses it (the core's `Link`): the
 * server→client request goes out through the peer, its messages on `send`.
 */
export interface ClientLine {
  send(message: JsonObject): void;
  readonly peer: {
    request(
      send: (message: JsonObject) => void,
      method: string,
      params: JsonObject,
      options?: { signal?: AbortSignal; timeout?: number },
    ): Promise<unknown>;
  };
}

/** What a call reports to tracing (the core's telemetry) when it asks its client, when on. */
export interface AskTracing {
  /** A server→client request as a CLIENT span: `send` gets `params` with its context in `_meta`. */
  ask<T>(method: string, params: JsonObject, send: (params: JsonObject) => Promise<T>): Promise<T>;
  /** The current span's context (`traceparent`), or `undefined` when nothing is traced. */
  carrier(): JsonObject | undefined;
  /** A CLIENT span for a task's ask: `params` with its context, and `end` (once, with a failure). */
  open(
    method: string,
    params: JsonObject,
  ): { readonly params: JsonObject; end(error?: unknown): void } | undefined;
}

/** What a revision's asker reads of the call that asks (the core's `McpCall`). */
export interface AskingCall {
  /** The method that asks (`tools/call`, …). */
  readonly method: string;
  /** Whether the call has answered; read again as each message of an ask goes out. */
  readonly done: boolean;
  /** The request as the core sees it: its revision's view of the client, and its retry. */
  readonly inbound: RequestView;
  /** The transport's path back to the client, when the call has one. */
  readonly link: ClientLine | undefined;
  /** Where the request's signal comes from (made on first use), when the peer tracks it. */
  readonly source: { readonly signal: AbortSignal } | undefined;
  /** The core's tracing of the call's asks, unless turned off. */
  readonly tracer?: AskTracing;
}

/** One thing a call asks its client (elicitation, sampling, roots). */
export interface Ask {
  /** The client capability that answers it (`elicitation`, `sampling`, `roots`). */
  readonly capability: string;
  readonly method: string;
  /** Its key within the call (see `AskOptions.key`). */
  readonly key: string;
  readonly params: JsonObject;
  /** Timeout in ms of a server→client request (default: the peer's). */
  readonly timeout: number | undefined;
}

/**
 * One MCP revision, or a family of them that the wire cannot tell apart (the four 2025 ones,
 * negotiated by `initialize`). The core, the registry, the transports and the CLI ask the
 * request's revision object and branch nowhere else; adding a revision is adding an object
 * that implements this, and its line in the negotiation table (`revisions/index.ts`).
 */
export interface Revision {
  /** The revision's name: its newest protocol version. */
  readonly name: string;
  /** The protocol versions it speaks, newest first. */
  readonly versions: readonly string[];

  // --- Recognition ---------------------------------------------------------------------------
  /**
   * Whether a single message speaks this revision, by its own `_meta` or the transport's
   * version hint (HTTP's `MCP-Protocol-Version`). The negotiation table asks the revisions in
   * its order; the one with sessions answers what no other claims.
   */
  claims(message: JsonObject, hint: string | undefined): boolean;
  /** The whole-message refusal of a JSON-RPC batch, when this revision has no batches. */
  readonly batchRefusal: string | undefined;
  /**
   * Reads what a request says about its client and checks it (-32602, the HTTP headers -32020,
   * the version -32022); `undefined` when the client is known from its session instead.
   */
  enter(request: JsonRpcRequest, headers: RequestHeaders | undefined): DeclaredClient | undefined;
  /** The methods this revision does not have: answered -32601. */
  readonly lacks: ReadonlySet<string>;
  /** Why a connection pinned to this revision refuses a request of another (stdio). */
  readonly pinnedRefusal: string;

  // --- Negotiation and discovery -------------------------------------------------------------
  /**
   * Whether the client holds a session: `initialize`, `Mcp-Session-Id`, the capabilities kept
   * from the handshake, and notifications on a GET stream; without one, every request stands
   * alone and carries its client in `_meta`.
   */
  readonly sessions: boolean;
  /** Whether `server/discover` lists this revision's versions in `supportedVersions`. */
  readonly discovered: boolean;

  // --- How a call asks its client ------------------------------------------------------------
  /**
   * Asks the client outside a task: a server→client request on the call's link (2025), or an
   * ask collected for an `input_required` result (2026-07-28).
   */
  ask(call: AskingCall, ask: Ask): Promise<unknown>;
  /**
   * Opens the retry of a request whose method may ask by retry (`subject` given), or
   * `undefined` when this revision asks in-band. Throws -32602 for bad `inputResponses`, and
   * the sealer's error for a bad `requestState`; a promise only when the state is opened with an
   * asynchronous HMAC (Web Crypto).
   */
  readonly retry:
    | ((
        method: string,
        subject: { name: string; args: unknown },
        params: JsonObject,
        inbound: RequestView,
        table: TableSettings,
      ) => Retry | Promise<Retry> | undefined)
    | undefined;
  /** Checks a `tools/call` against its `Mcp-Param-*` headers, when this revision mirrors them. */
  readonly mirrorsParams: boolean;
  /** The floor of `notifications/message` for a call: a level, `undefined` (all), `false` (none). */
  logFloor(inbound: RequestView): LoggingLevel | undefined | false;

  // --- How results and lists carry cache hints ------------------------------------------------
  /** Wraps a method's result for the wire (`resultType`, serverInfo, cache hints); none in 2025. */
  readonly envelope:
    | ((result: unknown, cache: CacheRule | undefined, table: TableSettings) => unknown)
    | undefined;

  // --- How notifications reach the client ----------------------------------------------------
  /** Whether this message opens the notification stream (2026: `subscriptions/listen`; 2025: the GET stream). */
  listens(message: unknown): boolean;

  // --- How tasks are spoken ------------------------------------------------------------------
  readonly tasks: TaskDialect;

  // --- How errors map ------------------------------------------------------------------------
  /** The HTTP status of a single request's error answer (its JSON-RPC code). */
  errorStatus(code: number): number;
  /** An unknown resource as this revision reports it (2026: -32602 with the URI). */
  resourceNotFound(error: Error & { code: number; data?: unknown }, uri: string): Error;
}

/**
 * One task in no revision's wire shape, as the tasks layer hands it to a revision to put on the
 * wire (`src/tasks` keeps them).
 */
export interface TaskView {
  readonly taskId: string;
  readonly status: string;
  readonly statusMessage?: string;
  readonly createdAt: string;
  readonly lastUpdatedAt: string;
  /** From creation, in ms; `null`: unlimited. */
  readonly ttlMs: number | null;
  readonly pollIntervalMs?: number;
  readonly result?: JsonObject;
  readonly error?: JsonObject;
  readonly inputRequests?: Record<string, JsonObject>;
}

/**
 * The fields every revision's `Task` shares, with the revision's names for the TTL and the poll
 * interval.
 */
export function taskFields(task: TaskView, ttl: string, poll: string): JsonObject {
  const out: JsonObject = { taskId: task.taskId, status: task.status };
  if (task.statusMessage !== undefined) out.statusMessage = task.statusMessage;
  out.createdAt = task.createdAt;
  out.lastUpdatedAt = task.lastUpdatedAt;
  out[ttl] = task.ttlMs;
  if (task.pollIntervalMs !== undefined) out[poll] = task.pollIntervalMs;
  return out;
}

/** How one revision speaks tasks (2025-11-25 basic/utilities/tasks; 2026-07-28 SEP-2663). */
export interface TaskDialect {
  /** A task on the wire; `detailed` inlines what its status carries (`tasks/get` in 2026). */
  task(task: TaskView, detailed: boolean): JsonObject;
  /** The result of a `tools/call` that became a task. */
  created(task: TaskView): JsonObject;
  /** Throws when the request may not use task methods (2026: the extension undeclared, -32021). */
  gate(inbound: RequestView, method: string): void;
  /**
   * Whether one call of a tool runs as a task, from the tool's support and what the request
   * says; throws this revision's error for a call the tool cannot serve that way.
   */
  runs(
    support: 'optional' | 'required' | undefined,
    call: {
      readonly requestedTask: JsonObject | undefined;
      readonly clientCapabilities: JsonObject | undefined;
    },
    tool: string,
  ): boolean;
  /** The error for a task's ask the client did not declare `capability` for. */
  missingCapability(capability: string, method: string): Error;
  /** Whether `tasks/cancel` answers an empty acknowledgement, a finished task's too (2026). */
  readonly cancelAcknowledges: boolean;
  /**
   * Sends a task's ask to the client as a server→client request on the call's link (2025-11-25:
   * on the `tasks/result` stream); `undefined` where a task's asks wait in the task itself (2026).
   */
  readonly relay:
    | ((call: AskingCall, method: string, params: JsonObject) => Promise<unknown>)
    | undefined;
}
