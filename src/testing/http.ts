import { ErrorCode, isObject, type JsonObject, McpClientError, META } from '../core';
import { eventData } from './event-stream';
import { closed, refused, staleConnection, unreachable } from './http-failures';
import { type HeaderParam, learnToolHeaders, requestHeaders } from './request-headers';
import { type ClientWire, type Exchange, isResponse, parseMessage } from './wire';

/** Options of {@link httpWire}. */
export interface HttpWireOptions {
  /** Headers sent with every request (e.g. `Authorization`). */
  headers?: Record<string, string>;
  /**
   * Told when a listed tool is left out of `tools/list` because its `x-mcp-header` annotations
   * are invalid (MCP 2026-07-28 requires HTTP clients to exclude it). Default:
   * `process.emitWarning`.
   */
  onWarning?: (message: string) => void;
}

/** A JSON-RPC error answer with this code. */
function failedWith(body: JsonObject, code: number): boolean {
  return isObject(body.error) && body.error.code === code;
}

/** The `_meta` keys every 2026-07-28 request carries, taken from one the client built. */
function modernMeta(message: JsonObject): JsonObject | undefined {
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  if (typeof meta[META.protocolVersion] !== 'string') return undefined;
  const kept: JsonObject = {};
  for (const key of [META.protocolVersion, META.clientCapabilities, META.clientInfo])
    if (meta[key] !== undefined) kept[key] = meta[key];
  return kept;
}

/**
 * A client wire over MCP's Streamable HTTP: each message is a POST, answered with JSON or an
 * event stream carrying the request's own messages before its response.
 *
 * - 2025: the session's id and revision, taken from the `initialize` answer, go on every later
 *   request; once initialized, a GET stream receives what the server sends outside any request
 *   (list changes, resource updates). A `404` to a request of the session means the server
 *   forgot it: a new session is initialized and the request sent again (2025-11-25
 *   basic/transports, "Session Management").
 * - 2026-07-28: each POST carries `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` and the
 *   `Mcp-Param-*` headers of the tool's `x-mcp-header` properties, learnt from `tools/list`
 *   (which leaves out a tool whose annotations are invalid). A `tools/call` refused -32020
 *   lists the tools again and is sent once more.
 */
export function httpWire(url: string, options: HttpWireOptions = {}): ClientWire {
  let session: string | undefined;
  let version: string | undefined;
  /** The 2025 `initialize` the client sent: sent again when the server forgets the session. */
  let initialize: JsonObject | undefined;
  let renewal: { from: string; done: Promise<void> } | undefined;
  let internal = 0;
  const toolParams = new Map<string, readonly HeaderParam[]>();
  const closing = new AbortController();
  const warn = options.onWarning ?? ((message: string) => process.emitWarning(message));

  /** POSTs one message; resolves to the response and the session it was sent in. */
  const post = async (
    message: JsonObject,
    signal?: AbortSignal,
  ): Promise<{ response: Response; sentIn: string | undefined }> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...options.headers,
    };
    const modern = requestHeaders(message, toolParams);
    const sentIn = modern === undefined ? session : undefined;
    if (modern !== undefined) Object.assign(headers, modern);
    else {
      if (version !== undefined) headers['mcp-protocol-version'] = version;
      if (sentIn !== undefined) headers['mcp-session-id'] = sentIn;
    }
    const signals = signal === undefined ? [closing.signal] : [closing.signal, signal];
    const attempt = () =>
      fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(message),
        signal: AbortSignal.any(signals),
      });
    try {
      // Kept-alive connections the server closed meanwhile (a restart, `dev` reloading) fail
      // before any answer: each is dropped from the pool, so the message goes again, a few times.
      for (let stale = 0; ; stale++) {
        try {
          return { response: await attempt(), sentIn };
        } catch (error) {
          if (stale === 3 || !staleConnection(error) || AbortSignal.any(signals).aborted)
            throw error;
        }
      }
    } catch (error) {
      if (signal?.aborted || closing.signal.aborted) throw closed(message.method);
      throw unreachable(url, error);
    }
  };

  /** The response to `message` in `response`: JSON, or the end of its event stream. */
  const receive = async (
    message: JsonObject,
    response: Response,
    exchange: Exchange,
  ): Promise<JsonObject> => {
    const answered = (body: JsonObject): JsonObject => {
      // A 2025 session begins with the answer to initialize: its id and revision go on every later request.
      if (message.method === 'initialize' && isObject(body.result)) {
        session = response.headers.get('mcp-session-id') ?? undefined;
        version = String(body.result.protocolVersion);
      }
      return body;
    };
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream') && response.body !== null) {
      try {
        for await (const data of eventData(response.body)) {
          const received = parseMessage(data);
          if (received === undefined) continue;
          if (isResponse(received) && received.id === message.id) return answered(received);
          exchange.onMessage(received);
        }
      } catch (error) {
        if (!exchange.signal?.aborted && !closing.signal.aborted) throw unreachable(url, error);
      }
      throw new McpClientError(
        ErrorCode.INVALID_REQUEST,
        `The stream of ${String(message.method)} ended without an answer`,
        undefined,
        { reason: 'no-answer' },
      );
    }
    const body = type.includes('json') ? parseMessage(await response.text()) : undefined;
    if (response.status === 401 || body === undefined || !isResponse(body))
      throw await refused(url, response);
    return answered(body);
  };

  /** Messages outside any request of the client (the GET stream's, a renewal's). */
  const broadcast: Exchange = { onMessage: (message) => wire.onMessage?.(message) };

  /**
   * The server forgot the 2025 session `from` (a 404): initializes a new one, once for every
   * request that learnt it at the same time.
   */
  const renew = (from: string): Promise<void> => {
    if (renewal?.from === from) return renewal.done;
    if (session !== from) return Promise.resolve(); // already renewed
    const done = (async () => {
      session = undefined;
      version = undefined;
      internal += 1;
      const again: JsonObject = { ...initialize, id: `session-${internal}` };
      const body = await receive(again, (await post(again)).response, broadcast);
      if (!isObject(body.result)) {
        const error = isObject(body.error) ? body.error : {};
        throw new McpClientError(
          Number(error.code ?? ErrorCode.INTERNAL_ERROR),
          `The server forgot the session and refused a new one: ${String(error.message)}`,
          error.data,
        );
      }
      await wire.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    })();
    renewal = { from, done };
    return done.finally(() => {
      if (renewal?.done === done) renewal = undefined;
    });
  };

  /**
   * 2025: opens the GET stream of the session, for what the server sends outside a request;
   * resolves once the server answered it. A server without one (405) or one that refuses it is
   * left alone; a stream the server ends is opened again while it keeps delivering, and a 404
   * renews the session (which opens its own stream).
   */
  const listen = (): Promise<void> =>
    new Promise((opened) => {
      void (async () => {
        let idle = 0;
        while (!closing.signal.aborted && version !== undefined && idle < 3) {
          const sentIn = session;
          const headers: Record<string, string> = {
            ...options.headers,
            accept: 'text/event-stream',
            'mcp-protocol-version': version,
          };
          if (sentIn !== undefined) headers['mcp-session-id'] = sentIn;
          let response: Response;
          try {
            response = await fetch(url, { method: 'GET', headers, signal: closing.signal });
          } catch {
            return;
          }
          opened();
          const type = response.headers.get('content-type') ?? '';
          if (response.status === 404 && sentIn !== undefined) {
            await response.body?.cancel();
            return renew(sentIn).catch(() => undefined);
          }
          if (!response.ok || !type.includes('text/event-stream') || response.body === null) {
            await response.body?.cancel().catch(() => undefined);
            return;
          }
          idle += 1;
          try {
            for await (const data of eventData(response.body)) {
              const received = parseMessage(data);
              if (received === undefined) continue;
              idle = 0;
              broadcast.onMessage(received);
            }
          } catch {
            // Closed by us, or the connection broke: the loop decides.
          }
          if (session !== sentIn) return;
        }
      })().finally(() => opened());
    });

  /** Lists every tool again (after a -32020 to a call of `tool`), with the call's `_meta`. */
  const relist = async (meta: JsonObject, tool: unknown): Promise<void> => {
    let cursor: unknown;
    do {
      internal += 1;
      const params: JsonObject = { _meta: meta };
      if (cursor !== undefined) params.cursor = cursor;
      const list: JsonObject = {
        jsonrpc: '2.0',
        id: `tools-${internal}`,
        method: 'tools/list',
        params,
      };
      const body = learnToolHeaders(
        await receive(list, (await post(list)).response, broadcast),
        toolParams,
        warn,
        tool,
      );
      cursor = isObject(body.result) ? body.result.nextCursor : undefined;
    } while (typeof cursor === 'string');
  };

  const wire: ClientWire = {
    async request(message, exchange: Exchange) {
      if (message.method === 'initialize') initialize = message;
      let { response, sentIn } = await post(message, exchange.signal);
      if (response.status === 404 && sentIn !== undefined) {
        await response.body?.cancel();
        await renew(sentIn);
        ({ response } = await post(message, exchange.signal));
      }
      let body = await receive(message, response, exchange);
      const meta = modernMeta(message);
      if (meta === undefined) return body;
      // "Client Behavior": a HeaderMismatch may mean the tool's inputSchema changed.
      if (message.method === 'tools/call' && failedWith(body, ErrorCode.HEADER_MISMATCH)) {
        await relist(meta, isObject(message.params) ? message.params.name : undefined);
        body = await receive(message, (await post(message, exchange.signal)).response, exchange);
      }
      return message.method === 'tools/list' ? learnToolHeaders(body, toolParams, warn) : body;
    },
    async send(message) {
      const { response } = await post(message);
      if (!response.ok) throw await refused(url, response);
      await response.body?.cancel();
      if (message.method === 'notifications/initialized') await listen();
    },
    async close() {
      closing.abort();
      if (session === undefined) return;
      await fetch(url, {
        method: 'DELETE',
        headers: {
          ...options.headers,
          'mcp-session-id': session,
          'mcp-protocol-version': version ?? '',
        },
      }).then(
        (response) => response.body?.cancel(),
        () => undefined,
      );
    },
  };
  return wire;
}
