import { listHint } from '../../cache';
import { Encoded } from '../../dispatcher';
import { ErrorCode } from '../../error-codes';
import { Fault, ToolError } from '../../errors';
import { TextResult } from '../../text-result';
import type { JsonObject, JsonRpcRequest, RequestHeaders } from '../../types';
import { isObject } from '../../types';
import {
  type Ask,
  type AskingCall,
  type CacheRule,
  type RequestView,
  type Revision,
  type TableSettings,
  type TaskView,
  taskFields,
} from '../revision';
import { checkStandardHeaders } from './headers';
import { isVersion2026, META, namesRevision, readMeta, VERSIONS_2026 } from './meta';
import { openAttempt, RETRY_METHODS } from './retry';

/** The MCP extension that carries tasks in 2026-07-28 (SEP-2663). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * A 2026-07-28 `Task` (SEP-2663): `ttlMs`, `pollIntervalMs`; `detailed` inlines what the
 * status carries (`inputRequests`, `result`, `error`), as `tasks/get` answers.
 */
export function task2026(task: TaskView, detailed: boolean): JsonObject {
  const out = taskFields(task, 'ttlMs', 'pollIntervalMs');
  if (!detailed) return out;
  if (task.status === 'input_required') out.inputRequests = task.inputRequests ?? {};
  else if (task.status === 'completed' && task.result !== undefined) out.result = task.result;
  else if (task.status === 'failed' && task.error !== undefined) out.error = task.error;
  return out;
}

/**
 * -32021 for a 2026-07-28 request that needs the tasks extension its client did not declare
 * (SEP-2663 "Capability Negotiation", with SEP-2575's code).
 */
export function missingTasksExtension(what: string): Fault {
  return new Fault(
    ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY,
    `Missing required client capability: ${what} needs the "${TASKS_EXTENSION}" extension; declare it in _meta["${META.clientCapabilities}"].extensions`,
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
  );
}

/** Whether a client declared the tasks extension in `capabilities.extensions`. */
export function declaresTasks(capabilities: JsonObject | undefined): boolean {
  const extensions = capabilities?.extensions;
  return (
    typeof extensions === 'object' &&
    extensions !== null &&
    typeof (extensions as JsonObject)[TASKS_EXTENSION] === 'object' &&
    (extensions as JsonObject)[TASKS_EXTENSION] !== null
  );
}

/** The answer to a 2026-07-28 batch: one Invalid Request that names the batch and the revision. */
const BATCH_REFUSAL = JSON.stringify({
  jsonrpc: '2.0',
  id: null,
  error: {
    code: ErrorCode.INVALID_REQUEST,
    message:
      'Invalid Request: MCP 2026-07-28 does not accept JSON-RPC batches; send each request as a message of its own',
  },
});

/**
 * MCP 2026-07-28 basic/transports: an unknown or removed method is 404; a request the server
 * cannot accept (bad `_meta`, a header mismatch, a missing client capability, an unsupported
 * revision) is 400.
 */
const ERROR_STATUS = new Map<number, number>([
  [ErrorCode.METHOD_NOT_FOUND, 404],
  [ErrorCode.PARSE_ERROR, 400],
  [ErrorCode.INVALID_REQUEST, 400],
  [ErrorCode.INVALID_PARAMS, 400],
  [ErrorCode.HEADER_MISMATCH, 400],
  [ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY, 400],
  [ErrorCode.UNSUPPORTED_PROTOCOL_VERSION, 400],
]);

/**
 * A copy of `source`, member by member in its order (what `{ ...source }` copies, but own
 * `__proto__` kept as a member too). Not a spread: V8 gives a spread's copy a map no other object
 * shares, so each member added to it next went through V8's runtime, and the answer's
 * `JSON.stringify` left its fast path (envelope and stringify of a tools/call result ~3.3 µs
 * against ~0.75 µs; ~11k of a 2026-07-28 POST's instructions, callgrind).
 */
function copyOf(source: JsonObject): JsonObject {
  const out: JsonObject = {};
  // Its own keyed store, not setMember's: that one site is shared by every caller in the package
  // and goes megamorphic, which this per-request copy must not pay.
  for (const key of Object.keys(source)) {
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: source[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[key] = source[key];
  }
  return out;
}

/** The server's identity as `_meta`'s JSON text, for the last serverInfo seen (see {@link metaText}). */
let knownInfo: JsonObject | undefined;
let knownText: string | undefined;

/**
 * `"_meta":{"io.modelcontextprotocol/serverInfo":…}` as text, when the serverInfo cannot change:
 * frozen, every member a string (no `icons` array, which its owner may change). One core per
 * process is the rule: the last one's text is kept.
 */
function metaText(serverInfo: JsonObject): string | undefined {
  if (serverInfo === knownInfo) return knownText;
  let text: string | undefined;
  if (Object.isFrozen(serverInfo) && Object.values(serverInfo).every((v) => typeof v === 'string'))
    text = `"_meta":${JSON.stringify({ [META.serverInfo]: serverInfo })}`;
  knownInfo = serverInfo;
  knownText = text;
  return text;
}

/**
 * `out` (the result's copy with its `resultType`, no `_meta` yet) with the server's `_meta` added
 * last, and its JSON text: the copy's JSON with the `_meta` text spliced in before its last brace.
 * Two nested objects fewer for `JSON.stringify` (~2k instructions each: V8 looks `toJSON` up on
 * every object); ~5k fewer per 2026-07-28 tools/call over HTTP, callgrind.
 */
function spliced(
  result: JsonObject,
  out: JsonObject,
  text: string,
  serverInfo: JsonObject,
): unknown {
  // The copy's JSON without its closing brace.
  let head: string | undefined;
  if (result instanceof TextResult) {
    // A TextResult's JSON is its own (the copy's members, in order), then resultType, which it
    // lacks, added last.
    head = `${result.json().slice(0, -1)},"resultType":"complete"`;
  } else {
    try {
      head = JSON.stringify(out).slice(0, -1);
    } catch {
      // Not encodable: left to the dispatcher, which meets the same error in the whole result.
    }
  }
  const meta: JsonObject = {};
  meta[META.serverInfo] = serverInfo;
  out._meta = meta;
  return head === undefined ? out : new Encoded(out, `${head},${text}}`);
}

/** A result on the wire: `resultType`, the server's identity in `_meta`, cache hints where due. */
function envelope(result: unknown, cache: CacheRule | undefined, table: TableSettings): unknown {
  if (!isObject(result)) return result;
  const out = copyOf(result);
  out.resultType = typeof result.resultType === 'string' ? result.resultType : 'complete';
  // `_meta` is the last member (no own `_meta` to take its place, no cache hints after it) and
  // the copy is encoded as itself (no own `toJSON`): its text can be spliced.
  if (
    (cache === undefined || out.resultType !== 'complete') &&
    !Object.hasOwn(result, '_meta') &&
    !Object.hasOwn(result, 'toJSON')
  ) {
    const text = metaText(table.serverInfo);
    if (text !== undefined) return spliced(result, out, text, table.serverInfo);
  }
  const meta = isObject(result._meta) ? copyOf(result._meta) : {};
  meta[META.serverInfo] = table.serverInfo;
  out._meta = meta;
  if (cache !== undefined && out.resultType === 'complete') {
    const hint =
      'list' in cache
        ? listHint(
            Array.isArray(result[cache.list]) ? (result[cache.list] as unknown[]) : [],
            table.cache,
            table.privateLists,
          )
        : listHint([cache.single(result)], table.cache, false);
    out.ttlMs = hint.ttlMs;
    out.cacheScope = hint.scope;
  }
  return out;
}

/**
 * Reads a request's `_meta` (-32602) and checks it against its HTTP headers when the transport
 * gave them (-32020). A `server/discover` that names no revision is a probe: it declares no
 * client, and is answered the same to every client.
 */
function enter(request: JsonRpcRequest, headers: RequestHeaders | undefined) {
  if (request.method === 'server/discover' && !named(request, headers)) return undefined;
  const client = readMeta(request.params);
  if (headers !== undefined) checkStandardHeaders(request, headers, client.revision);
  return client;
}

function named(request: JsonRpcRequest, headers: RequestHeaders | undefined): boolean {
  if (namesRevision(request as unknown as JsonObject)) return true;
  const hint = headers?.['mcp-protocol-version'];
  return typeof hint === 'string' && isVersion2026(hint.trim());
}

/**
 * MCP 2026-07-28: no `initialize` and no session; every request names its revision and its
 * client's capabilities in `_meta` and is checked against its HTTP headers; a call asks its
 * client by answering `input_required` and reading the answers from the retry (MRTR); lists and
 * single results carry `ttlMs` and `cacheScope`; notifications reach a client on the stream of
 * its `subscriptions/listen`; tasks are the SEP-2663 extension; an error answer has its HTTP
 * status (404, 400).
 */
export const MCP_2026_07_28: Revision = Object.freeze<Revision>({
  name: VERSIONS_2026[0],
  versions: VERSIONS_2026,
  claims: (message: JsonObject, hint: string | undefined) =>
    namesRevision(message) || (hint !== undefined && isVersion2026(hint)),
  batchRefusal: BATCH_REFUSAL,
  enter,
  // Changelog, major changes 2, 4, 5: removed; SEP-2663: no tasks/result, no tasks/list.
  lacks: new Set([
    'initialize',
    'notifications/initialized',
    'ping',
    'logging/setLevel',
    'resources/subscribe',
    'resources/unsubscribe',
    'notifications/roots/list_changed',
    'tasks/result',
    'tasks/list',
  ]),
  pinnedRefusal:
    'This connection speaks MCP 2026-07-28: send _meta with every request, or start a new connection to initialize.',
  sessions: false,
  discovered: true,
  ask: (call: AskingCall, ask: Ask) => {
    // No server→client request: the answer comes by key in a retry (MRTR).
    const retry = call.inbound.retry;
    if (retry === undefined) {
      return Promise.reject(
        new ToolError(
          `Cannot send ${ask.method} from ${call.method}: in MCP 2026-07-28 only tools/call, prompts/get and resources/read may ask the client.`,
        ),
      );
    }
    return retry.ask(ask.key, ask.capability, ask.method, ask.params);
  },
  retry: (method, subject, params, inbound, table) =>
    RETRY_METHODS.has(method) ? openAttempt(method, subject, params, inbound, table) : undefined,
  mirrorsParams: true,
  // No notifications/message unless the request's _meta sets a level.
  logFloor: (inbound: RequestView) => (inbound.client?.logLevel ?? false) as never,
  envelope,
  listens: (message: unknown) => isObject(message) && message.method === 'subscriptions/listen',
  tasks: Object.freeze({
    task: task2026,
    created: (task: TaskView) => ({ resultType: 'task', ...task2026(task, false) }),
    gate: (inbound: RequestView, method: string) => {
      if (!declaresTasks(inbound.client?.capabilities)) throw missingTasksExtension(method);
    },
    runs(
      support: 'optional' | 'required' | undefined,
      call: { readonly clientCapabilities: JsonObject | undefined },
      tool: string,
    ): boolean {
      if (support === undefined) return false; // SEP-2663: a 2025 `task` hint is ignored.
      if (declaresTasks(call.clientCapabilities)) return true;
      if (support === 'required') throw missingTasksExtension(`tools/call of "${tool}"`);
      return false;
    },
    missingCapability: (capability: string, method: string) =>
      new Fault(
        ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY,
        `Missing required client capability "${capability}": this task needs ${method}.`,
        { requiredCapabilities: { [capability]: {} } },
      ),
    cancelAcknowledges: true,
    relay: undefined,
  }),
  errorStatus: (code: number) => ERROR_STATUS.get(code) ?? 200,
  resourceNotFound: (error: Error & { data?: unknown }, uri: string) => {
    const data = error.data;
    return new Fault(ErrorCode.INVALID_PARAMS, error.message, {
      ...(typeof data === 'object' && data !== null ? data : {}),
      uri,
    });
  },
});
