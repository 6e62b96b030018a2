/**
 * The MCP endpoint of a Nest application (src/nestjs/endpoint.ts), without booting Nest: Nest's
 * own HttpAdapterHost, and adapters that record what is installed on them. The handler is created
 * once an HTTP adapter is there; on Express the Content-Type is held by a middleware and put back
 * after the parsers; on Fastify by two hooks and a parser that leaves the body unread; `serve`
 * puts the type back itself and answers 404 without HTTP; shutdown closes the handler.
 */
import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable } from '@nestjs/common';
import { type AbstractHttpAdapter, HttpAdapterHost } from '@nestjs/core';
import { McpApplication, Tool } from '../../src';
import { HELD_TYPE, hold } from '../../src/nestjs/body-guard';
import { McpHttpEndpoint } from '../../src/nestjs/endpoint';
import type { DeclarativeMcpModuleOptions } from '../../src/nestjs/options';
import { INITIALIZE } from '../helpers/stdio-lines';
import { within } from '../helpers/within';

@Injectable()
class Clock {
  @Tool({ description: 'The time' })
  now(): string {
    return 'noon';
  }
}

const app = McpApplication.create({ name: 'Clock', version: '1.0.0', providers: [Clock] });
const options = (http?: false): DeclarativeMcpModuleOptions<any> =>
  ({ name: 'Clock', version: '1.0.0', ...(http === false ? { http } : {}) }) as never;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** An Express-type adapter that records the middleware installed on it. */
function expressAdapter() {
  const middleware: Middleware[] = [];
  const adapter = {
    getType: () => 'express',
    use: (fn: Middleware) => middleware.push(fn),
  } as unknown as AbstractHttpAdapter;
  return { adapter, middleware };
}

/** A Fastify-type adapter whose instance records the hooks and parsers added to it. */
function fastifyAdapter() {
  const hooks = new Map<string, (...args: any[]) => void>();
  const parsers = new Map<string, (req: unknown, payload: unknown, done: any) => void>();
  const used: unknown[] = [];
  const instance = {
    addHook: (name: string, hook: (...args: any[]) => void) => {
      expect(hooks.has(name)).toBe(false);
      hooks.set(name, hook);
    },
    addContentTypeParser: (type: string, parser: any) => parsers.set(type, parser),
  };
  const adapter = {
    getType: () => 'fastify',
    getInstance: () => instance,
    use: (fn: unknown) => used.push(fn),
  } as unknown as AbstractHttpAdapter;
  return { adapter, hooks, parsers, used };
}

const request = (url: string, type?: string) =>
  ({ url, headers: type === undefined ? {} : { 'content-type': type } }) as IncomingMessage;

/** Runs a middleware and tells whether it called `next`. */
function run(fn: Middleware, req: IncomingMessage): boolean {
  let passed = false;
  fn(req, {} as ServerResponse, () => {
    passed = true;
  });
  return passed;
}

/** A node server whose requests arrive with their type held (as the parsers left them), then served. */
async function serving(endpoint: McpHttpEndpoint): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    hold(req);
    endpoint.serve(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

async function post(url: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await within(
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: INITIALIZE,
    }),
    10_000,
    'no answer to the POST',
  );
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await within(response.text(), 10_000, 'no body of the answer'),
  };
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

test('with http: false nothing is installed and serve answers 404 in words', async () => {
  const host = new HttpAdapterHost();
  const endpoint = new McpHttpEndpoint(app, options(false), '/mcp', host);
  const { adapter, middleware } = expressAdapter();
  host.httpAdapter = adapter;
  expect(endpoint.handler).toBeUndefined();
  expect(middleware).toHaveLength(0);
  endpoint.afterParsers();
  expect(middleware).toHaveLength(0);
  const { url, server } = await serving(endpoint);
  try {
    expect(await post(url)).toEqual({
      status: 404,
      type: 'text/plain; charset=utf-8',
      text: 'Not Found: this application serves MCP over stdio only',
    });
  } finally {
    await stop(server);
  }
  await expect(endpoint.beforeApplicationShutdown()).resolves.toBeUndefined();
});

test('no handler before the adapter is given (a standalone context never gets one)', () => {
  const host = new HttpAdapterHost();
  const endpoint = new McpHttpEndpoint(app, options(), '/mcp', host);
  expect(endpoint.handler).toBeUndefined();
  expect(endpoint.path).toBe('/mcp');
});

test('Express: a middleware holds the type of the path’s requests; afterParsers puts it back', () => {
  const host = new HttpAdapterHost();
  const { adapter, middleware } = expressAdapter();
  // NestFactory.create: the adapter is there before the module's providers are built.
  host.httpAdapter = adapter;
  const endpoint = new McpHttpEndpoint(app, options(), '/rpc', host);
  expect(typeof endpoint.handler).toBe('function');
  expect(middleware).toHaveLength(1);
  const [holding] = middleware;

  const mine = request('/rpc?x=1', 'application/json');
  expect(run(holding, mine)).toBe(true);
  expect(mine.headers['content-type']).toBe(HELD_TYPE);
  const other = request('/mcp', 'application/json');
  expect(run(holding, other)).toBe(true);
  expect(other.headers['content-type']).toBe('application/json');

  endpoint.afterParsers();
  expect(middleware).toHaveLength(2);
  expect(run(middleware[1], mine)).toBe(true);
  expect(mine.headers['content-type']).toBe('application/json');
});

test('the handler is created once, however often the adapter is announced', () => {
  let announce: () => void = () => {};
  const host = {
    init$: { subscribe: (fn: () => void) => (announce = fn) },
    httpAdapter: undefined as AbstractHttpAdapter | undefined,
  };
  const endpoint = new McpHttpEndpoint(app, options(), '/mcp', host as never);
  // Announced without an adapter: nothing yet.
  announce();
  expect(endpoint.handler).toBeUndefined();
  const { adapter, middleware } = expressAdapter();
  host.httpAdapter = adapter;
  announce();
  const first = endpoint.handler;
  expect(typeof first).toBe('function');
  announce();
  expect(endpoint.handler).toBe(first);
  expect(middleware).toHaveLength(1);
});

test('Fastify: preParsing holds the type, preValidation puts it back, the held type is parsed to nothing', () => {
  const host = new HttpAdapterHost();
  const endpoint = new McpHttpEndpoint(app, options(), '/mcp', host);
  const { adapter, hooks, parsers, used } = fastifyAdapter();
  host.httpAdapter = adapter;
  expect(typeof endpoint.handler).toBe('function');
  expect([...hooks.keys()]).toEqual(['preParsing', 'preValidation']);
  expect([...parsers.keys()]).toEqual([HELD_TYPE]);

  const mine = request('/mcp', 'application/json');
  const payload = { stream: true };
  const parsing = jest.fn();
  hooks.get('preParsing')!({ raw: mine }, {}, payload, parsing);
  expect(parsing).toHaveBeenCalledWith(null, payload);
  expect(mine.headers['content-type']).toBe(HELD_TYPE);

  const other = request('/elsewhere', 'application/json');
  hooks.get('preParsing')!({ raw: other }, {}, payload, () => {});
  expect(other.headers['content-type']).toBe('application/json');

  const parsed = jest.fn();
  parsers.get(HELD_TYPE)!({}, payload, parsed);
  expect(parsed).toHaveBeenCalledWith(null, undefined);

  const validating = jest.fn();
  hooks.get('preValidation')!({ raw: mine }, {}, validating);
  expect(validating).toHaveBeenCalledWith();
  expect(mine.headers['content-type']).toBe('application/json');

  // Express's release middleware is not for Fastify.
  endpoint.afterParsers();
  expect(used).toHaveLength(0);
});

test('serve puts the held type back and hands the request to the handler; shutdown closes it', async () => {
  const host = new HttpAdapterHost();
  const endpoint = new McpHttpEndpoint(app, options(), '/mcp', host);
  host.httpAdapter = expressAdapter().adapter;
  const { url, server } = await serving(endpoint);
  try {
    const answered = await post(url);
    expect(answered.status).toBe(200);
    expect(answered.text).toContain('"serverInfo":{"name":"Clock","version":"1.0.0"}');
    expect(endpoint.handler!.closing).toBe(false);

    await within(endpoint.beforeApplicationShutdown(), 10_000, 'the handler did not close');
    expect(endpoint.handler!.closing).toBe(true);
    expect((await post(url)).status).toBe(503);
  } finally {
    await stop(server);
  }
});
