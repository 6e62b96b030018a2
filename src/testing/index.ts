/**
 * `declarative-mcp/testing`: an in-memory client over an application's or core's `handle`, so
 * providers can be unit-tested without a transport.
 */
import {
  type CallToolResult,
  coreOf,
  type GetPromptResult,
  type JsonObject,
  type Link,
  McpClientError,
  McpCore,
  Peer,
  type PromptDefinition,
  type ResourceContents,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  type Servable,
  type ToolDefinition,
} from '../core';

export { McpClientError } from '../core';

/** Options of {@link connect}. */
export interface ConnectOptions {
  /** The client's `capabilities` at `initialize` (e.g. `{ elicitation: {} }`). */
  capabilities?: JsonObject;
  /** Answers server→client requests (elicitation, sampling, roots) by method. */
  handlers?: Record<string, (params: JsonObject) => unknown>;
  /** Receives every notification the server sends (progress, log messages, list changes). */
  onNotification?: (message: JsonObject) => void;
  /** The revision to ask for (default: the newest). */
  protocolVersion?: string;
}

/** A small typed MCP client over the in-memory `handle`. */
export interface TestClient {
  /** The `initialize` result (protocolVersion, capabilities, serverInfo, instructions). */
  readonly initialized: JsonObject;
  /** Every notification received so far, in order. */
  readonly notifications: JsonObject[];
  listTools(): Promise<ToolDefinition[]>;
  callTool(name: string, args?: JsonObject, meta?: JsonObject): Promise<CallToolResult>;
  listResources(): Promise<ResourceDefinition[]>;
  listResourceTemplates(): Promise<ResourceTemplateDefinition[]>;
  readResource(uri: string): Promise<ResourceContents[]>;
  listPrompts(): Promise<PromptDefinition[]>;
  getPrompt(name: string, args?: Record<string, string>): Promise<GetPromptResult>;
  /** Any request: resolves to its `result`, rejects with {@link McpClientError}. */
  request(method: string, params?: JsonObject): Promise<unknown>;
  /** A notification to the server. */
  notify(method: string, params?: JsonObject): Promise<void>;
  /** Ends the session: in-flight calls are aborted and broadcasts stop. */
  close(): void;
}

/**
 * Initializes an in-memory session with an application (or core) and returns a client for it.
 * `context` is what every call receives, as a transport would pass it.
 *
 * @example
 * const client = await connect(app, { identity: { id: 'ada', scopes: ['orders:write'] } });
 * const result = await client.callTool('cancel', { order: 42 });
 */
export async function connect<C>(
  servable: Servable<C>,
  context?: C,
  options: ConnectOptions = {},
): Promise<TestClient> {
  const core: McpCore<C> = coreOf(servable);
  const peer = new Peer();
  const notifications: JsonObject[] = [];
  let sequence = 0;
  const link: Link = {
    peer,
    send(message) {
      if (typeof message.method === 'string' && message.id !== undefined) {
        // A server→client request: answer it through the handlers, as a client would.
        const handler = options.handlers?.[message.method];
        void (async () => {
          let answer: JsonObject;
          try {
            if (handler === undefined) throw new McpClientError(-32601, 'Method not found');
            answer = {
              jsonrpc: '2.0',
              id: message.id,
              result: (await handler((message.params ?? {}) as JsonObject)) as JsonObject,
            };
          } catch (error) {
            const code = McpClientError.is(error) ? error.code : -32603;
            answer = {
              jsonrpc: '2.0',
              id: message.id,
              error: { code, message: (error as Error).message },
            };
          }
          await core.handle(JSON.stringify(answer), context, link);
        })();
        return;
      }
      notifications.push(message);
      options.onNotification?.(message);
    },
  };
  const detach = core.attach((message, filter) => {
    if (filter === undefined || filter(peer)) link.send(message);
  });

  const request = async (method: string, params?: JsonObject): Promise<unknown> => {
    sequence += 1;
    const payload = JSON.stringify(
      params === undefined
        ? { jsonrpc: '2.0', id: sequence, method }
        : { jsonrpc: '2.0', id: sequence, method, params },
    );
    const answer = await core.handle(payload, context, link);
    if (answer === null)
      throw new McpClientError(-32600, `No answer to ${method} (was it cancelled?)`);
    const parsed = JSON.parse(answer) as {
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    if (parsed.error)
      throw new McpClientError(parsed.error.code, parsed.error.message, parsed.error.data);
    return parsed.result;
  };
  const notify = async (method: string, params?: JsonObject): Promise<void> => {
    await core.handle(
      JSON.stringify(
        params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params },
      ),
      context,
      link,
    );
  };

  const initialized = (await request('initialize', {
    protocolVersion: options.protocolVersion ?? McpCore.VERSIONS[0],
    capabilities: options.capabilities ?? {},
    clientInfo: { name: 'declarative-mcp/testing', version: '1' },
  })) as JsonObject;
  await notify('notifications/initialized');

  return {
    initialized,
    notifications,
    request,
    notify,
    listTools: async () => ((await request('tools/list')) as { tools: ToolDefinition[] }).tools,
    callTool: async (name, args = {}, meta) =>
      (await request(
        'tools/call',
        meta === undefined ? { name, arguments: args } : { name, arguments: args, _meta: meta },
      )) as CallToolResult,
    listResources: async () =>
      ((await request('resources/list')) as { resources: ResourceDefinition[] }).resources,
    listResourceTemplates: async () =>
      (
        (await request('resources/templates/list')) as {
          resourceTemplates: ResourceTemplateDefinition[];
        }
      ).resourceTemplates,
    readResource: async (uri) =>
      ((await request('resources/read', { uri })) as { contents: ResourceContents[] }).contents,
    listPrompts: async () =>
      ((await request('prompts/list')) as { prompts: PromptDefinition[] }).prompts,
    getPrompt: async (name, args = {}) =>
      (await request('prompts/get', { name, arguments: args })) as GetPromptResult,
    close: () => {
      detach();
      peer.close();
    },
  };
}
