import { McpCall } from './call';
import { keptClientState } from './client-state';
import { JsonRpcDispatcher, type JsonRpcRequest, NO_ANSWER } from './dispatcher';
import { ConfigurationTypeError, ErrorCode, Fault } from './errors';
import { negotiate, type ProtocolVersion, VERSIONS } from './negotiate';
import type { Completion, CompletionReference, McpCoreOptions } from './options';
import { type Link, LOGGING_LEVELS, type LoggingLevel, type Peer } from './peer';
import type { JsonObject } from './types';

/**
 * A transport's listener for server-wide notifications (list changes, resource updates):
 * send `message` to every connected client whose peer passes `filter` (all when absent).
 */
export type Broadcaster = (message: JsonObject, filter?: (peer: Peer) => boolean) => void;

/** What a transport serves: a core, or anything that holds one (an `McpApplication`). */
export type Servable<C = unknown> = McpCore<C> | { readonly core: McpCore<C> };

/** The core behind a {@link Servable}. */
export function coreOf<C>(servable: Servable<C>): McpCore<C> {
  const core = servable instanceof McpCore ? servable : (servable as { core?: unknown })?.core;
  if (
    !(core instanceof McpCore) &&
    typeof (core as McpCore<C> | undefined)?.handle !== 'function'
  ) {
    throw new ConfigurationTypeError(
      'Expected an McpCore or an application with a "core" (McpApplication.create(...)).',
    );
  }
  return core as McpCore<C>;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** -32602 with its reason in the message (what a client shows) and in `data.reason` (for code). */
function invalidParams(reason: string): Fault {
  return new Fault(ErrorCode.INVALID_PARAMS, `Invalid params: ${reason}`, { reason });
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

function uriOf(params: unknown, method: string): string {
  const uri = paramsOf(params).uri;
  if (typeof uri !== 'string' || uri === '')
    throw invalidParams(`${method}: "uri" must be a non-empty string`);
  return uri;
}

type CallHandler<C> = (params: unknown, context: C, call: McpCall) => unknown;

/**
 * Wraps a method that runs application code: creates the request's {@link McpCall}, tracks the
 * request in the peer so `notifications/cancelled` can abort it, and sends no answer for a
 * cancelled request (MCP: the receiver of a cancellation does not answer it).
 */
function withCall<C>(method: string, run: CallHandler<C>) {
  return async (params: unknown, context: C, request: JsonRpcRequest, link: Link | undefined) => {
    const id = request.id;
    // The request's AbortSignal is made only if the call looks at it (see Peer.track).
    const flight = link !== undefined && id !== undefined ? link.peer.track(id) : undefined;
    const call = new McpCall(method, id, params, link, flight);
    try {
      const result = await run(params, context, call);
      return flight?.aborted ? NO_ANSWER : result;
    } catch (error) {
      if (flight?.aborted) return NO_ANSWER;
      throw error;
    } finally {
      call.finish();
      if (flight !== undefined) link!.peer.end(id!, flight);
    }
  };
}

/**
 * The stateless MCP protocol core: answers `initialize`, `ping`, the tools and (when given)
 * resources and prompts, over a {@link JsonRpcDispatcher}. It takes a raw payload and returns the
 * JSON to send; the transport is yours. What belongs to one call (session, identity) goes in as
 * that call's context and reaches every closure; nothing of it is stored.
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

  /** MCP's error code for an unknown resource URI (`ErrorCode.RESOURCE_NOT_FOUND`, -32002). */
  static readonly RESOURCE_NOT_FOUND = ErrorCode.RESOURCE_NOT_FOUND;

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
  readonly rpc: JsonRpcDispatcher<C, Link>;
  /** The `capabilities` sent at `initialize`. */
  readonly capabilities: Readonly<JsonObject>;

  constructor(options: McpCoreOptions<C>) {
    if (!isObject(options)) throw new ConfigurationTypeError('McpCore: options must be an object.');
    const { name, version, lister, caller } = options;
    if (typeof name !== 'string' || typeof version !== 'string') {
      throw new ConfigurationTypeError(
        'McpCore: "name" and "version" must be strings (sent as serverInfo).',
      );
    }
    if (typeof lister !== 'function' || typeof caller !== 'function') {
      throw new ConfigurationTypeError('McpCore: "lister" and "caller" must be functions.');
    }
    this.name = name;
    this.version = version;
    this.instructions = options.instructions;
    this.rpc = new JsonRpcDispatcher<C, Link>({
      reporter: options.reporter,
      batch: options.batch,
      onResponse: (response, _context, link) => link?.peer.settle(response),
    });

    const { resources, templates, reader, prompts, prompter, initializer, completer } = options;
    const hasResources = typeof resources === 'function' && typeof reader === 'function';
    const hasPrompts = typeof prompts === 'function' && typeof prompter === 'function';
    const listChanged = options.listChanged === true;
    const subscribe = hasResources && options.subscriptions === true;
    const capabilities: JsonObject = { tools: { listChanged } };
    if (hasResources) capabilities.resources = { listChanged, subscribe };
    if (hasPrompts) capabilities.prompts = { listChanged };
    if (options.logging === true) capabilities.logging = {};
    if (typeof completer === 'function') capabilities.completions = {};
    this.capabilities = capabilities;

    const serverInfo: JsonObject = { name, version };
    if (options.title !== undefined) serverInfo.title = options.title;
    if (options.icons !== undefined) serverInfo.icons = options.icons;
    const rpc = this.rpc;
    rpc.register('initialize', async (params, context, _request, link) => {
      const p = paramsOf(params);
      const revision = negotiate(p.protocolVersion);
      if (link !== undefined) {
        link.peer.revision = revision;
        // Kept for the session's life: only what MCP defines, within a budget (issue 19).
        const kept = keptClientState(p);
        link.peer.clientCapabilities = kept.capabilities;
        link.peer.clientInfo = kept.clientInfo;
      }
      if (initializer) await initializer(revision, p, context);
      const result: JsonObject = { protocolVersion: revision, capabilities, serverInfo };
      if (this.instructions !== undefined) result.instructions = this.instructions;
      return result;
    });
    // Sent with an id by mistake, these still answer an object: MCP results are never null.
    rpc.register('notifications/initialized', () => ({}));
    rpc.register('notifications/cancelled', (params, _context, _request, link) => {
      const p = paramsOf(params);
      const id = p.requestId;
      if (link !== undefined && (typeof id === 'string' || typeof id === 'number'))
        link.peer.cancel(id, p.reason);
      return {};
    });
    rpc.register('ping', () => ({}));

    rpc.register(
      'tools/list',
      withCall<C>('tools/list', async (_params, context, call) => ({
        tools: (await lister(context, call)) ?? [],
      })),
    );
    rpc.register(
      'tools/call',
      withCall<C>('tools/call', async (params, context, call) => {
        const p = paramsOf(params);
        if (typeof p.name !== 'string') throw invalidParams('tools/call: "name" must be a string');
        return orEmpty(await caller(p.name, argumentsOf(p, 'tools/call'), context, call));
      }),
    );

    if (hasResources) {
      rpc.register(
        'resources/list',
        withCall<C>('resources/list', async (_params, context, call) => ({
          resources: (await resources(context, call)) ?? [],
        })),
      );
      rpc.register(
        'resources/templates/list',
        withCall<C>('resources/templates/list', async (_params, context, call) => ({
          resourceTemplates: (templates ? await templates(context, call) : undefined) ?? [],
        })),
      );
      rpc.register(
        'resources/read',
        withCall<C>('resources/read', async (params, context, call) => ({
          contents: (await reader(uriOf(params, 'resources/read'), context, call)) ?? [],
        })),
      );
      if (subscribe) {
        rpc.register('resources/subscribe', (params, _context, _request, link) => {
          link?.peer.subscriptions.add(uriOf(params, 'resources/subscribe'));
          return {};
        });
        rpc.register('resources/unsubscribe', (params, _context, _request, link) => {
          link?.peer.subscriptions.delete(uriOf(params, 'resources/unsubscribe'));
          return {};
        });
      }
    }

    if (hasPrompts) {
      rpc.register(
        'prompts/list',
        withCall<C>('prompts/list', async (_params, context, call) => ({
          prompts: (await prompts(context, call)) ?? [],
        })),
      );
      rpc.register(
        'prompts/get',
        withCall<C>('prompts/get', async (params, context, call) => {
          const p = paramsOf(params);
          if (typeof p.name !== 'string')
            throw invalidParams('prompts/get: "name" must be a string');
          return orEmpty(await prompter(p.name, argumentsOf(p, 'prompts/get'), context, call));
        }),
      );
    }

    if (options.logging === true) {
      rpc.register('logging/setLevel', (params, _context, _request, link) => {
        const level = paramsOf(params).level;
        if (!LOGGING_LEVELS.includes(level as LoggingLevel)) {
          throw invalidParams(
            `logging/setLevel: "level" must be one of ${LOGGING_LEVELS.join(', ')}`,
          );
        }
        if (link !== undefined) link.peer.logLevel = level as LoggingLevel;
        return {};
      });
    }

    if (typeof completer === 'function') {
      rpc.register(
        'completion/complete',
        withCall<C>('completion/complete', async (params, context, call) => {
          const p = paramsOf(params);
          const ref = p.ref;
          const argument = p.argument;
          const valid =
            isObject(ref) &&
            ((ref.type === 'ref/prompt' && typeof ref.name === 'string') ||
              (ref.type === 'ref/resource' && typeof ref.uri === 'string'));
          if (!valid) {
            throw invalidParams(
              'completion/complete: "ref" must be a ref/prompt with a name or a ref/resource with a uri',
            );
          }
          if (
            !isObject(argument) ||
            typeof argument.name !== 'string' ||
            typeof argument.value !== 'string'
          ) {
            throw invalidParams(
              'completion/complete: "argument" must have a string name and value',
            );
          }
          const ctx = isObject(p.context)
            ? (p.context as { arguments?: Record<string, string> })
            : {};
          const answer = await completer(
            ref as CompletionReference,
            { name: argument.name, value: argument.value },
            ctx,
            context,
            call,
          );
          return { completion: limitCompletion(answer) };
        }),
      );
    }
  }

  private readonly broadcasters = new Set<Broadcaster>();

  /**
   * Registers a transport's {@link Broadcaster} for server-wide notifications; returns the
   * function that removes it. The core keeps the listener, never a client's state.
   */
  attach(broadcaster: Broadcaster): () => void {
    this.broadcasters.add(broadcaster);
    return () => this.broadcasters.delete(broadcaster);
  }

  /** Sends a notification to every connected client (of every attached transport) whose peer passes `filter`. */
  broadcast(method: string, params?: JsonObject, filter?: (peer: Peer) => boolean): void {
    const message: JsonObject =
      params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
    for (const broadcaster of this.broadcasters) broadcaster(message, filter);
  }

  /** `notifications/{tools|resources|prompts}/list_changed` to every connected client. */
  notifyListChanged(kind: 'tools' | 'resources' | 'prompts'): void {
    this.broadcast(`notifications/${kind}/list_changed`);
  }

  /** `notifications/resources/updated` to the clients subscribed to `uri` only. */
  notifyResourceUpdated(uri: string): void {
    this.broadcast('notifications/resources/updated', { uri }, (peer) =>
      peer.subscriptions.has(uri),
    );
  }

  /**
   * Answers a raw MCP payload (JSON-RPC 2.0): the JSON text to send, or `null` when nothing is
   * owed (only notifications or responses came in). Never throws or rejects.
   * A batch that carries `initialize` is refused whole with one Invalid Request, running no method.
   *
   * `link` is the transport's path back to this client (see {@link Link}): with it, calls can
   * send progress and log messages, ask the client things, and be cancelled.
   */
  async handle(payload: string, context?: C, link?: Link): Promise<string | null> {
    const parsed = this.rpc.parseAny(payload, context as C);
    return parsed.ok ? this.dispatch(parsed.value, context, link) : parsed.answer;
  }

  /** Answers an already parsed message or batch; see {@link handle}. */
  dispatch(message: unknown, context?: C, link?: Link): Promise<string | null> {
    if (Array.isArray(message) && message.some(isInitialize)) {
      // MCP: initialize must be the first message of a session and never part of a batch.
      return Promise.resolve(JsonRpcDispatcher.invalidRequest());
    }
    return this.rpc.dispatch(message, context as C, link);
  }
}

function isInitialize(item: unknown): boolean {
  return isObject(item) && (item as Partial<JsonRpcRequest>).method === 'initialize';
}

/** MCP: at most 100 completion values per answer; `total`/`hasMore` tell the rest. */
function limitCompletion(answer: Completion | string[]): Completion {
  const all = Array.isArray(answer) ? { values: answer } : answer;
  const values = Array.isArray(all?.values) ? all.values.map(String) : [];
  if (values.length <= 100) return { ...all, values };
  return { values: values.slice(0, 100), total: all.total ?? values.length, hasMore: true };
}
