/**
 * One method table on its own dispatcher, as the core builds it, so a method family's module can
 * be driven without McpCore: register the family, then ask a method in either revision.
 */
import { JsonRpcDispatcher } from '../../../src/core/dispatcher';
import type { Link } from '../../../src/core/link';
import { MethodTable, type MethodTableOptions } from '../../../src/core/methods/table';
import { Peer } from '../../../src/core/peer';
import { RequestStateSealer } from '../../../src/core/request-state';
import { type Inbound, MCP_2025_11_25, MCP_2026_07_28 } from '../../../src/core/revisions';
import type { JsonObject } from '../../../src/core/types';

export const SERVER_INFO = Object.freeze({ name: 'Test', version: '1.0.0' });

/** A JSON-RPC answer, parsed. */
export interface Answer {
  id?: unknown;
  result?: JsonObject;
  error?: { code: number; message: string; data?: unknown };
}

export function methodTable(settings: Partial<MethodTableOptions> = {}) {
  const rpc = new JsonRpcDispatcher<string, Inbound>();
  const table = new MethodTable<string>(rpc, {
    serverInfo: SERVER_INFO,
    cache: { ttlMs: 0, scope: 'public' },
    privateLists: false,
    sealer: new RequestStateSealer('a test secret of at least 32 bytes!!'),
    maxRounds: 4,
    ...settings,
  });
  let next = 0;
  /** Sends one request (context `"ctx"`) and returns its parsed answer. */
  const ask = async (method: string, params?: unknown, inbound?: Inbound): Promise<Answer> => {
    next += 1;
    const message: JsonObject = { jsonrpc: '2.0', id: next, method };
    if (params !== undefined) message.params = params as JsonObject;
    const text = await rpc.dispatch(message, 'ctx', inbound);
    if (text === null) throw new Error(`${method}: no answer`);
    return JSON.parse(text) as Answer;
  };
  return { rpc, table, ask };
}

/** A 2025 request over a connection: its peer, and the messages sent to the client. */
export function linked(): { inbound: Inbound; peer: Peer; sent: JsonObject[]; link: Link } {
  const peer = new Peer();
  const sent: JsonObject[] = [];
  const link: Link = { peer, send: (message) => sent.push(message) };
  return { inbound: { revision: MCP_2025_11_25, link, client: undefined }, peer, sent, link };
}

/** A 2026-07-28 request: its revision and the client its `_meta` declares; `link` when given. */
export function modern(link?: Link): Inbound {
  return {
    revision: MCP_2026_07_28,
    link,
    client: { revision: '2026-07-28', capabilities: {}, info: undefined, logLevel: undefined },
  };
}

/** The server identity member every 2026-07-28 result carries in `_meta`. */
export const SERVER_INFO_META = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };

/** The answer's error for invalid params: `Invalid params: <reason>`, the reason in `data`. */
export function invalid(reason: string): Answer['error'] {
  return { code: -32602, message: `Invalid params: ${reason}`, data: { reason } };
}
