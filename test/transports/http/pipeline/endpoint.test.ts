/**
 * The HTTP endpoint (src/transports/http/pipeline/endpoint.ts) on its state adapter: the in-memory one by default (today's behaviour), one
 * handed in, an application's enabled/disabled set kept in it, and a store that cannot be reached.
 */
import { createServer } from 'node:http';
import { Tool } from '../../../../decorators';
import { memoryAdapter, type StateAdapter } from '../../../../src/adapter';
import { SharedStateError } from '../../../../src/core';
import { McpApplication } from '../../../../src/registry';
import { createHttpHandler, serveHttp } from '../../../../src/transports/http';
import { initializeMessage, post } from '../harness';

class Tools {
  @Tool() alpha() {
    return 'a';
  }
  @Tool() beta() {
    return 'b';
  }
}

function makeApp() {
  return McpApplication.create({
    name: 'shared',
    version: '1.0.0',
    providers: [Tools],
    listChanged: true,
    logging: true,
  });
}

async function listTools(url: string): Promise<string[]> {
  const opened = await post(url, initializeMessage());
  const session = opened.headers.get('mcp-session-id')!;
  await opened.text();
  const listed = await post(
    url,
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    { 'mcp-session-id': session },
  );
  const body = (await listed.json()) as { result: { tools: Array<{ name: string }> } };
  return body.result.tools.map((tool) => tool.name);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error('never became true');
}

describe('state adapter', () => {
  it('a session is kept in the adapter from initialize to DELETE', async () => {
    const adapter = memoryAdapter();
    const server = await serveHttp(makeApp(), { adapter });
    try {
      const opened = await post(server.url, initializeMessage());
      const id = opened.headers.get('mcp-session-id')!;
      await opened.text();
      expect(await adapter.sessions.get(id)).toEqual({
        id,
        revision: '2025-11-25',
        clientCapabilities: {},
        clientInfo: { name: 'http-test', version: '1.0.0' },
        // Who opened it, for maxSessionsPerIdentity (anonymous: the address; issue 19).
        source: 'ip:127.0.0.1',
      });
      const level = await post(
        server.url,
        { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'error' } },
        { 'mcp-session-id': id },
      );
      await level.text();
      expect((await adapter.sessions.get(id))?.logLevel).toBe('error');
      const ended = await fetch(server.url, {
        method: 'DELETE',
        headers: { 'mcp-session-id': id },
      });
      expect(ended.status).toBe(204);
      expect(await adapter.sessions.get(id)).toBeUndefined();
    } finally {
      await server.close();
      await adapter.close();
    }
  });

  it('enable/disable reach every application bound to the same adapter', async () => {
    const adapter = memoryAdapter();
    const first = makeApp();
    const second = makeApp();
    const a = await serveHttp(first, { adapter });
    const b = await serveHttp(second, { adapter });
    try {
      first.disable('beta');
      await until(async () => (await listTools(b.url)).join() === 'alpha');
      expect(await listTools(a.url)).toEqual(['alpha']);
      expect(await adapter.definitions.all()).toEqual({ 'tool:beta': false });
      // A third server started later applies the recorded state at start.
      const third = makeApp();
      const c = await serveHttp(third, { adapter });
      expect(await listTools(c.url)).toEqual(['alpha']);
      third.enable('beta');
      await until(async () => (await listTools(a.url)).join() === 'alpha,beta');
      await c.close();
    } finally {
      await a.close();
      await b.close();
      await adapter.close();
    }
  });

  it('an adapter that cannot open stops serveHttp with its error; a mounted handler answers 503', async () => {
    const broken: StateAdapter = {
      ...memoryAdapter(),
      name: 'broken',
      shared: true,
      open: () =>
        Promise.reject(
          new SharedStateError('Cannot reach redis at 127.0.0.1:1: connection refused.'),
        ),
      close: () => Promise.resolve(),
    };
    await expect(serveHttp(makeApp(), { adapter: broken })).rejects.toThrow(
      'Cannot reach redis at 127.0.0.1:1: connection refused.',
    );
    const errors: unknown[] = [];
    const handler = createHttpHandler(makeApp(), {
      adapter: broken,
      onError: (e) => errors.push(e),
    });
    await expect(handler.ready).rejects.toThrow(SharedStateError);
    const server = createServer(handler).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      const answer = await post(`http://127.0.0.1:${port}/`, initializeMessage());
      expect(answer.status).toBe(503);
      expect(await answer.text()).toBe(
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Service Unavailable: the shared state (broken) cannot be reached; try again shortly"}}',
      );
      expect(errors).toHaveLength(1);
    } finally {
      server.close();
      await handler.close();
    }
  });

  it('a publish to the other processes that fails while the shared state is out is part of the outage: told once, no stack', async () => {
    const inner = memoryAdapter();
    let down = true;
    const flaky: StateAdapter = {
      ...inner,
      name: 'flaky',
      shared: true,
      open: () => inner.open(),
      close: () => inner.close(),
      bus: {
        ...inner.bus,
        subscribe: (channel, listener) => inner.bus.subscribe(channel, listener),
        publish: (channel, message) =>
          down
            ? Promise.reject(new SharedStateError('the bus is gone'))
            : inner.bus.publish(channel, message),
      },
    };
    const errors: Error[] = [];
    const server = await serveHttp(makeApp(), {
      adapter: flaky,
      onError: (e) => errors.push(e as Error),
    });
    try {
      const opened = await post(server.url, initializeMessage());
      const session = opened.headers.get('mcp-session-id')!;
      await opened.text();
      // Each setLevel is saved, then published to the other processes (which fails).
      for (let id = 2; id < 5; id += 1) {
        const level = await post(
          server.url,
          { jsonrpc: '2.0', id, method: 'logging/setLevel', params: { level: 'error' } },
          { 'mcp-session-id': session },
        );
        expect(level.status).toBe(200);
        await level.text();
      }
      down = false;
      await until(async () => errors.length >= 2);
      expect(errors.map((e) => [e.name, e.message])).toEqual([
        [
          'Outage',
          'The shared state (flaky) is unreachable (the bus is gone); requests that need it are refused with "try again" (HTTP 503 with Retry-After) until it is back.',
        ],
        [
          'Outage',
          'The shared state (flaky) is reachable again; 0 requests were refused meanwhile.',
        ],
      ]);
      for (const error of errors) expect(error.stack).toBe(error.message);
    } finally {
      await server.close();
      await inner.close();
    }
  });
});
