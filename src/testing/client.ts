import {
  type CallToolResult,
  ErrorCode,
  type GetPromptResult,
  isObject,
  type JsonObject,
  McpClientError,
  type PromptDefinition,
  type ResourceContents,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  type ToolDefinition,
} from '../core';
import { capabilitiesOf } from './asks';
import { listenLegacy, listenModern } from './listen';
import { MODERN, negotiate, requestMeta } from './revision';
import { answerInputRequest, answerServerRequest, type CallState, inputRounds } from './rounds';
import { type ListenFilter, NotificationQueue, type Subscription } from './subscription';
import { type TaskHandle, taskHandle } from './task-handle';
import type { ClientOptions, TaskCallOptions, TestClient } from './test-client';
import type { ClientWire, Exchange } from './wire';

function serverError(response: JsonObject): McpClientError {
  const error = isObject(response.error) ? response.error : {};
  return new McpClientError(
    typeof error.code === 'number' ? error.code : ErrorCode.INTERNAL_ERROR,
    typeof error.message === 'string' ? error.message : 'Unknown error',
    error.data,
  );
}

/** The client over any wire; `open` speaks the revision asked for, or negotiates one. */
export class Client implements TestClient {
  initialized: JsonObject = {};
  protocolVersion = '';
  readonly notifications: JsonObject[] = [];
  rounds = 0;
  private sequence = 0;
  private readonly maxRounds: number;
  private readonly capabilities: JsonObject;
  readonly subscriptions = new Set<NotificationQueue>();

  private constructor(
    readonly wire: ClientWire,
    private readonly options: ClientOptions,
  ) {
    this.maxRounds = options.maxRounds ?? 8;
    this.capabilities = capabilitiesOf(options.handlers, options.capabilities);
    wire.onMessage = (message) => this.incoming(message);
  }

  /** Opens a client on `wire`: `initialize` (2025) or `server/discover` (2026-07-28). */
  static async open(wire: ClientWire, options: ClientOptions = {}): Promise<Client> {
    const client = new Client(wire, options);
    try {
      await client.start();
    } catch (error) {
      await wire.close().catch(() => undefined);
      throw error;
    }
    return client;
  }

  get modern(): boolean {
    return this.protocolVersion === MODERN;
  }

  private start(): Promise<void> {
    return negotiate(this, this.options, this.capabilities);
  }

  /** The `_meta` of a 2026-07-28 request: revision, capabilities (plus `extra`), identity. */
  modernMeta(params: JsonObject | undefined, tasks: boolean): JsonObject {
    return requestMeta(params, tasks, this.capabilities, this.options);
  }

  /** Sends one request as built (no `_meta` added); resolves to its result. */
  raw(
    method: string,
    params: JsonObject | undefined,
    state?: CallState,
    exchange: Partial<Exchange> = {},
  ): Promise<unknown> {
    this.sequence += 1;
    const message: JsonObject = { jsonrpc: '2.0', id: this.sequence, method };
    if (params !== undefined) message.params = params;
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (error: Error): void => {
        if (settled) return;
        settled = true;
        reject(error);
      };
      const call: CallState = state ?? { asks: 0, fail };
      const previous = call.fail;
      call.fail = (error) => {
        previous(error);
        fail(error);
      };
      this.wire
        .request(message, {
          onMessage: exchange.onMessage ?? ((sent) => this.incoming(sent, call)),
          signal: exchange.signal,
        })
        .then((response) => {
          if (settled) return;
          settled = true;
          if (response.error !== undefined) reject(serverError(response));
          else resolve(response.result);
        }, fail);
    });
  }

  /** A request in the revision spoken: 2026-07-28 adds the `_meta` every request carries. */
  private send(
    method: string,
    params?: JsonObject,
    state?: CallState,
    tasks = false,
  ): Promise<unknown> {
    if (!this.modern) return this.raw(method, params, state);
    return this.raw(method, { ...params, _meta: this.modernMeta(params, tasks) }, state);
  }

  request(method: string, params?: JsonObject): Promise<unknown> {
    return this.send(method, params);
  }

  async notify(method: string, params?: JsonObject): Promise<void> {
    await this.wire.send(
      params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params },
    );
  }

  /** A message the server sent: a question to answer, or a notification to record. */
  incoming(message: JsonObject, call?: CallState): void {
    if (typeof message.method !== 'string') return;
    if (message.id !== undefined) {
      void this.serverRequest(message, call);
      return;
    }
    this.notifications.push(message);
    this.options.onNotification?.(message);
  }

  /** 2025: a server→client request during a call, answered through the handlers. */
  private serverRequest(message: JsonObject, call: CallState | undefined): Promise<void> {
    const reply = (body: JsonObject) =>
      this.wire.send({ jsonrpc: '2.0', id: message.id, ...body }).catch(() => undefined);
    return answerServerRequest(message, reply, this.options.handlers, this.maxRounds, call);
  }

  /**
   * A request that may ask (tools/call, prompts/get, resources/read). 2026-07-28 drives MRTR:
   * each `input_required` result is answered through the handlers, and the request sent again
   * with the `inputResponses` and the echoed `requestState`.
   */
  async asking(method: string, params: JsonObject, tasks = false): Promise<JsonObject> {
    const state: CallState = { asks: 0, fail: () => undefined };
    const send = (current: JsonObject) =>
      this.send(method, current, state, tasks) as Promise<JsonObject>;
    try {
      if (!this.modern) return await send(params);
      return await inputRounds(params, state, this.maxRounds, send, (ask) =>
        this.answerModern(ask),
      );
    } finally {
      this.rounds = state.asks + 1;
    }
  }

  /** 2026-07-28: one ask of `inputRequests` (`{ method, params }`), answered by its handler. */
  answerModern(ask: unknown): Promise<unknown> {
    return answerInputRequest(this.options.handlers, ask);
  }

  /** Every page of a list. */
  private async collect<T>(method: string, key: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | undefined;
    do {
      const page = (await this.send(
        method,
        cursor === undefined ? undefined : { cursor },
      )) as JsonObject;
      items.push(...((page?.[key] as T[] | undefined) ?? []));
      cursor = typeof page?.nextCursor === 'string' ? page.nextCursor : undefined;
    } while (cursor !== undefined);
    return items;
  }

  listTools = (): Promise<ToolDefinition[]> => this.collect('tools/list', 'tools');
  listResources = (): Promise<ResourceDefinition[]> => this.collect('resources/list', 'resources');
  listResourceTemplates = (): Promise<ResourceTemplateDefinition[]> =>
    this.collect('resources/templates/list', 'resourceTemplates');
  listPrompts = (): Promise<PromptDefinition[]> => this.collect('prompts/list', 'prompts');

  callTool(
    name: string,
    args: JsonObject | undefined,
    options: TaskCallOptions,
  ): Promise<TaskHandle>;
  callTool(name: string, args?: JsonObject, meta?: JsonObject): Promise<CallToolResult>;
  async callTool(
    name: string,
    args: JsonObject = {},
    third?: JsonObject | TaskCallOptions,
  ): Promise<CallToolResult | TaskHandle> {
    const task =
      isObject(third) && 'task' in third ? (third as unknown as TaskCallOptions) : undefined;
    const meta = task === undefined ? (third as JsonObject | undefined) : task.meta;
    const params: JsonObject = { name, arguments: args };
    if (meta !== undefined) params._meta = meta;
    if (task === undefined) return (await this.asking('tools/call', params)) as CallToolResult;
    if (!this.modern) params.task = task.task === true ? {} : task.task;
    const created = await this.asking('tools/call', params, true);
    return taskHandle(this, created);
  }

  async readResource(uri: string): Promise<ResourceContents[]> {
    const result = await this.asking('resources/read', { uri });
    return result.contents as ResourceContents[];
  }

  async getPrompt(name: string, args: Record<string, string> = {}): Promise<GetPromptResult> {
    return (await this.asking('prompts/get', { name, arguments: args })) as GetPromptResult;
  }

  /** A task method (`tasks/get`, …): 2026-07-28 declares the tasks extension on it. */
  taskRequest(method: string, params: JsonObject): Promise<unknown> {
    return this.send(method, params, { asks: 0, fail: () => undefined }, true);
  }

  get maxTaskRounds(): number {
    return this.maxRounds;
  }

  async discover(): Promise<JsonObject> {
    return (await this.request('server/discover')) as JsonObject;
  }

  async listen(
    filter: ListenFilter,
    onNotification?: (message: JsonObject) => void,
  ): Promise<Subscription> {
    const queue = new NotificationQueue();
    this.subscriptions.add(queue);
    const deliver = (message: JsonObject): void => {
      queue.push(message);
      onNotification?.(message);
    };
    return this.modern
      ? listenModern(this, filter, queue, deliver)
      : listenLegacy(this, filter, queue, deliver);
  }

  close(): void {
    for (const queue of this.subscriptions) queue.end();
    void this.wire.close();
  }
}
