/**
 * The fetch face tells OpenTelemetry what it knows of the connection: `network.transport` tcp and
 * `network.protocol.name` http (a `Request` names no HTTP version, so none is recorded), the
 * server from the Host header or the URL, and the client from what the runtime passes beside the
 * `Request` (Deno's `ServeHandlerInfo`, Bun's `Server`), in stateless and session mode.
 */
import { McpCore } from '../../../../src';
import { createFetchHandler, type FetchConnectionInfo } from '../../../../src/fetch';
import { type Otel, otel } from '../../../helpers/otel';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

let o: Otel;
beforeEach(() => {
  o = otel();
});
afterEach(() => o.shutdown());

function handler(sessions: boolean) {
  const core = new McpCore({
    name: 'Facts',
    version: '1.0.0',
    lister: () => [],
    caller: () => ({ content: [], isError: false }),
    telemetry: { tracerProvider: o.tracerProvider, meterProvider: o.meterProvider },
  });
  return createFetchHandler(core, { sessions });
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('https://mcp.example.com:8443/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
};

const deno: FetchConnectionInfo = { remoteAddr: { hostname: '203.0.113.7', port: 51234 } };
const bun: FetchConnectionInfo = {
  requestIP: (request) =>
    request instanceof Request ? { address: '2001:db8::7', port: 40000 } : null,
};

it.each([
  ['Deno ServeHandlerInfo', deno, '203.0.113.7', 51234],
  ['Bun Server.requestIP', bun, '2001:db8::7', 40000],
])(
  '%s: client.address/port; server from the URL; network tcp/http',
  async (_name, info, address, port) => {
    const h = handler(false);
    const answer = await h(
      post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { traceparent: PARENT }),
      info,
    );
    expect(answer.status).toBe(200);
    const span = o.span('tools/list');
    expect(span.attributes).toMatchObject({
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'server.address': 'mcp.example.com',
      'server.port': 8443,
      'client.address': address,
      'client.port': port,
    });
    // A Request names no HTTP version: left out rather than guessed.
    expect(span.attributes['network.protocol.version']).toBeUndefined();
    expect(span.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    await h.close();
  },
);

it('without connection info (Cloudflare passes its env there): no client.*', async () => {
  const h = handler(false);
  await h(post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), {
    SOME_BINDING: 'x',
  } as FetchConnectionInfo);
  const span = o.span('tools/list');
  expect(span.attributes['client.address']).toBeUndefined();
  expect(span.attributes['client.port']).toBeUndefined();
  expect(span.attributes['server.address']).toBe('mcp.example.com');
  await h.close();
});

it('session mode: mcp.session.id on every span, and the session duration when it ends', async () => {
  const h = handler(true);
  const opened = await h(post(INITIALIZE), deno);
  const session = opened.headers.get('mcp-session-id');
  expect(session).toEqual(expect.any(String));
  await h(
    post(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'mcp-session-id': session!, 'mcp-protocol-version': '2025-11-25' },
    ),
    deno,
  );
  expect(o.span('initialize').attributes['mcp.session.id']).toBe(session);
  expect(o.span('tools/list').attributes).toMatchObject({
    'mcp.session.id': session,
    'mcp.protocol.version': '2025-11-25',
    'client.address': '203.0.113.7',
  });
  await h.close();
  const points = await o.histogram('mcp.server.session.duration');
  expect(points.map((p) => p.attributes)).toEqual([
    {
      'jsonrpc.protocol.version': '2.0',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
    },
  ]);
});
