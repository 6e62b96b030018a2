import { supportsApps } from './apps';
import type { AskOptions, ElicitResult, ElicitSchema } from './asks';
import { askInTask, elicited, rootsOf } from './asks';
import type { Link } from './link';
import { type LoggingLevel, passes } from './logging';
import { type Inbound, MCP_2025_11_25 } from './revisions';
import type { ProtocolVersion } from './revisions/2025-11-25';
import type { Version2026 } from './revisions/2026-07-28/meta';
import type { AskTracing } from './revisions/revision';
import type { TaskChannel } from './task-channel';
import type { JsonObject, JsonRpcId } from './types';
import { isObject } from './types';

/**
 * The signal of a call nothing can cancel, made on first use: Workers refuse to create an
 * `AbortController` while a module loads (outside a request), so none is made at load time.
 */
let never: AbortSignal | undefined;

/**
 * The call's own channel: what a tool, resource or prompt may use while it runs to speak to its
 * client before the result — progress, log messages, server→client requests (elicitation,
 * sampling, roots) — and to learn it was cancelled. The core creates one per request and drops
 * it with the answer; nothing is sent after the result.
 *
 * Without a transport link (a bare `core.handle(payload)`), speaking is a no-op and asking the
 * client fails with a clear {@link ToolError}.
 */
export class McpCall {
  /** The request id. */
  readonly requestId: JsonRpcId | undefined;
  /** The method (`tools/call`, `resources/read`, …). */
  readonly method: string;
  /** The request's `_meta` (`{}` when none was sent). */
  readonly meta: JsonObject;
  /**
   * MCP 2025-11-25: the request's `params.task` (`{ ttl }`), when the client asked for the call to
   * run as a task. (2026-07-28 clients send none: the server decides.)
   */
  readonly requestedTask: JsonObject | undefined;
  /** The keys of the server→client requests made so far, in order (see {@link AskOptions.key}). */
  readonly asked: string[] = [];
  private finished = false;
  /** Made on the first server→client request: most calls never ask. */
  private counts: Map<string, number> | undefined;
  /** @internal Where the signal comes from: the peer's record of this request (signal made on first use). */
  readonly source: { readonly signal: AbortSignal } | undefined;
  /** @internal The request as the core sees it; a call made without one speaks 2025. */
  readonly inbound: Inbound;
  /** Once the call became a task: where its status, asks and cancellation go. */
  private channel: TaskChannel | undefined;
  /** A task tool that starts its task itself: what {@link startTask} runs. */
  private starter: (() => Promise<void>) | undefined;

  /** @internal The core makes a call for each request it runs (its method table); an application receives it. */
  constructor(
    method: string,
    requestId: JsonRpcId | undefined,
    params: unknown,
    /** @internal The transport's path back to the client, when there is one. */
    readonly link: Link | undefined,
    signal?: AbortSignal | { readonly signal: AbortSignal },
    /** @internal The request as the core sees it (its revision, the client it declares). */
    inbound?: Inbound,
    /** @internal The core's tracing of the call's asks (CLIENT spans), unless turned off. */
    readonly tracer?: AskTracing,
  ) {
    this.method = method;
    this.requestId = requestId;
    const meta = isObject(params) ? params._meta : undefined;
    this.meta = isObject(meta) ? meta : {};
    const task = isObject(params) ? params.task : undefined;
    this.requestedTask = isObject(task) ? task : undefined;
    this.source = signal instanceof AbortSignal ? { signal } : signal;
    this.inbound = inbound ?? { revision: MCP_2025_11_25, link, client: undefined };
  }

  /**
   * Aborted when the client cancels this request or the transport shuts down; in a task, when
   * the task is cancelled (`tasks/cancel`, `app.tasks.cancel`).
   */
  get signal(): AbortSignal {
    if (this.channel !== undefined) return this.channel.signal;
    if (this.source !== undefined) return this.source.signal;
    never ??= new AbortController().signal;
    return never;
  }

  /** The caller's identity key (HTTP: the authenticated identity's; stdio: the process), when the transport gave one. */
  get principal(): string | undefined {
    return this.link?.principal;
  }

  /**
   * @internal The `traceparent` of the request's span while it is traced (the task store keeps
   * it, so later `tasks/get` and `tasks/result` spans link to the call that created the task).
   */
  get traceparent(): string | undefined {
    const traceparent = this.tracer?.carrier()?.traceparent;
    return typeof traceparent === 'string' ? traceparent : undefined;
  }

  /** The id of the task this call runs as, once it is one (see {@link startTask}). */
  get taskId(): string | undefined {
    return this.channel?.taskId;
  }

  /**
   * Marks the point where a task tool's call becomes a task (`@Tool({ task, taskStart: 'manual' })`):
   * the request is answered with the created task there, and the method runs on. Asks before it
   * go through the ordinary exchange of the request (in 2026-07-28 an `input_required` result and a
   * retry); asks after it put the task into `input_required`. A no-op when the call is not a
   * task (a tool with `task: 'optional'` called by a client without tasks) or is one already.
   */
  async startTask(): Promise<void> {
    const starter = this.starter;
    if (starter === undefined || this.channel !== undefined) return;
    this.starter = undefined;
    await starter();
  }

  /** @internal The task store: this call now runs as a task. */
  enterTask(channel: TaskChannel): void {
    this.channel = channel;
  }

  /** @internal The task store: what {@link startTask} runs for this call. */
  deferTask(starter: () => Promise<void>): void {
    this.starter = starter;
  }

  /**
   * The revision this request speaks: in 2026-07-28 the one its `_meta` names; before, the one
   * agreed at `initialize` (when the transport knows it).
   */
  get revision(): ProtocolVersion | Version2026 | undefined {
    const client = this.inbound.client;
    return client !== undefined ? (client.revision as Version2026) : this.link?.peer.revision;
  }

  /**
   * The client's capabilities: in 2026-07-28 those this request's `_meta` declares; before, those
   * declared at `initialize` (when the transport knows them).
   */
  get clientCapabilities(): JsonObject | undefined {
    const client = this.inbound.client;
    return client !== undefined ? client.capabilities : this.link?.peer.clientCapabilities;
  }

  /**
   * The client's `name`, `version` (and more): in 2026-07-28 from this request's `_meta`; before,
   * the `clientInfo` sent at `initialize`.
   */
  get clientInfo(): JsonObject | undefined {
    const client = this.inbound.client;
    return client !== undefined ? client.info : this.link?.peer.clientInfo;
  }

  /**
   * Whether the client declared MCP Apps (`extensions["io.modelcontextprotocol/ui"]` with the
   * `text/html;profile=mcp-app` MIME type), so a tool's view will be shown. The result's text
   * content must still stand alone: hosts without apps show only that.
   */
  get supportsApps(): boolean {
    return supportsApps(this.clientCapabilities);
  }

  /** Whether the result has gone out (after that, nothing more is sent). */
  get done(): boolean {
    return this.finished;
  }

  /** @internal Called by the core as the answer is produced. */
  finish(): void {
    this.finished = true;
  }

  /**
   * Tells the transport this request is refused for lacking `scopes`. Over Streamable HTTP with
   * `scopeChallenge`, the request is then answered `403` with an `insufficient_scope` challenge
   * naming them (MCP 2025-11-25 authorization: the client may get a token with more scopes and
   * retry), instead of the result. Returns whether the transport will do so; either way, answer
   * the call as refused.
   */
  challengeScopes(scopes: readonly string[]): boolean {
    if (this.finished || this.link?.challenge === undefined) return false;
    return this.link.challenge(scopes);
  }

  /**
   * Ends the response stream this call's messages travel on, now, without ending the call: the
   * client reconnects (MCP 2025-11-25 basic/transports, resumable streams: `GET` with
   * `Last-Event-ID`, on any process) and receives what the call sends afterwards, its result
   * included. Lets a long call free its connection (SSE polling). False when the transport cannot
   * (stdio, a stateless HTTP server, a client gone, or the result already sent).
   */
  closeStream(): boolean {
    if (this.finished || this.link?.closeStream === undefined) return false;
    return this.link.closeStream();
  }

  /**
   * Sends a notification about this call to the client, before the result. Returns false when it
   * was not sent (no link, or the result already went out).
   */
  notify(method: string, params: JsonObject): boolean {
    if (this.finished || this.link === undefined) return false;
    this.link.send({ jsonrpc: '2.0', method, params });
    return true;
  }

  /**
   * `notifications/progress` with the request's `_meta.progressToken`; a no-op when the client
   * sent none, and once the request is cancelled (the client has forgotten its token: MCP
   * progress stops when the request ends, and the official SDK reports a progress notification
   * for an unknown token as an error).
   */
  progress(progress: number, total?: number, message?: string): boolean {
    if (this.channel !== undefined) {
      // A task's progress is its status message (its request has long been answered).
      this.channel.status(
        message ?? (total === undefined ? `${progress}` : `${progress} of ${total}`),
      );
      return true;
    }
    const token = this.meta.progressToken;
    if (typeof token !== 'string' && typeof token !== 'number') return false;
    if (this.signal.aborted) return false;
    const params: JsonObject = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    return this.notify('notifications/progress', params);
  }

  /**
   * `notifications/message` at `level`, unless the client asked (with `logging/setLevel`) for a
   * more severe level only.
   */
  log(level: LoggingLevel, data: unknown, logger?: string): boolean {
    if (this.channel !== undefined) {
      this.channel.status(typeof data === 'string' ? data : JSON.stringify(data));
      return true;
    }
    if (!passes(level, this.inbound.revision.logFloor(this.inbound))) return false;
    const params: JsonObject = { level, data };
    if (logger !== undefined) params.logger = logger;
    return this.notify('notifications/message', params);
  }

  /**
   * Asks the user, through the client, for the fields of `requestedSchema` (MCP elicitation).
   * Accepted content is checked against the schema (types, enums, required fields).
   */
  async elicit(
    message: string,
    requestedSchema: ElicitSchema,
    options?: AskOptions,
  ): Promise<ElicitResult> {
    const result = await this.ask(
      'elicitation',
      'elicitation/create',
      { message, requestedSchema },
      options,
    );
    return elicited(result, requestedSchema);
  }

  /** Asks the client's model for a completion (`sampling/createMessage`); resolves to its result. */
  sample(request: JsonObject, options?: AskOptions): Promise<JsonObject> {
    return this.ask('sampling', 'sampling/createMessage', request, options) as Promise<JsonObject>;
  }

  /** Asks the client for its roots (`roots/list`). */
  async roots(options?: AskOptions): Promise<Array<{ uri: string; name?: string }>> {
    return rootsOf(await this.ask('roots', 'roots/list', {}, options));
  }

  private ask(
    capability: string,
    method: string,
    params: JsonObject,
    options: AskOptions = {},
  ): Promise<unknown> {
    this.counts ??= new Map();
    const n = this.counts.get(method) ?? 0;
    this.counts.set(method, n + 1);
    const key = options.key ?? `${method}#${n}`;
    this.asked.push(key);
    // In a task, an ask waits in the task's inputRequests (2026-07-28: answered by tasks/update).
    const channel = this.channel;
    if (channel !== undefined)
      return askInTask(channel, this.tracer, key, capability, method, params);
    // Outside a task, the request's revision asks: in-band, or by an input_required retry.
    const ask = { capability, method, key, params, timeout: options.timeout };
    return this.inbound.revision.ask(this, ask);
  }
}
