import { isObject, type JsonObject, McpClientError, META } from '../core';
import { type ClientWire, type Exchange, isResponse, parseMessage } from './wire';

/** Options of {@link httpWire}. */
export interface HttpWireOptions {
  /** Headers sent with every request (e.g. `Authorization`). */
  headers?: Record<string, string>;
}

/** The `Mcp-Name` of a 2026-07-28 request (MCP 2026-07-28 basic/transports, standard headers). */
function nameOf(message: JsonObject): string | undefined {
  const params = isObject(message.params) ? message.params : {};
  const value =
    message.method === 'tools/call' || message.method === 'prompts/get'
      ? params.name
      : message.method === 'resources/read'
        ? params.uri
        : String(message.method).startsWith('tasks/')
          ? params.taskId
          : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Splits an event stream into its events' data, as they arrive. */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.search(/\r?\n\r?\n/); end >= 0; end = buffer.search(/\r?\n\r?\n/)) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''));
      if (data.length > 0) yield data.join('\n');
    }
  }
}

function unreachable(url: string, error: unknown): McpClientError {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const why = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return new McpClientError(-32000, `Cannot reach ${url}: ${why}`, undefined, {
    reason: 'transport',
    cause: error,
  });
}

/**
 * A client wire over MCP's Streamable HTTP: each message is a POST, answered with JSON or an
 * event stream carrying the request's own messages before its response. A 2025 session's id
 * and revision are taken from the `initialize` answer and sent on every later request; a
 * 2026-07-28 request carries its standard headers (`MCP-Protocol-Version`, `Mcp-Method`,
 * `Mcp-Name`).
 */
export function httpWire(url: string, options: HttpWireOptions = {}): ClientWire {
  let session: string | undefined;
  let version: string | undefined;
  const closing = new AbortController();

  const post = async (message: JsonObject, signal?: AbortSignal): Promise<Response> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...options.headers,
    };
    const params = isObject(message.params) ? message.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    const modern = meta[META.protocolVersion];
    if (typeof modern === 'string') {
      headers['mcp-protocol-version'] = modern;
      headers['mcp-method'] = String(message.method);
      const name = nameOf(message);
      if (name !== undefined) headers['mcp-name'] = name;
    } else {
      if (version !== undefined) headers['mcp-protocol-version'] = version;
      if (session !== undefined) headers['mcp-session-id'] = session;
    }
    const signals = signal === undefined ? [closing.signal] : [closing.signal, signal];
    try {
      return await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(message),
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      if (signal?.aborted || closing.signal.aborted) {
        throw new McpClientError(-32600, `${String(message.method)} was closed`, undefined, {
          reason: 'no-answer',
        });
      }
      throw unreachable(url, error);
    }
  };

  /** A status that is no answer: 401 says a token is wanted; others say what came back. */
  const refused = async (response: Response): Promise<McpClientError> => {
    if (response.status === 401) {
      const challenge = response.headers.get('www-authenticate');
      return new McpClientError(
        -32001,
        `${url} answered 401 Unauthorized: it needs a bearer token${challenge ? ` (${challenge})` : ''}.`,
        undefined,
        { reason: 'unauthorized' },
      );
    }
    const text = (await response.text().catch(() => '')).trim().slice(0, 200);
    return new McpClientError(
      -32000,
      `${url} answered HTTP ${response.status} ${response.statusText}${text ? `: ${text}` : ''}`,
      undefined,
      { reason: 'transport' },
    );
  };

  const wire: ClientWire = {
    async request(message, exchange: Exchange) {
      const response = await post(message, exchange.signal);
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
          for await (const data of events(response.body)) {
            const received = parseMessage(data);
            if (received === undefined) continue;
            if (isResponse(received) && received.id === message.id) return answered(received);
            exchange.onMessage(received);
          }
        } catch (error) {
          if (!exchange.signal?.aborted && !closing.signal.aborted) throw unreachable(url, error);
        }
        throw new McpClientError(
          -32600,
          `The stream of ${String(message.method)} ended without an answer`,
          undefined,
          { reason: 'no-answer' },
        );
      }
      const body = type.includes('json') ? parseMessage(await response.text()) : undefined;
      if (response.status === 401 || body === undefined || !isResponse(body))
        throw await refused(response);
      return answered(body);
    },
    async send(message) {
      const response = await post(message);
      if (!response.ok) throw await refused(response);
      await response.body?.cancel();
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
