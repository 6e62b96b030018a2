/**
 * The harness of the \`McpCall\` tests (test/core/call/): the raw core with a recording link in
 * place of a transport, so what a call sends and what the core answers sit in one timeline.
 */
import {
  type JsonObject,
  type Link,
  McpCall,
  McpCore,
  type McpCoreOptions,
  Peer,
  type PeerOptions,
} from '../../src/core';

export type Tool = (args: JsonObject, call: McpCall) => unknown;

/** What went over the link and what the core answered, in one timeline. */
export interface Harness {
  core: McpCore;
  peer: Peer;
  link: Link;
  /** Every message sent on the link, then `answer:<json>` for each answer, in order. */
  timeline: Array<JsonObject | string>;
  /** The messages sent on the link only. */
  sent(): JsonObject[];
  /** Sends one request (or notification) through the core with the link; records the answer. */
  send(message: JsonObject): Promise<string | null>;
  /** `tools/call` of `name` with `id`, optional `_meta`. */
  call(id: number | string, name: string, meta?: JsonObject): Promise<string | null>;
  /** `initialize` declaring `capabilities`. */
  initialize(capabilities?: JsonObject): Promise<void>;
}

export function harness(
  tools: Record<string, Tool>,
  options: Partial<McpCoreOptions> = {},
  peerOptions: PeerOptions = {},
): Harness {
  const peer = new Peer(peerOptions);
  const timeline: Array<JsonObject | string> = [];
  const link: Link = { peer, send: (message) => timeline.push(message) };
  const core = new McpCore({
    name: 'Test',
    version: '1.0.0',
    logging: true,
    lister: () =>
      Object.keys(tools).map((name) => ({ name, inputSchema: { type: 'object', properties: {} } })),
    caller: async (name, args, _context, call) => {
      const value = await tools[name]!(args, call);
      return { content: [{ type: 'text', text: String(value) }] };
    },
    ...options,
  });
  const send = async (message: JsonObject): Promise<string | null> => {
    const answer = await core.handle(JSON.stringify({ jsonrpc: '2.0', ...message }), {}, link);
    if (answer !== null) timeline.push(`answer:${answer}`);
    return answer;
  };
  return {
    core,
    peer,
    link,
    timeline,
    sent: () => timeline.filter((item): item is JsonObject => typeof item !== 'string'),
    send,
    call: (id, name, meta) =>
      send({
        id,
        method: 'tools/call',
        params: meta === undefined ? { name } : { name, _meta: meta },
      }),
    async initialize(capabilities = {}) {
      await send({
        id: 'init',
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 't' } },
      });
      timeline.length = 0;
    },
  };
}

export const answer = (id: number | string, text: string): string =>
  `answer:{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":${JSON.stringify(text)}}]}}`;

/** A promise with its resolve exposed. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the rejection reason of `promise` (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  const result = await promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ error }),
  );
  if ('resolved' in result) throw new Error(`Expected a rejection, got ${String(result.resolved)}`);
  return result.error as Error;
}
