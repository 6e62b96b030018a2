/**
 * `serveHttp` and the handler's edges: routing (404, 405 with Allow, OPTIONS), listen errors,
 * and graceful shutdown — new requests 503, calls in flight finish (or are aborted after
 * `shutdownTimeout`), streams end, sessions and the broadcaster go away.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createHttpHandler,
  type HttpHandler,
  type HttpServerHandle,
  serveHttp,
} from '../../../../src/transports/http';
import {
  delay,
  initialize,
  jsonOf,
  post,
  raw,
  readEvents,
  rpc,
  testCore,
  toolCall,
} from '../harness';

describe('routing', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core);
  });
  afterAll(() => server.close());

  test('an unknown path → 404', async () => {
    const response = await post(`http://127.0.0.1:${server.port}/other`, rpc('ping'));
    expect(response.status).toBe(404);
    expect((await jsonOf(response)).error.message).toBe('Not Found: the MCP endpoint is /mcp');
    expect((await fetch(`http://127.0.0.1:${server.port}/mcp/extra`)).status).toBe(404);
  });

  test('a query string does not change the path', async () => {
    const { headers } = await initialize(server.url);
    const response = await post(`${server.url}?x=1`, rpc('ping'), headers);
    expect(response.status).toBe(200);
  });

  test.each(['PUT', 'PATCH', 'HEAD'])('%s → 405 with Allow', async (method) => {
    const answer = await raw(server.url, { method });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, POST, DELETE, OPTIONS');
  });

  test('OPTIONS without an Origin → 204 with Allow, no CORS', async () => {
    const answer = await raw(server.url, { method: 'OPTIONS' });
    expect(answer.status).toBe(204);
    expect(answer.headers.allow).toBe('GET, POST, DELETE, OPTIONS');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('a port in use is a clear error', async () => {
    await expect(serveHttp(testCore().core, { port: server.port })).rejects.toThrow(
      `Cannot listen on 127.0.0.1:${server.port}: the port is already in use. Choose another port (or 0 for any free one).`,
    );
  });

  test('a servable that is not one is a start-up error (the options: options.test.ts)', () => {
    expect(() => createHttpHandler({} as never)).toThrow(/Expected an McpCore/);
  });
});

/** The handler on a server of our own, so it can be closed while the server still listens. */
async function listen(handler: HttpHandler): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('graceful shutdown', () => {
  test('close(): a call in flight finishes and is answered, then close resolves', async () => {
    const { core, probe } = testCore();
    const server = await serveHttp(core);
    const { headers } = await initialize(server.url);
    const running = post(server.url, toolCall(1, 'hold', { key: 'inflight' }), headers);
    await probe.whenStarted('inflight');

    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    await delay(100);
    expect(closed).toBe(false);
    probe.release('inflight');
    const response = await running;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"released inflight"}]}}',
    );
    await closing;
    expect(closed).toBe(true);
    expect(probe.aborted).not.toContain('inflight');
    expect(server.handler.sessions).toBe(0);
  });

  test('while closing, new requests get 503; answers for calls in flight still get in', async () => {
    const { core, probe } = testCore();
    const handler = createHttpHandler(core);
    const { url, server } = await listen(handler);
    const { headers } = await initialize(url, {}, { elicitation: {} });
    const running = post(url, toolCall('e', 'elicit'), headers);
    const events = readEvents(await running);
    const ask = await events.next();

    const closing = handler.close();
    expect(handler.closing).toBe(true);
    const refused = await post(url, rpc('ping'), headers);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect((await jsonOf(refused)).error.message).toBe(
      'Service Unavailable: the server is shutting down',
    );
    expect(
      (await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } })).status,
    ).toBe(503);
    // The client's answer to the call's question is no new request: it is accepted.
    const answer = await post(
      url,
      { jsonrpc: '2.0', id: ask.id, result: { action: 'decline' } },
      headers,
    );
    expect(answer.status).toBe(202);
    expect(await events.next()).toMatchObject({ id: 'e', result: {} });
    await closing;
    expect(probe.aborted).toEqual([]);
    await stop(server);
  });

  test('past shutdownTimeout the calls are aborted and answered 503; GET streams end', async () => {
    const { core, probe } = testCore();
    const handler = createHttpHandler(core, { shutdownTimeout: 150 });
    const { url, server } = await listen(handler);
    const { headers } = await initialize(url);
    const stream = readEvents(
      await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } }),
    );
    const running = post(url, toolCall(2, 'hold', { key: 'stuck' }), headers);
    await probe.whenStarted('stuck');

    const started = Date.now();
    await handler.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await stream.ended;
    const response = await running;
    expect(response.status).toBe(503);
    expect(probe.aborted).toEqual(['stuck']);
    expect(handler.sessions).toBe(0);
    await stop(server);
  });

  test('close() detaches the broadcaster and is idempotent', async () => {
    const { core } = testCore();
    // Through the core's public attach(): count the broadcasters attached and detached.
    const attach = core.attach.bind(core);
    let attached = 0;
    jest.spyOn(core, 'attach').mockImplementation((broadcaster) => {
      const detach = attach(broadcaster);
      attached += 1;
      return () => {
        attached -= 1;
        return detach();
      };
    });
    const handler = createHttpHandler(core);
    expect(attached).toBe(1);
    const first = handler.close();
    expect(handler.close()).toBe(first);
    await first;
    expect(attached).toBe(0);
    expect(() => core.notifyListChanged('tools')).not.toThrow();
  });

  test('errors of hooks are reported, never thrown: a throwing context → 500', async () => {
    const errors: unknown[] = [];
    const { core } = testCore();
    const server = await serveHttp(core, {
      sessions: false,
      context: () => {
        throw new Error('context exploded');
      },
      onError: (error) => errors.push(error),
    });
    const response = await post(server.url, rpc('ping'));
    expect(response.status).toBe(500);
    expect(await jsonOf(response)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'Internal error' },
    });
    expect(errors).toEqual([new Error('context exploded')]);
    await server.close();
  });
});
