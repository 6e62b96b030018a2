import { type AnswerSummary, INVALID_REQUEST_ANSWER } from './answers';
import type { Broadcaster } from './broadcaster';
import { checkHint } from './cache';
import { declaration } from './declaration';
import { JsonRpcDispatcher } from './dispatcher';
import { ErrorCode } from './error-codes';
import { ConfigurationTypeError, Fault } from './errors';
import type { Link } from './link';
import { registerCompletion } from './methods/completion';
import { registerDiscover } from './methods/discover';
import { registerLifecycle, registerLogging } from './methods/lifecycle';
import { registerPrompts } from './methods/prompts';
import { registerResources } from './methods/resources';
import { registerSkills } from './methods/skills';
import { registerSubscriptions } from './methods/subscriptions';
import { MethodTable } from './methods/table';
import { registerTools } from './methods/tools';
import type { McpCoreOptions } from './options';
import type { Outcome } from './outcome';
import type { Peer } from './peer';
import { checkMaxRounds, RequestStateSealer } from './request-state';
import { resultLimit } from './result-limit';
import { batchRefusal, type Inbound, revisionOf, unsupportedVersion } from './revisions';
import { negotiate, type ProtocolVersion, VERSIONS } from './revisions/2025-11-25';
import { VERSIONS_2026 } from './revisions/2026-07-28/meta';
import { Telemetry } from './telemetry/telemetry';
import type { JsonObject, JsonRpcRequest } from './types';
import { isObject } from './types';

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
  /** The MCP revisions `initialize` negotiates, newest first (the seed's four). */
  static readonly VERSIONS = VERSIONS;

  /** The MCP revisions served without `initialize`, per request (2026-07-28). */
  static readonly MODERN_VERSIONS = VERSIONS_2026;

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
  /**
   * The dispatcher the MCP methods are registered on (answer through {@link handle}).
   *
   * @internal
   */
  readonly rpc: JsonRpcDispatcher<C, Inbound>;
  /** The `capabilities` sent at `initialize`. */
  readonly capabilities: Readonly<JsonObject>;

  constructor(options: McpCoreOptions<C>) {
    // Checks the options first: a server declares a name, a version and its tools.
    const { serverInfo, capabilities, discovered, skills } = declaration(options);
    this.name = options.name;
    this.version = options.version;
    this.instructions = options.instructions;
    this.rpc = new JsonRpcDispatcher<C, Inbound>({
      reporter: options.reporter,
      batch: options.batch,
      resultLimit: resultLimit(options.maxResultBytes),
      onResponse: (response, _context, inbound) => inbound?.link?.peer.settle(response),
      enter: (request, _context, inbound) => this.enter(request, inbound?.link),
    });
    this.capabilities = capabilities;
    const family = options.tasks;
    const cache = checkHint(options.cache, 'McpCore') ?? { ttlMs: 0, scope: 'public' };
    this.sealer = new RequestStateSealer(options.requestStateSecret, options.requestStateTtl);
    // Spans and metrics watch the dispatcher from the first request on, unless turned off.
    const telemetry =
      options.telemetry === false ? undefined : new Telemetry(this.rpc, options.telemetry ?? true);
    const table = new MethodTable<C>(this.rpc, {
      serverInfo,
      cache,
      privateLists: options.privateLists === true,
      sealer: this.sealer,
      telemetry,
      maxRounds: checkMaxRounds(options.maxRounds),
    });
    const server = { capabilities, serverInfo, instructions: this.instructions };
    // The method families, each in its module; every revision shares this one table.
    registerLifecycle(table, options, server);
    registerTools(table, options);
    registerResources(table, options);
    registerPrompts(table, options);
    registerLogging(table, options);
    registerCompletion(table, options);
    registerDiscover(table, { ...server, capabilities: discovered });
    family?.register(table);
    if (skills !== undefined) registerSkills(table, skills);
    registerSubscriptions(table, capabilities, (broadcaster) => this.attach(broadcaster), family);
  }

  /**
   * Finds the request's revision and lets it read what the request declares about its client
   * (2026-07-28: `_meta` -32602, the HTTP headers when the transport gave them -32020), then
   * checks the version it names (-32022). A connection that pins its revision (stdio) refuses a
   * request of another after its first one (other than `server/discover`).
   */
  private enter(request: JsonRpcRequest, link: Link | undefined): Inbound {
    const headers = link?.headers;
    const revision = revisionOf(request, hintOf(headers));
    if (request.id === undefined) {
      // A notification carries no _meta version (notifications/cancelled on stdio): it belongs
      // to the revision its connection speaks.
      return { revision: link?.peer.pinned ?? revision, link, client: undefined };
    }
    const client = revision.enter(request, headers);
    if (client !== undefined && !revision.versions.includes(client.revision)) {
      throw unsupportedVersion(client.revision);
    }
    if (link?.pinsRevision === true && request.method !== 'server/discover') {
      const peer = link.peer;
      if (peer.pinned === undefined) peer.pinned = revision;
      else if (peer.pinned !== revision) {
        throw new Fault(ErrorCode.INVALID_REQUEST, peer.pinned.pinnedRefusal);
      }
    }
    return { revision, link, client };
  }

  private readonly broadcasters = new Set<Broadcaster>();
  private readonly sealer: RequestStateSealer;

  /**
   * @internal Seals 2026-07-28 `requestState` with a secret every process serving this
   * application shares (the HTTP transport on a shared state adapter), unless
   * `requestStateSecret` was given; returns whether it was taken.
   */
  shareRequestStateSecret(secret: string): boolean {
    return this.sealer.share(secret);
  }

  /**
   * Registers a transport's {@link Broadcaster} for server-wide notifications; returns the
   * function that removes it. The core keeps the listener, never a client's state.
   *
   * @internal
   */
  attach(broadcaster: Broadcaster): () => void {
    this.broadcasters.add(broadcaster);
    return () => this.broadcasters.delete(broadcaster);
  }

  /** Sends a notification to every connected client (of every attached transport). */
  broadcast(method: string, params?: JsonObject): void;
  /**
   * To the clients whose peer passes `filter` only (it stays in this process).
   *
   * @internal
   */
  broadcast(method: string, params: JsonObject | undefined, filter: (peer: Peer) => boolean): void;
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
    this.broadcast('notifications/resources/updated', { uri }, (peer) => peer.isSubscribed(uri));
  }

  /**
   * Answers a raw MCP payload (JSON-RPC 2.0): the JSON text to send, or `null` when nothing is
   * owed (only notifications or responses came in). Never throws or rejects.
   * A batch that carries `initialize` is refused whole with one Invalid Request, running no method.
   */
  handle(payload: string, context?: C): Promise<string | null>;
  /**
   * `link` is the transport's path back to this client (see {@link Link}): with it, calls can
   * send progress and log messages, ask the client things, and be cancelled.
   *
   * @internal
   */
  handle(payload: string, context: C | undefined, link: Link | undefined): Promise<string | null>;
  handle(payload: string, context?: C, link?: Link): Promise<string | null> {
    // Not async: the dispatcher's promise is the answer (an async frame returning it would
    // resolve a promise with a promise: a `then` look-up and two more ticks per message).
    const parsed = this.rpc.parseAny(payload, context as C);
    return parsed.ok ? this.dispatch(parsed.value, context, link) : Promise.resolve(parsed.answer);
  }

  /**
   * Answers an already parsed message or batch; see {@link handle}.
   *
   * @internal
   */
  dispatch(message: unknown, context?: C, link?: Link): Promise<string | null> {
    if (Array.isArray(message) && message.some(isInitialize)) {
      // MCP: initialize must be the first message of a session and never part of a batch.
      return Promise.resolve(INVALID_REQUEST_ANSWER);
    }
    const refusal = batchRefusal(message, hintOf(link?.headers));
    if (refusal !== undefined) return Promise.resolve(refusal);
    return this.rpc.dispatch(message, context as C, linked(link));
  }

  /**
   * Answers an already parsed message or batch like {@link dispatch}, and says what happened
   * (see {@link Outcome}): whether the message was refused whole, a single request's result or
   * error code, its method and revision. Never rejects.
   *
   * @internal
   */
  async process(message: unknown, context?: C, link?: Link): Promise<Outcome> {
    const single = isObject(message) ? message : undefined;
    const method = typeof single?.method === 'string' ? single.method : undefined;
    const hint = hintOf(link?.headers);
    const revision = single === undefined ? undefined : revisionOf(single, hint);
    const summary: AnswerSummary = { ok: false, code: undefined, refused: false };
    let text: string | null;
    const refusal = batchRefusal(message, hint);
    if (Array.isArray(message) && message.some(isInitialize)) {
      text = INVALID_REQUEST_ANSWER;
      summary.refused = true;
    } else if (refusal !== undefined) {
      text = refusal;
      summary.refused = true;
    } else {
      text = await this.rpc.dispatch(message, context as C, linked(link), summary);
    }
    return {
      text,
      kind: summary.refused ? 'refused' : text === null ? 'none' : 'answer',
      ok: summary.ok,
      code: summary.code,
      unavailable: summary.unavailable === true,
      method,
      revision,
    };
  }
}

/** The `MCP-Protocol-Version` header a transport handed in, trimmed. */
function hintOf(headers: Link['headers']): string | undefined {
  const hint = headers?.['mcp-protocol-version'];
  return typeof hint === 'string' ? hint.trim() : undefined;
}

/**
 * What the dispatcher hands `enter` for a message on `link`: the link alone (the revision is
 * found per request).
 */
function linked(link: Link | undefined): Inbound | undefined {
  return link === undefined ? undefined : ({ link } as Inbound);
}

function isInitialize(item: unknown): boolean {
  return isObject(item) && (item as Partial<JsonRpcRequest>).method === 'initialize';
}
