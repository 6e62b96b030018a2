/**
 * The fetch face answers every row of the README's HTTP table as the node face does: the same
 * request goes to `serveHttp` over the network and to `createFetchHandler` in process, and the
 * status, the body and the headers that carry meaning must be equal.
 */
import { AuthRefusal, bearerAuth } from '../../../../src';
import {
  createFetchHandler,
  type FetchHandler,
  type FetchHandlerOptions,
} from '../../../../src/fetch';
import { type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import { ACCEPT, initializeMessage, LATEST, readEvents, rpc, testCore, toolCall } from '../harness';

const MEANINGFUL = [
  'content-type',
  'www-authenticate',
  'allow',
  'retry-after',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'vary',
];

interface Row {
  name: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  path?: string;
}

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: ACCEPT };
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function modern(method: string, params: Record<string, unknown> = {}, name?: string): Row {
  return {
    name: `2026-07-28 ${method}${name === undefined ? '' : ` ${name}`}`,
    headers: {
      ...JSON_HEADERS,
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      ...(name === undefined ? {} : { 'Mcp-Name': name }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method,
      params: { ...params, _meta: MODERN_META },
    }),
  };
}

const STATELESS_ROWS: Row[] = [
  {
    name: 'initialize',
    headers: JSON_HEADERS,
    body: JSON.stringify({ ...initializeMessage(), id: 1 }),
  },
  {
    name: 'tools/list (2025, header given)',
    headers: { ...JSON_HEADERS, 'MCP-Protocol-Version': LATEST },
    body: JSON.stringify({ ...rpc('tools/list'), id: 2 }),
  },
  {
    name: 'a call that speaks first: an event stream',
    headers: { ...JSON_HEADERS, 'MCP-Protocol-Version': LATEST },
    body: JSON.stringify(toolCall(3, 'progress')),
  },
  {
    name: 'notification only: 202',
    headers: { ...JSON_HEADERS, 'MCP-Protocol-Version': LATEST },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  },
  {
    name: 'Accept matching neither type: 406',
    headers: { 'Content-Type': 'application/json', Accept: 'text/html' },
    body: '{}',
  },
  {
    name: 'Accept with one type: 406',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: '{}',
  },
  {
    name: 'Content-Type not JSON: 415',
    headers: { Accept: ACCEPT, 'Content-Type': 'text/plain' },
    body: '{}',
  },
  { name: 'malformed JSON: 400', headers: JSON_HEADERS, body: '{"jsonrpc":' },
  {
    name: 'body over maxBodyBytes: 413',
    headers: JSON_HEADERS,
    body: `{"x":"${'a'.repeat(3000)}"}`,
  },
  { name: 'GET in stateless mode: 405', method: 'GET', headers: { Accept: 'text/event-stream' } },
  { name: 'PUT: 405', method: 'PUT', headers: JSON_HEADERS, body: '{}' },
  { name: 'OPTIONS preflight', method: 'OPTIONS', headers: { Origin: 'http://localhost:3000' } },
  {
    name: 'Origin not allowed: 403',
    headers: { ...JSON_HEADERS, Origin: 'https://evil.example' },
    body: JSON.stringify(initializeMessage()),
  },
  {
    name: 'an allowed Origin gets CORS headers',
    headers: { ...JSON_HEADERS, Origin: 'http://localhost:3000' },
    body: JSON.stringify({ ...initializeMessage(), id: 4 }),
  },
  {
    name: 'unsupported MCP-Protocol-Version: 400',
    headers: { ...JSON_HEADERS, 'MCP-Protocol-Version': '1999-01-01' },
    body: JSON.stringify({ ...rpc('tools/list'), id: 5 }),
  },
  { name: 'another path: 404', path: '/other', headers: JSON_HEADERS, body: '{}' },
  modern('tools/list'),
  modern('tools/call', { name: 'echo', arguments: { text: 'hi' } }, 'echo'),
  modern('no/such/method'),
  {
    ...modern('tools/list'),
    name: '2026-07-28 header mismatch: 400',
    headers: { ...modern('tools/list').headers, 'Mcp-Method': 'tools/call' },
  },
];

const AUTH_ROWS: Row[] = [
  {
    name: 'no token: 401 with the challenge',
    headers: JSON_HEADERS,
    body: JSON.stringify(initializeMessage()),
  },
  {
    name: 'a wrong token: 401 invalid_token',
    headers: { ...JSON_HEADERS, Authorization: 'Bearer nope' },
    body: JSON.stringify(initializeMessage()),
  },
  {
    name: 'insufficient scope: 403',
    headers: { ...JSON_HEADERS, Authorization: 'Bearer narrow' },
    body: JSON.stringify(initializeMessage()),
  },
  {
    name: 'a good token',
    headers: { ...JSON_HEADERS, Authorization: 'Bearer good' },
    body: JSON.stringify({ ...initializeMessage(), id: 9 }),
  },
  {
    name: 'protected-resource metadata',
    method: 'GET',
    path: '/.well-known/oauth-protected-resource/mcp',
  },
];

/** The parts of an answer that must match, with the event stream's events for SSE answers. */
async function essence(response: Response): Promise<unknown> {
  const headers: Record<string, string | null> = {};
  for (const name of MEANINGFUL) headers[name] = response.headers.get(name);
  const type = response.headers.get('content-type') ?? '';
  let body: unknown;
  if (type.startsWith('text/event-stream')) {
    const events = readEvents(response);
    body = await events.next(5000);
    for (let i = 0; i < 5 && !(body as { id?: unknown }).id; i++) {
      body = await events.next(5000);
    }
    events.close();
  } else body = await response.text();
  return { status: response.status, headers, body };
}

function send(url: string, row: Row): Promise<Response> {
  const target = row.path === undefined ? url : url.replace('/mcp', row.path);
  return fetch(target, { method: row.method ?? 'POST', headers: row.headers, body: row.body });
}

function handle(handler: FetchHandler, url: string, row: Row): Promise<Response> {
  const target = row.path === undefined ? url : url.replace('/mcp', row.path);
  return handler(
    new Request(target, { method: row.method ?? 'POST', headers: row.headers, body: row.body }),
  );
}

describe.each([
  ['stateless', STATELESS_ROWS, {}],
  [
    'with authentication',
    AUTH_ROWS,
    {
      authenticate: bearerAuth(async (token) =>
        token === 'good'
          ? { sub: 'alice' }
          : token === 'narrow'
            ? AuthRefusal.insufficientScope(['admin'])
            : null,
      ),
      resourceMetadata: { authorizationServers: ['https://id.example'] },
    },
  ],
] as const)('createFetchHandler answers as createHttpHandler: %s', (_label, rows, extra) => {
  let server: HttpServerHandle;
  let handler: FetchHandler;
  beforeAll(async () => {
    const options = {
      path: '/mcp',
      sessions: false,
      maxBodyBytes: 2048,
      allowedOrigins: ['http://localhost:3000'],
      ...(extra as FetchHandlerOptions),
    };
    server = await serveHttp(testCore().core, options as never);
    handler = createFetchHandler(testCore().core, options);
  });
  afterAll(async () => {
    await server.close();
    await handler.close();
  });

  test.each(rows.map((row) => [row.name, row]))('%s', async (_name, row) => {
    const node = await essence(await send(server.url, row as Row));
    const web = await essence(await handle(handler, server.url, row as Row));
    expect(web).toEqual(node);
  });
});

describe('createFetchHandler with sessions', () => {
  let server: HttpServerHandle;
  let handler: FetchHandler;
  beforeAll(async () => {
    server = await serveHttp(testCore().core, { sessions: true });
    handler = createFetchHandler(testCore().core, { sessions: true });
  });
  afterAll(async () => {
    await server.close();
    await handler.close();
  });

  async function both(row: Row, sessions?: [string, string]): Promise<[Response, Response]> {
    const withId = (id: string | undefined) =>
      id === undefined ? row : { ...row, headers: { ...row.headers, 'Mcp-Session-Id': id } };
    return [
      await send(server.url, withId(sessions?.[0])),
      await handle(handler, server.url, withId(sessions?.[1])),
    ];
  }

  test('initialize, a call, GET stream, DELETE; unknown and missing sessions', async () => {
    const init = {
      name: 'init',
      headers: JSON_HEADERS,
      body: JSON.stringify({ ...initializeMessage(), id: 1 }),
    };
    const [nodeInit, webInit] = await both(init);
    expect(webInit.status).toBe(nodeInit.status);
    const ids: [string, string] = [
      nodeInit.headers.get('mcp-session-id')!,
      webInit.headers.get('mcp-session-id')!,
    ];
    expect(ids[1]).toMatch(/^[\x21-\x7e]+$/);
    expect(await webInit.text()).toBe(await nodeInit.text());
    expect(handler.sessions).toBe(1);

    const call = {
      name: 'call',
      headers: { ...JSON_HEADERS, 'MCP-Protocol-Version': LATEST },
      body: JSON.stringify(toolCall(2, 'echo', { text: 'x' })),
    };
    const [nodeCall, webCall] = await both(call, ids);
    expect(await essence(webCall)).toEqual(await essence(nodeCall));

    const [nodeMissing, webMissing] = await both(call);
    expect(await essence(webMissing)).toEqual(await essence(nodeMissing));
    const [nodeUnknown, webUnknown] = await both(call, ['nope', 'nope']);
    expect(await essence(webUnknown)).toEqual(await essence(nodeUnknown));

    const stream = {
      name: 'stream',
      method: 'GET',
      headers: { Accept: 'text/event-stream', 'MCP-Protocol-Version': LATEST },
    };
    const [, webStream] = await both({ ...stream, headers: { Accept: 'application/json' } }, ids);
    expect(webStream.status).toBe(406);
    const open = await handle(handler, server.url, {
      ...stream,
      headers: { ...stream.headers, 'Mcp-Session-Id': ids[1] },
    });
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('text/event-stream');
    await open.body?.cancel();

    const end = { name: 'delete', method: 'DELETE', headers: { 'MCP-Protocol-Version': LATEST } };
    const [nodeEnd, webEnd] = await both(end, ids);
    expect([webEnd.status, await webEnd.text()]).toEqual([nodeEnd.status, await nodeEnd.text()]);
    expect(webEnd.status).toBe(204);
    const [nodeGone, webGone] = await both(end, ids);
    expect(await essence(webGone)).toEqual(await essence(nodeGone));
    expect(handler.sessions).toBe(0);
  });
});

describe('what only a Request can bring', () => {
  const { core, probe } = testCore();
  const reports: unknown[] = [];
  const handler = createFetchHandler(core, { onError: (error) => reports.push(error) });
  afterAll(() => handler.close());
  const url = 'http://127.0.0.1/mcp';

  test('a body already read: 400 with a JSON-RPC error, never a throw', async () => {
    const request = new Request(url, { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    await request.text();
    const response = await handler(request);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000 },
    });
  });

  test('the request signal cancels the call', async () => {
    const controller = new AbortController();
    const answer = handler(
      new Request(url, {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'MCP-Protocol-Version': LATEST },
        body: JSON.stringify(toolCall(11, 'hold', { key: 'abort-me' })),
        signal: controller.signal,
      }),
    );
    await probe.whenStarted('abort-me');
    controller.abort();
    await answer;
    await new Promise<void>((resolve, reject) => {
      const bound = setTimeout(
        () => reject(new Error('the call was not aborted within 5 s')),
        5000,
      );
      const check = () => {
        if (probe.aborted.includes('abort-me')) {
          clearTimeout(bound);
          resolve();
        } else setTimeout(check, 5);
      };
      check();
    });
  });

  test('a body that never ends is bounded by bodyTimeout: 408', async () => {
    const slow = createFetchHandler(core, { bodyTimeout: 50 });
    const body = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode('{')),
    });
    const response = await slow(
      new Request(url, {
        method: 'POST',
        headers: JSON_HEADERS,
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(408);
    await slow.close();
  });

  test('a streamed body over maxBodyBytes is cut while read: 413', async () => {
    const small = createFetchHandler(core, { maxBodyBytes: 10 });
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull: (c) => {
        pulled += 1;
        c.enqueue(new TextEncoder().encode('aaaaaaaa'));
      },
    });
    const response = await small(
      new Request(url, {
        method: 'POST',
        headers: JSON_HEADERS,
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    await small.close();
  });
});
