/**
 * POST, as MCP basic/transports describes it: the answer as JSON, 202 when nothing is owed, an
 * event stream when the call speaks before its result, and the HTTP refusals (406, 415, 400, 413,
 * 408) — each with the status and body a client sees.
 */
import { request as httpRequest } from 'node:http';
import { type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import { eventually } from '../../../helpers/within';
import {
  ACCEPT,
  initialize,
  initializeMessage,
  jsonOf,
  post,
  raw,
  rpc,
  sseMessages,
  testCore,
} from '../harness';

describe('POST', () => {
  const { core, probe } = testCore();
  let server: HttpServerHandle;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await serveHttp(core, { maxBodyBytes: 1024, postTimeout: 1500 });
    ({ headers } = await initialize(server.url));
  });
  afterAll(() => server.close());

  test('a request is answered as application/json', async () => {
    const response = await post(server.url, { jsonrpc: '2.0', id: 7, method: 'ping' }, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('{"jsonrpc":"2.0","id":7,"result":{}}');
  });

  test('only notifications or responses: 202 Accepted with no body', async () => {
    const notification = await post(
      server.url,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      headers,
    );
    expect(notification.status).toBe(202);
    expect(await notification.text()).toBe('');
    const response = await post(server.url, { jsonrpc: '2.0', id: 'srv-x', result: {} }, headers);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  test('a batch is answered as one JSON array', async () => {
    const response = await post(
      server.url,
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'ping' },
      ],
      headers,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]',
    );
  });

  test('a call that speaks before its result switches the answer to text/event-stream', async () => {
    const call = {
      jsonrpc: '2.0',
      id: 'p1',
      method: 'tools/call',
      params: { name: 'progress', arguments: {}, _meta: { progressToken: 'tok' } },
    };
    const response = await post(server.url, call, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const body = await response.text();
    // Issue 13: a session's stream is resumable; it begins with the priming event (SEP-1699).
    expect(body).toMatch(
      /^id: [^\n]+:1\nretry: 1000\ndata: \n\nevent: message\nid: [^\n]+:2\ndata: /,
    );
    expect(sseMessages(body)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok', progress: 1, total: 2, message: 'half way' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: 'working' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok', progress: 2, total: 2 },
      },
      { jsonrpc: '2.0', id: 'p1', result: { content: [{ type: 'text', text: 'done' }] } },
    ]);
  });

  test('a batch answered on an event stream sends one event per response', async () => {
    const response = await post(
      server.url,
      [
        {
          jsonrpc: '2.0',
          id: 'b1',
          method: 'tools/call',
          params: { name: 'progress', _meta: { progressToken: 1 } },
        },
        { jsonrpc: '2.0', id: 'b2', method: 'ping' },
      ],
      headers,
    );
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const messages = sseMessages(await response.text());
    expect(messages.slice(-2)).toEqual([
      { jsonrpc: '2.0', id: 'b1', result: { content: [{ type: 'text', text: 'done' }] } },
      { jsonrpc: '2.0', id: 'b2', result: {} },
    ]);
  });

  test('without a progress token the same call answers plain JSON apart from its log', async () => {
    await post(server.url, rpc('logging/setLevel', { level: 'error' }), headers).then((r) =>
      r.text(),
    );
    const response = await post(
      server.url,
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'progress' } },
      headers,
    );
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"done"}]}}',
    );
    await post(server.url, rpc('logging/setLevel', { level: 'debug' }), headers).then((r) =>
      r.text(),
    );
  });

  test.each([
    ['application/json', 'only JSON'],
    ['text/event-stream', 'only SSE'],
    ['text/html', 'neither'],
    ['application/json, text/event-stream;q=0', 'SSE refused with q=0'],
  ])('Accept: %s (%s) → 406', async (accept) => {
    const response = await post(server.url, rpc('ping'), { ...headers, accept });
    expect(response.status).toBe(406);
    expect(await jsonOf(response)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Not Acceptable: the Accept header must list application/json and text/event-stream',
      },
    });
  });

  test('Accept: */* accepts both', async () => {
    const response = await post(server.url, rpc('ping'), { ...headers, accept: '*/*' });
    expect(response.status).toBe(200);
  });

  test.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
  ])('Content-Type: %s → 415', async (type) => {
    const response = await post(server.url, rpc('ping'), { ...headers, 'content-type': type });
    expect(response.status).toBe(415);
    expect((await jsonOf(response)).error.message).toBe(
      'Unsupported Media Type: Content-Type must be application/json',
    );
  });

  test('Content-Type with a UTF-8 charset is JSON', async () => {
    const response = await post(server.url, rpc('ping'), {
      ...headers,
      'content-type': 'application/json; charset=UTF-8',
    });
    expect(response.status).toBe(200);
  });

  test('malformed JSON → 400 with the JSON-RPC parse error', async () => {
    const response = await post(server.url, '{"jsonrpc":"2.0",', headers);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
    );
  });

  test('a message that is no JSON-RPC at all → 400 with Invalid Request', async () => {
    const response = await post(server.url, '42', headers);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
    );
  });

  test('initialize inside a batch is refused whole → 400', async () => {
    const response = await post(server.url, [initializeMessage(), rpc('ping')], headers);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}',
    );
  });

  test('a batch of MCP 2026-07-28 requests is refused → 400 naming the batch and the revision', async () => {
    const answer =
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: MCP 2026-07-28 does not accept JSON-RPC batches; send each request as a message of its own"}}';
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const modern = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/list',
      params: { _meta: meta },
    });
    // No session id: before this, the answer spoke of a missing Mcp-Session-Id.
    const bare = {};
    for (const [body, h] of [
      [[modern(1), modern(2)], bare],
      [[rpc('ping'), modern(2)], bare],
      [[rpc('ping')], { ...bare, 'MCP-Protocol-Version': '2026-07-28' }],
      [[modern(1)], headers],
    ] as const) {
      const response = await post(server.url, body, h);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(answer);
    }
  });

  test('a failing tool is answered -32603 over HTTP 200 (a JSON-RPC error, not an HTTP one)', async () => {
    const response = await post(
      server.url,
      { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'boom' } },
      headers,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":9,"error":{"code":-32603,"message":"Internal error"}}',
    );
  });

  test('a body declared over maxBodyBytes → 413 before reading it', async () => {
    const answer = await raw(server.url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify(rpc('echo', { text: 'x'.repeat(2000) })),
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.text).error.message).toBe(
      'Payload Too Large: the body must not exceed 1024 bytes',
    );
  });

  test('a chunked body that grows past the limit → 413 while the client is still sending', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(server.url, {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', accept: ACCEPT },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      // 2 KiB in and never ended: the answer cannot wait for the whole body.
      req.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(2048)}`);
    });
    expect(status).toBe(413);
  });

  test('a body that does not arrive within postTimeout → 408', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(server.url, {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', accept: ACCEPT },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('{"jsonrpc":"2.0",');
    });
    expect(status).toBe(408);
  });

  test('a call still running at postTimeout is cancelled and answered "Request timed out"', async () => {
    const response = await post(
      server.url,
      {
        jsonrpc: '2.0',
        id: 'late',
        method: 'tools/call',
        params: { name: 'hold', arguments: { key: 'late' } },
      },
      headers,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":"late","error":{"code":-32011,"message":"Request timed out"}}',
    );
    await eventually(
      () => probe.aborted.includes('late'),
      10_000,
      'the call past its deadline was never aborted',
    );
  });

  test('the request is still served after bad input (the server never crashes)', async () => {
    for (const body of ['', 'null', '[]', '{"id":{}}', '\u0000\u0001', '[1,2,3]', '{}']) {
      const response = await post(server.url, body, headers);
      expect([200, 202, 400]).toContain(response.status);
      await response.text();
    }
    const response = await post(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, headers);
    expect(response.status).toBe(200);
  });
});

describe('initialize is bounded (maxInitializeBytes, issue 19)', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, { maxInitializeBytes: 2048 });
  });
  afterAll(() => server.close());

  test('a larger initialize → 400 with -32602 and its id, and no session', async () => {
    const before = server.handler.sessions;
    const message = initializeMessage('2025-11-25', { experimental: { pad: 'x'.repeat(4096) } });
    const response = await post(server.url, message);
    expect(response.status).toBe(400);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const bytes = Buffer.byteLength(JSON.stringify(message));
    expect(await response.text()).toBe(
      `{"jsonrpc":"2.0","id":${message.id},"error":{"code":-32602,"message":"Invalid params: initialize must not exceed 2048 bytes (got ${bytes}); send only the capabilities and clientInfo MCP defines","data":{"reason":"initialize must not exceed 2048 bytes (got ${bytes}); send only the capabilities and clientInfo MCP defines"}}}`,
    );
    expect(server.handler.sessions).toBe(before);
  });

  test('the limit counts bytes, not characters', async () => {
    const message = initializeMessage('2025-11-25', { experimental: { pad: 'é'.repeat(1000) } });
    expect(JSON.stringify(message).length).toBeLessThan(2048);
    expect((await post(server.url, message)).status).toBe(400);
  });

  test('other requests may be larger', async () => {
    const { headers } = await initialize(server.url);
    const response = await post(
      server.url,
      rpc('tools/call', { name: 'echo', arguments: { text: 'y'.repeat(8192) } }),
      headers,
    );
    expect(response.status).toBe(200);
  });
});
