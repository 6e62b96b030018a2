/**
 * What the HTTP transport tells the core's telemetry about a request (its link's facts): network
 * (tcp, http 1.1), the server from the Host header, the client from the socket, the session id in
 * session mode; and the `traceparent` header as the parent when `_meta` names none. In-process
 * with the OpenTelemetry SDK in memory, both modes.
 */
import { SpanKind } from '@opentelemetry/api';
import { McpCore, serveHttp } from '../../../../src';
import { connectionFacts, type HttpRequest } from '../../../../src/transports/http/request';
import { type Otel, otel } from '../../../helpers/otel';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

function core(o: Otel) {
  return new McpCore({
    name: 'Facts',
    version: '1.0.0',
    lister: () => [],
    caller: () => ({ content: [], isError: false }),
    telemetry: { tracerProvider: o.tracerProvider, meterProvider: o.meterProvider },
  });
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: JSON.stringify(body),
  });
  await res.text();
  return res;
}

let o: Otel;
beforeEach(() => {
  o = otel();
});
afterEach(() => o.shutdown());

it.each([true, false])(
  'sessions: %s — network, server, client, session, header parent',
  async (sessions) => {
    const server = await serveHttp(core(o), { port: 0, sessions });
    try {
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
        },
      };
      const opened = await post(server.url, initialize);
      const session = opened.headers.get('mcp-session-id');
      expect(session === null).toBe(!sessions);
      const headers: Record<string, string> = {
        'mcp-protocol-version': '2025-11-25',
        traceparent: PARENT,
        ...(session === null ? {} : { 'mcp-session-id': session }),
      };
      await post(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers);
      const span = o.span('tools/list');
      const port = Number(new URL(server.url).port);
      expect(span.kind).toBe(SpanKind.SERVER);
      expect(span.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
      expect(span.attributes).toMatchObject({
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
        'network.protocol.version': '1.1',
        'server.address': '127.0.0.1',
        'server.port': port,
        'client.address': '127.0.0.1',
        'mcp.protocol.version': '2025-11-25',
      });
      expect(typeof span.attributes['client.port']).toBe('number');
      expect(span.attributes['mcp.session.id']).toBe(session ?? undefined);
      expect(o.span('initialize').attributes['mcp.session.id']).toBe(session ?? undefined);
    } finally {
      await server.close();
    }
    // A session's duration is recorded when it ends (the server closing it here).
    const points = await o.histogram('mcp.server.session.duration');
    expect(points.length).toBe(sessions ? 1 : 0);
  },
);

describe('connectionFacts: server.address/port from the Host header, else the local socket', () => {
  const facts = (host: string | undefined, httpVersion = '1.1') =>
    connectionFacts(
      {
        headers: host === undefined ? {} : { host },
        connection: () => ({
          httpVersion,
          localAddress: '10.0.0.5',
          localPort: 3000,
          remoteAddress: '10.0.0.9',
          remotePort: 5123,
        }),
      } as unknown as HttpRequest,
      undefined,
    );
  it.each([
    ['mcp.example.com:8443', 'mcp.example.com', 8443],
    ['MCP.Example.com', 'mcp.example.com', 3000],
    ['[::1]:8080', '::1', 8080],
    ['[2001:db8::1]', '2001:db8::1', 3000],
    ['127.0.0.1:', '127.0.0.1', 3000],
  ])('Host %s → %s, %s', (host, address, port) => {
    expect(facts(host)).toMatchObject({ serverAddress: address, serverPort: port });
  });
  it.each(['a b:80', 'x:99999', 'x:8o', '[::1', 'user@host', ''])(
    'an unreadable Host (%s) falls back to the socket',
    (host) => {
      expect(facts(host)).toMatchObject({ serverAddress: '10.0.0.5', serverPort: 3000 });
    },
  );
  it('HTTP/2 is network.protocol.version "2"; the client is the peer socket', () => {
    expect(facts(undefined, '2.0')).toMatchObject({
      protocolVersion: '2',
      clientAddress: '10.0.0.9',
      clientPort: 5123,
    });
  });
});
