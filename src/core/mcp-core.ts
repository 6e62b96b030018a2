import { JsonRpcDispatcher, type JsonRpcRequest, type Reporter } from './dispatcher';
import { ErrorCode, Fault } from './errors';
import { negotiate, type ProtocolVersion, VERSIONS } from './negotiate';
import type {
  Awaitable,
  JsonObject,
  PromptDefinition,
  ResourceContents,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ToolDefinition,
} from './types';

/**
 * Options of {@link McpCore}. Every closure receives the call's context as its last argument;
 * a closure that does not need it leaves that parameter out.
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
  /** The tools this context may see; sent as `tools/list`'s `tools`. */
  lister: (context: C) => Awaitable<readonly ToolDefinition[] | ToolDefinition[]>;
  /**
   * Runs one tool; its return value is the `tools/call` result, unchanged. Throw a
   * {@link Fault} (for example `INVALID_PARAMS` for an unknown tool) for a protocol error;
   * return `isError: true` for a tool that ran and failed.
   */
  caller: (name: string, args: JsonObject, context: C) => unknown;
  /** Sent at `initialize` as `instructions` for the client's model. */
  instructions?: string;
  /** The resources; sent as `resources/list`'s `resources`. Needs `reader`. */
  resources?: (context: C) => Awaitable<readonly ResourceDefinition[]>;
  /** The resource templates; sent as `resources/templates/list`'s `resourceTemplates`. */
  templates?: (context: C) => Awaitable<readonly ResourceTemplateDefinition[]>;
  /**
   * The contents of one resource; sent as `resources/read`'s `contents`. Throw
   * `new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { uri })` for an unknown URI.
   * Needs `resources`.
   */
  reader?: (uri: string, context: C) => Awaitable<readonly ResourceContents[] | unknown>;
  /** The prompts; sent as `prompts/list`'s `prompts`. Needs `prompter`. */
  prompts?: (context: C) => Awaitable<readonly PromptDefinition[]>;
  /** Builds one prompt: the whole `prompts/get` result (`description`, `messages`). Needs `prompts`. */
  prompter?: (name: string, args: JsonObject, context: C) => unknown;
  /** Told the revision agreed at `initialize` and the client's params, to store in the session it receives as context. */
  initializer?: (revision: ProtocolVersion, params: JsonObject, context: C) => Awaitable<void>;
  /** Told about unexpected errors (the client gets `-32603 Internal error`); must not throw. */
  reporter?: Reporter<C>;
  /** Largest JSON-RPC batch accepted (default 100); `0` refuses batches; negative throws. */
  batch?: number;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidParams(reason: string): Fault {
  return new Fault(ErrorCode.INVALID_PARAMS, 'Invalid params', { reason });
}

/** MCP: an empty result is an object on the wire; only `[]`, `null` and `undefined` change. */
function orEmpty(result: unknown): unknown {
  return result === null || result === undefined || (Array.isArray(result) && result.length === 0)
    ? {}
    : result;
}

/** The `arguments` member of `tools/call` or `prompts/get`: absent → `{}`, non-object → -32602. */
function argumentsOf(params: JsonObject, method: string): JsonObject {
  const args = params.arguments;
  if (args === undefined) return {};
  if (!isObject(args)) throw invalidParams(`${method}: "arguments" must be an object`);
  return args;
}

function paramsOf(params: unknown): JsonObject {
  return isObject(params) ? params : {};
}

/**
 * The stateless MCP protocol core: answers `initialize`, `ping`, the tools and (when given)
 * resources and prompts, over a {@link JsonRpcDispatcher}. It takes a raw payload and returns the
 * JSON to send; the transport is yours. What belongs to one call (session, identity) goes in as
 * that call's context and reaches every closure as its last argument; nothing of it is stored.
 *
 * @example
 * const core = new McpCore({
 *   name: 'Weather', version: '1.0.0',
 *   lister: () => [{ name: 'forecast', inputSchema: { type: 'object', properties: {} } }],
 *   caller: () => ({ content: [{ type: 'text', text: 'Sunny.' }], isError: false }),
 * });
 * await core.handle('{"jsonrpc":"2.0","id":1,"method":"ping"}'); // '{"jsonrpc":"2.0","id":1,"result":{}}'
 */
export class McpCore<C = unknown> {
  /** The MCP revisions this core speaks, newest first. */
  static readonly VERSIONS = VERSIONS;

  /** The revision to speak for what a client asked: the same if known, the newest otherwise. */
  static negotiate(requested: unknown): ProtocolVersion {
    return negotiate(requested);
  }

  /** Sent as `serverInfo.name`. */
  readonly name: string;
  /** Sent as `serverInfo.version`. */
  readonly version: string;
  /** Sent at `initialize`, or `undefined` when none were given. */
  readonly instructions: string | undefined;
  /** The dispatcher the MCP methods are registered on (for introspection; answer through {@link handle}). */
  readonly rpc: JsonRpcDispatcher<C>;
  /** The `capabilities` sent at `initialize`. */
  readonly capabilities: Readonly<JsonObject>;

  constructor(options: McpCoreOptions<C>) {
    if (!isObject(options)) throw new TypeError('McpCore: options must be an object.');
    const { name, version, lister, caller } = options;
    if (typeof name !== 'string' || typeof version !== 'string') {
      throw new TypeError('McpCore: "name" and "version" must be strings (sent as serverInfo).');
    }
    if (typeof lister !== 'function' || typeof caller !== 'function') {
      throw new TypeError('McpCore: "lister" and "caller" must be functions.');
    }
    this.name = name;
    this.version = version;
    this.instructions = options.instructions;
    this.rpc = new JsonRpcDispatcher<C>({ reporter: options.reporter, batch: options.batch });

    const { resources, templates, reader, prompts, prompter, initializer } = options;
    const hasResources = typeof resources === 'function' && typeof reader === 'function';
    const hasPrompts = typeof prompts === 'function' && typeof prompter === 'function';
    const capabilities: JsonObject = { tools: { listChanged: false } };
    if (hasResources) capabilities.resources = { listChanged: false, subscribe: false };
    if (hasPrompts) capabilities.prompts = { listChanged: false };
    this.capabilities = capabilities;

    const serverInfo = { name, version };
    const rpc = this.rpc;
    rpc.register('initialize', async (params, context) => {
      const p = paramsOf(params);
      const revision = negotiate(p.protocolVersion);
      if (initializer) await initializer(revision, p, context);
      const result: JsonObject = { protocolVersion: revision, capabilities, serverInfo };
      if (this.instructions !== undefined) result.instructions = this.instructions;
      return result;
    });
    rpc.register('notifications/initialized', () => undefined);
    rpc.register('notifications/cancelled', () => undefined);
    rpc.register('ping', () => ({}));

    rpc.register('tools/list', async (_params, context) => ({
      tools: (await lister(context)) ?? [],
    }));
    rpc.register('tools/call', async (params, context) => {
      const p = paramsOf(params);
      if (typeof p.name !== 'string') throw invalidParams('tools/call: "name" must be a string');
      return orEmpty(await caller(p.name, argumentsOf(p, 'tools/call'), context));
    });

    if (hasResources) {
      rpc.register('resources/list', async (_params, context) => ({
        resources: (await resources(context)) ?? [],
      }));
      rpc.register('resources/templates/list', async (_params, context) => ({
        resourceTemplates: (templates ? await templates(context) : undefined) ?? [],
      }));
      rpc.register('resources/read', async (params, context) => {
        const uri = paramsOf(params).uri;
        if (typeof uri !== 'string' || uri === '') {
          throw invalidParams('resources/read: "uri" must be a non-empty string');
        }
        return { contents: (await reader(uri, context)) ?? [] };
      });
    }

    if (hasPrompts) {
      rpc.register('prompts/list', async (_params, context) => ({
        prompts: (await prompts(context)) ?? [],
      }));
      rpc.register('prompts/get', async (params, context) => {
        const p = paramsOf(params);
        if (typeof p.name !== 'string') throw invalidParams('prompts/get: "name" must be a string');
        return orEmpty(await prompter(p.name, argumentsOf(p, 'prompts/get'), context));
      });
    }
  }

  /**
   * Answers a raw MCP payload (JSON-RPC 2.0): the JSON text to send, or `null` when nothing is
   * owed (only notifications or responses came in). Never throws or rejects.
   * A batch that carries `initialize` is refused whole with one Invalid Request, running no method.
   */
  async handle(payload: string, context?: C): Promise<string | null> {
    const parsed = this.rpc.parse(typeof payload === 'string' ? payload : String(payload));
    return parsed.ok ? this.dispatch(parsed.value, context as C) : parsed.answer;
  }

  /** Answers an already parsed message or batch; see {@link handle}. */
  dispatch(message: unknown, context?: C): Promise<string | null> {
    if (Array.isArray(message) && message.some(isInitialize)) {
      // MCP: initialize must be the first message of a session and never part of a batch.
      return Promise.resolve(JsonRpcDispatcher.invalidRequest());
    }
    return this.rpc.dispatch(message, context as C);
  }
}

function isInitialize(item: unknown): boolean {
  return isObject(item) && (item as Partial<JsonRpcRequest>).method === 'initialize';
}
