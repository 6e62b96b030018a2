/**
 * The handler mounted in Express and Fastify: one round trip each (initialize, a call, an event
 * stream, DELETE), through the framework's own server.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHttpHandler, type HttpHandler } from '../../../../src/transports/http';
import { initialize, post, rpc, sseMessages, testCore, toolCall } from '../harness';

async function roundTrip(url: string): Promise<void> {
  const { headers } = await initialize(url);
  const echo = await post(url, toolCall(1, 'echo', { text: 'hi' }), headers);
  expect(echo.status).toBe(200);
  expect(await echo.text()).toBe(
    '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}]}}',
  );
  const progress = await post(
    url,
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'progress', _meta: { progressToken: 'x' } },
    },
    headers,
  );
  expect(progress.headers.get('content-type')).toBe('text/event-stream');
  expect(sseMessages(await progress.text()).map((m) => m.method ?? 'result')).toEqual([
    'notifications/progress',
    'notifications/message',
    'notifications/progress',
    'result',
  ]);
  expect((await fetch(url, { method: 'DELETE', headers })).status).toBe(204);
  expect((await post(url, rpc('ping'), headers)).status).toBe(404);
}

describe('Express', () => {
  let server: Server;
  let handler: HttpHandler;
  let parsed: HttpHandler;
  let middleware: HttpHandler;
  let base: string;

  beforeAll(async () => {
    handler = createHttpHandler(testCore().core);
    parsed = createHttpHandler(testCore().core);
    middleware = createHttpHandler(testCore().core, { path: '/mw' });
    const app = express();
    // As a middleware with a path: its own path is served, everything else goes on to next().
    app.use(middleware);
    app.all('/mcp', handler);
    // With express.json() in front, the handler takes req.body instead of reading the stream.
    app.all('/parsed', express.json(), parsed);
    app.get('/health', (_req, res) => {
      res.send('ok');
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all([handler.close(), parsed.close(), middleware.close()]);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test('app.all("/mcp", handler): a full round trip', async () => {
    await roundTrip(`${base}/mcp`);
    expect(handler.sessions).toBe(0);
  });

  test('behind express.json(): a full round trip', async () => {
    await roundTrip(`${base}/parsed`);
  });

  test('app.use(handler) with a path: a round trip there, other routes untouched', async () => {
    await roundTrip(`${base}/mw`);
    expect(await (await fetch(`${base}/health`)).text()).toBe('ok');
  });
});

describe('Fastify', () => {
  let fastify: FastifyInstance;
  let handler: HttpHandler;
  let base: string;

  beforeAll(async () => {
    handler = createHttpHandler(testCore().core);
    fastify = Fastify();
    // Leave JSON bodies unread: the handler reads (and bounds) them itself.
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', (_req, _payload, done) => done(null));
    fastify.all('/mcp', (req, reply) => {
      reply.hijack();
      handler(req.raw, reply.raw);
    });
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await handler.close();
    fastify.server.closeAllConnections();
    await fastify.close();
  });

  test('fastify.all("/mcp", …) with reply.hijack(): a full round trip', async () => {
    await roundTrip(`${base}/mcp`);
    expect(handler.sessions).toBe(0);
  });
});
