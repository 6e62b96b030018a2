/**
 * Shared pieces of the HTTP transport tests: a raw McpCore whose tools exercise the call channel,
 * and small clients (fetch for ordinary requests, node:http for headers fetch will not send).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import {
  type CallToolResult,
  ErrorCode,
  Fault,
  type JsonObject,
  McpCore,
  type ToolDefinition,
} from '../../../src/core';
import type { HttpSession } from '../../../src/transports/http';

export const ACCEPT = 'application/json, text/event-stream';
export const LATEST = '2025-11-25';

const OBJECT = { type: 'object', properties: {} };
const TOOLS: ToolDefinition[] = ['echo', 'whoami', 'progress', 'hold', 'elicit', 'boom'].map(
  (name) => ({ name, inputSchema: OBJECT }),
);

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

/** What the tools let a test observe and control. */
export interface Probe {
  /** Keys of `hold` calls that started. */
  started: string[];
  /** Keys of `hold` calls whose signal aborted. */
  aborted: string[];
  /** Releases the `hold` call with this key. */
  release(key: string): void;
  /** Resolves once a `hold` call with this key started. */
  whenStarted(key: string): Promise<void>;
}

/**
 * A raw core (no decorators) with tools for the transport tests:
 * `echo {text}`, `whoami` (the session as the call sees it), `progress` (speaks before its
 * result), `hold {key, ask?}` (runs until released or cancelled, then asks the client when `ask`), `elicit` (asks the client), `boom`.
 */
export function testCore(): { core: McpCore<HttpSession>; probe: Probe } {
  const releases = new Map<string, () => void>();
  const waiting = new Map<string, () => void>();
  const probe: Probe = {
    started: [],
    aborted: [],
    release: (key) => releases.get(key)?.(),
    whenStarted: (key) =>
      probe.started.includes(key)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.set(key, resolve)),
  };
  const core = new McpCore<HttpSession>({
    name: 'Test',
    version: '1.0.0',
    logging: true,
    listChanged: true,
    subscriptions: true,
    resources: () => [{ uri: 'test://a', name: 'a' }],
    reader: (uri) => [{ uri, text: 'A' }],
    lister: () => TOOLS,
    caller: async (name, args: JsonObject, session, call) => {
      switch (name) {
        case 'echo':
          return text(String(args.text));
        case 'whoami':
          return text(
            JSON.stringify({
              id: session.id ?? null,
              identity: session.identity ?? null,
              revision: session.revision ?? null,
            }),
          );
        case 'progress':
          call.progress(1, 2, 'half way');
          call.log('info', 'working');
          call.progress(2, 2);
          return text('done');
        case 'hold': {
          const key = String(args.key);
          probe.started.push(key);
          waiting.get(key)?.();
          await new Promise<void>((resolve) => {
            releases.set(key, resolve);
            call.signal.addEventListener('abort', () => {
              probe.aborted.push(key);
              resolve();
            });
          });
          if (args.ask === true && !call.signal.aborted) {
            const answer = await call.elicit('Still there?', { type: 'object', properties: {} });
            return text(JSON.stringify(answer));
          }
          return text(`released ${key}`);
        }
        case 'elicit': {
          const answer = await call.elicit('Your name?', {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
          });
          return text(JSON.stringify(answer));
        }
        case 'boom':
          throw new Error('boom');
        default:
          throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
      }
    },
  });
  return { core, probe };
}

let nextId = 1;

/** A JSON-RPC request with a fresh id. */
export function rpc(method: string, params?: JsonObject): JsonObject {
  nextId += 1;
  return params === undefined
    ? { jsonrpc: '2.0', id: nextId, method }
    : { jsonrpc: '2.0', id: nextId, method, params };
}

export function initializeMessage(version = LATEST, capabilities: JsonObject = {}): JsonObject {
  return rpc('initialize', {
    protocolVersion: version,
    capabilities,
    clientInfo: { name: 'http-test', version: '1.0.0' },
  });
}

/** POSTs a JSON-RPC message with the headers an MCP client sends (override any of them). */
export function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

/** A `tools/call` request. */
export function toolCall(
  id: string | number,
  name: string,
  args: Record<string, unknown> = {},
): JsonObject {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

/** Opens a session: its id and the headers later requests carry. */
export async function initialize(
  url: string,
  headers: Record<string, string> = {},
  capabilities: JsonObject = {},
): Promise<{ sessionId: string; headers: Record<string, string> }> {
  const response = await post(url, initializeMessage(LATEST, capabilities), headers);
  if (response.status !== 200)
    throw new Error(`initialize: ${response.status} ${await response.text()}`);
  await response.text();
  const sessionId = response.headers.get('mcp-session-id');
  if (sessionId === null) throw new Error('initialize: no Mcp-Session-Id');
  const next = { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': LATEST };
  const initialized = await post(
    url,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    next,
  );
  await initialized.text();
  return { sessionId, headers: next };
}

/** The JSON-RPC messages of an SSE body (`event: message` / `data:` blocks). */
export function sseMessages(body: string): JsonObject[] {
  const messages: JsonObject[] = [];
  for (const block of body.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart());
    // An event with empty data carries no message (the priming event of a resumable stream).
    if (data.length > 0 && data.join('') !== '')
      messages.push(JSON.parse(data.join('\n')) as JsonObject);
  }
  return messages;
}

/** A response read with node:http (which sends any Host/Origin header it is given). */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export function raw(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** The local address to send from (another loopback address, for a second client). */
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const { method = 'GET', headers, localAddress } = options;
    const req = httpRequest(
      url,
      { method, headers, agent: false, ...(localAddress === undefined ? {} : { localAddress }) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A server-to-client event stream read as it arrives. */
export interface EventReader {
  /** The next JSON-RPC message (rejects after `timeout` ms). */
  next(timeout?: number): Promise<JsonObject>;
  /** Everything received so far, comments included. */
  readonly received: string;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

export function readEvents(response: Response): EventReader {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const queue: JsonObject[] = [];
  const waiters: Array<(message: JsonObject) => void> = [];
  let buffer = '';
  let received = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const chunk = decoder.decode(value, { stream: true });
        received += chunk;
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut !== -1) {
          for (const message of sseMessages(buffer.slice(0, cut + 2))) {
            const waiter = waiters.shift();
            if (waiter) waiter(message);
            else queue.push(message);
          }
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed by the test
    }
  })();
  return {
    next: (timeout = 5000) => {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no event in time')), timeout);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
    get received() {
      return received;
    },
    ended,
    close: () => {
      reader.cancel().catch(() => undefined);
    },
  };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A response's JSON body, loosely typed for reading fields in assertions. */
export function jsonOf(response: Response): Promise<any> {
  return response.json() as Promise<any>;
}
