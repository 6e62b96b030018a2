import { ErrorCode } from '../../error-codes';
import { Fault, ToolError } from '../../errors';
import type { JsonObject } from '../../types';
import { isObject } from '../../types';
import {
  type Ask,
  type AskingCall,
  type RequestView,
  type Revision,
  type TaskView,
  taskFields,
} from '../revision';

/**
 * The MCP revisions `initialize` negotiates, newest first: 2025-11-25 and the three before it,
 * which the wire tells apart only by the version the handshake agreed.
 */
export const VERSIONS = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
] as const satisfies readonly ProtocolVersion[];

/**
 * A revision `initialize` negotiates (`McpCore.VERSIONS`). Spelled out rather than read from the
 * list, so that the public declarations name no module constant.
 */
export type ProtocolVersion = '2025-11-25' | '2025-06-18' | '2025-03-26' | '2024-11-05';

/**
 * The revision to speak for the `protocolVersion` a client asked for: the same one when this
 * core knows it, the newest otherwise (an unknown revision, none, or not a string).
 *
 * @example
 * negotiate('2025-03-26'); // '2025-03-26'
 * negotiate('2099-01-01'); // '2025-11-25'
 */
export function negotiate(requested: unknown): ProtocolVersion {
  return typeof requested === 'string' && (VERSIONS as readonly string[]).includes(requested)
    ? (requested as ProtocolVersion)
    : VERSIONS[0];
}

/**
 * The revision a Streamable HTTP server assumes when a session's request names none
 * (MCP 2025-06-18 basic/transports, "Protocol Version Header").
 */
export const ASSUMED_VERSION: ProtocolVersion = '2025-03-26';

/**
 * Whether clients of `version` expect a priming event on a new SSE stream (MCP 2025-11-25,
 * SEP-1699): that revision and those after it.
 */
export function primesStreams(version: string | undefined): boolean {
  return version !== undefined && version >= VERSIONS[0];
}

/** A 2025-11-25 `Task` (basic/utilities/tasks): `ttl` and `pollInterval`, nothing inlined. */
export function task2025(task: TaskView): JsonObject {
  return taskFields(task, 'ttl', 'pollInterval');
}

/**
 * Asks in-band: a server→client request on the call's link, to a client that declared the
 * capability at `initialize` (basic/lifecycle; client/elicitation, client/sampling,
 * client/roots).
 */
function askInBand(call: AskingCall, ask: Ask): Promise<unknown> {
  const { capability, method } = ask;
  const link = call.inbound.link;
  if (link === undefined) {
    return Promise.reject(
      new ToolError(`Cannot send ${method}: this call has no transport to reach the client.`),
    );
  }
  if (call.done) {
    return Promise.reject(new ToolError(`Cannot send ${method}: the call already answered.`));
  }
  const capabilities = link.peer.clientCapabilities;
  if (capabilities === undefined) {
    return Promise.reject(
      new ToolError(
        `Cannot send ${method}: no session with the client (a stateless transport cannot ask the client anything).`,
      ),
    );
  }
  if (!isObject(capabilities[capability])) {
    return Promise.reject(
      new ToolError(
        `The client did not declare the "${capability}" capability at initialize, so it cannot answer ${method}.`,
      ),
    );
  }
  return requestInBand(call, method, ask.params, ask.timeout);
}

/**
 * Sends a server→client request on the call's link and waits for the answer; nothing goes out
 * once the call has answered. A refusal or a timeout is a ToolError (the peer's): a tool that
 * does not catch it answers an isError result the model can read.
 */
function requestInBand(
  call: AskingCall,
  method: string,
  params: JsonObject,
  timeout: number | undefined,
): Promise<unknown> {
  const link = call.link!;
  const source = call.source;
  const send = (sent: JsonObject) =>
    link.peer.request((message) => call.done || link.send(message), method, sent, {
      signal: source === undefined ? undefined : source.signal,
      timeout,
    });
  const tracer = call.tracer;
  return tracer === undefined ? send(params) : tracer.ask(method, params, send);
}

/**
 * A task's ask relayed on the `tasks/result` stream (basic/utilities/tasks): a server→client
 * request on that call's link, refused when the call cannot reach the client.
 */
function relay(call: AskingCall, method: string, params: JsonObject): Promise<unknown> {
  if (call.link === undefined || call.done) {
    return Promise.reject(
      new ToolError(`Cannot send ${method}: this call cannot reach the client.`),
    );
  }
  return requestInBand(call, method, params, undefined);
}

/**
 * MCP 2024-11-05 to 2025-11-25: `initialize` negotiates the version and keeps the client's
 * capabilities in its session; the server asks the client with requests of its own; lists carry
 * no cache hints; notifications arrive on the GET stream (HTTP) or stdout; tasks are
 * 2025-11-25's (`params.task`, `{ task }`, `tasks/result`, `tasks/list`); errors are plain
 * JSON-RPC answers with HTTP 200.
 */
export const MCP_2025_11_25: Revision = Object.freeze<Revision>({
  name: VERSIONS[0],
  versions: VERSIONS,
  // The fallback of the negotiation table: what no other revision claims is a 2025 message.
  claims: () => true,
  batchRefusal: undefined,
  enter: () => undefined,
  lacks: new Set(['subscriptions/listen', 'tasks/update']),
  pinnedRefusal:
    'This connection speaks MCP 2025 (it began with initialize): send requests without the 2026 _meta, or start a new connection.',
  sessions: true,
  discovered: false,
  ask: askInBand,
  retry: undefined,
  mirrorsParams: false,
  logFloor: (inbound: RequestView) => inbound.link?.peer.logLevel,
  envelope: undefined,
  listens: () => false,
  tasks: Object.freeze({
    task: task2025,
    created: (task: TaskView) => ({ task: task2025(task) }),
    gate: () => {},
    runs(
      support: 'optional' | 'required' | undefined,
      call: { readonly requestedTask: JsonObject | undefined },
      tool: string,
    ): boolean {
      const asked = call.requestedTask !== undefined;
      // MCP 2025-11-25 server/tools: -32601, as the official SDK v1 answers (docs/tasks.md).
      if (asked && support === undefined) {
        throw new Fault(
          ErrorCode.METHOD_NOT_FOUND,
          `Tool "${tool}" does not run as a task (taskSupport: forbidden): call it without "task".`,
        );
      }
      if (!asked && support === 'required') {
        throw new Fault(
          ErrorCode.METHOD_NOT_FOUND,
          `Tool "${tool}" runs only as a task (taskSupport: required): call it with "task": { "ttl": … }.`,
        );
      }
      return asked;
    },
    missingCapability: (capability: string, method: string) =>
      new ToolError(
        `The client did not declare the "${capability}" capability, so it cannot answer ${method}.`,
      ),
    cancelAcknowledges: false,
    relay,
  }),
  errorStatus: () => 200,
  resourceNotFound: (error: Error) => error,
});
