import {
  type CallToolResult,
  ErrorCode,
  type GetPromptResult,
  isObject,
  type JsonObject,
  McpClientError,
  META,
  type PromptDefinition,
  type ResourceContents,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  type ToolDefinition,
  VERSIONS,
  VERSIONS_2026,
} from '../core';
import { TASKS_EXTENSION } from '../tasks';
import { answer, capabilitiesOf } from './asks';
import { listenLegacy, listenModern } from './listen';
import { type ListenFilter, NotificationQueue, type Subscription } from './subscription';
import { type TaskHandle, taskHandle } from './task-handle';
import type { ClientOptions, TaskCallOptions, TestClient } from './test-client';
import type { ClientWire, Exchange } from './wire';

/** The revision this client speaks without `initialize` (MCP 2026-07-28). */
const MODERN = VERSIONS_2026[0];

/** What one call that may ask counts: the server's questions, and how the call fails. */
interface CallState {
  asks: number;
  fail: (error: Error) => void;
}

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

  private async start(): Promise<void> {
    const version = this.options.protocolVersion;
    if (version === undefined || version === MODERN) {
      // A modern server/discover: a server that speaks only 2025 answers it with an error.
      this.protocolVersion = MODERN;
      try {
        this.initialized = (await this.request('server/discover')) as JsonObject;
        return;
      } catch (error) {
        if (!McpClientError.is(error) || error.reason !== 'server') throw error;
        if (version === MODERN) {
          throw new McpClientError(
            error.code,
            `The server does not speak MCP ${MODERN}: server/discover answered ${error.code} ${error.message}`,
            error.data,
          );
        }
        this.protocolVersion = '';
      }
    }
    this.initialized = (await this.raw('initialize', {
      protocolVersion: version ?? VERSIONS[0],
      capabilities: this.capabilities,
      clientInfo: this.options.clientInfo ?? { name: 'declarative-mcp/testing', version: '1' },
    })) as JsonObject;
    this.protocolVersion = String(this.initialized.protocolVersion ?? version ?? VERSIONS[0]);
    await this.notify('notifications/initialized');
  }

  /** The `_meta` of a 2026-07-28 request: revision, capabilities (plus `extra`), identity. */
  modernMeta(params: JsonObject | undefined, tasks: boolean): JsonObject {
    const given = isObject(params?._meta) ? params._meta : {};
    const capabilities = tasks
      ? {
          ...this.capabilities,
          extensions: {
            ...(isObject(this.capabilities.extensions) ? this.capabilities.extensions : {}),
            [TASKS_EXTENSION]: {},
          },
        }
      : this.capabilities;
    const meta: JsonObject = {
      ...given,
      [META.protocolVersion]: MODERN,
      [META.clientCapabilities]: capabilities,
      [META.clientInfo]: this.options.clientInfo ?? {
        name: 'declarative-mcp/testing',
        version: '1',
      },
    };
    if (this.options.logLevel !== undefined) meta[META.logLevel] = this.options.logLevel;
    return meta;
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
  private async serverRequest(message: JsonObject, call: CallState | undefined): Promise<void> {
    const reply = (body: JsonObject) =>
      this.wire.send({ jsonrpc: '2.0', id: message.id, ...body }).catch(() => undefined);
    const method = message.method as string;
    if (method === 'ping') return void (await reply({ result: {} }));
    if (call !== undefined && ++call.asks > this.maxRounds) {
      await reply({
        error: {
          code: ErrorCode.INTERNAL_ERROR,
          message: 'The client stopped answering: too many rounds',
        },
      });
      return call.fail(this.tooManyRounds());
    }
    try {
      const result = await answer(
        this.options.handlers,
        method,
        isObject(message.params) ? message.params : {},
      );
      await reply({ result: isObject(result) ? result : {} });
    } catch (error) {
      const failure = error as McpClientError;
      await reply({ error: { code: failure.code, message: failure.message } });
      // A handler's own McpClientError is its answer; the call goes on with it.
      if (failure.reason !== 'server') call?.fail(failure);
    }
  }

  private tooManyRounds(): McpClientError {
    return new McpClientError(
      ErrorCode.INTERNAL_ERROR,
      `The server asked more than ${this.maxRounds} times in one call (maxRounds ${this.maxRounds}).`,
      undefined,
      { reason: 'too-many-rounds' },
    );
  }

  /**
   * A request that may ask (tools/call, prompts/get, resources/read). 2026-07-28 drives MRTR:
   * each `input_required` result is answered through the handlers, and the request sent again
   * with the `inputResponses` and the echoed `requestState`.
   */
  async asking(method: string, params: JsonObject, tasks = false): Promise<JsonObject> {
    const state: CallState = { asks: 0, fail: () => undefined };
    let current = params;
    try {
      for (;;) {
        const result = (await this.send(method, current, state, tasks)) as JsonObject;
        if (!this.modern || result?.resultType !== 'input_required') return result;
        if (++state.asks > this.maxRounds) throw this.tooManyRounds();
        const inputResponses: JsonObject = {};
        const asks = isObject(result.inputRequests) ? result.inputRequests : {};
        for (const [key, ask] of Object.entries(asks)) {
          inputResponses[key] = await this.answerModern(ask);
        }
        current = { ...params, inputResponses };
        if (typeof result.requestState === 'string') current.requestState = result.requestState;
      }
    } finally {
      this.rounds = state.asks + 1;
    }
  }

  /** 2026-07-28: one ask of `inputRequests` (`{ method, params }`), answered by its handler. */
  async answerModern(ask: unknown): Promise<unknown> {
    const request = isObject(ask) ? ask : {};
    const method = String(request.method);
    try {
      return await answer(
        this.options.handlers,
        method,
        isObject(request.params) ? request.params : {},
      );
    } catch (error) {
      const failure = error as McpClientError;
      // MRTR has no error answer: a handler's own McpClientError fails the call too.
      if (failure.reason !== 'server') throw failure;
      throw new McpClientError(
        failure.code,
        `The handler of ${method} refused: ${failure.message}`,
        failure.data,
        {
          reason: 'handler-failed',
          cause: failure,
        },
      );
    }
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
