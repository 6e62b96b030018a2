/**
 * The controller that routes the MCP path to the endpoint (src/nestjs/controller.ts): the routes
 * and parameters it declares to Nest, read back with Nest's own metadata keys, and what `handle`
 * passes on for an Express request and for a Fastify one (hijacked first).
 */
import 'reflect-metadata';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import {
  CONTROLLER_WATERMARK,
  METHOD_METADATA,
  PARAMTYPES_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
  SELF_DECLARED_DEPS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { endpointController } from '../../src/nestjs/controller';
import { McpHttpEndpoint } from '../../src/nestjs/endpoint';
import { METADATA_PATH } from '../../src/transports/http';

type Handling = {
  handle(req: unknown, res: unknown): void;
};

/** What Nest reads off the controller class and its `handle` method. */
function routes(controller: Function) {
  const handle = (controller.prototype as Handling).handle;
  return {
    controller: Reflect.getMetadata(CONTROLLER_WATERMARK, controller),
    prefix: Reflect.getMetadata(PATH_METADATA, controller),
    injected: Reflect.getMetadata(SELF_DECLARED_DEPS_METADATA, controller),
    paths: Reflect.getMetadata(PATH_METADATA, handle),
    method: Reflect.getMetadata(METHOD_METADATA, handle),
    args: Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, 'handle'),
    types: Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype, 'handle'),
  };
}

const declared = (paths: string[]) => ({
  controller: true,
  prefix: '/',
  injected: [{ index: 0, param: McpHttpEndpoint }],
  paths,
  method: RequestMethod.ALL,
  args: {
    [`${RouteParamtypes.REQUEST}:0`]: { index: 0, data: undefined, pipes: [] },
    [`${RouteParamtypes.RESPONSE}:1`]: { index: 1, data: undefined, pipes: [] },
  },
  types: [Object, Object],
});

test('one route for every method at the path; the endpoint injected; the raw request and response passed', () => {
  expect(routes(endpointController('/mcp', false))).toEqual(declared(['/mcp']));
});

test('with resource metadata, the RFC 9728 document’s paths are routed to it too', () => {
  expect(METADATA_PATH).toBe('/.well-known/oauth-protected-resource');
  expect(routes(endpointController('/api/mcp', true))).toEqual(
    declared(['/api/mcp', METADATA_PATH, `${METADATA_PATH}/*rest`]),
  );
});

test('each call makes its own class, so two modules route their own paths', () => {
  const first = endpointController('/one', false);
  const second = endpointController('/two', false);
  expect(first).not.toBe(second);
  expect(routes(first).paths).toEqual(['/one']);
  expect(routes(second).paths).toEqual(['/two']);
});

/** A controller instance on an endpoint that records what it is asked to serve. */
function controllerOn() {
  const served: Array<[unknown, unknown]> = [];
  const endpoint = { serve: (req: unknown, res: unknown) => served.push([req, res]) };
  const Controller = endpointController('/mcp', false) as new (e: unknown) => Handling;
  return { controller: new Controller(endpoint), served };
}

test('an Express request and response are served as they are', () => {
  const { controller, served } = controllerOn();
  const req = { url: '/mcp', headers: {} } as IncomingMessage;
  const res = { statusCode: 200 } as ServerResponse;
  controller.handle(req, res);
  expect(served).toHaveLength(1);
  expect(served[0][0]).toBe(req);
  expect(served[0][1]).toBe(res);
});

test('on Fastify the reply is hijacked, then the raw request and response are served', () => {
  const { controller, served } = controllerOn();
  const raw = { req: { url: '/mcp' } as IncomingMessage, res: {} as ServerResponse };
  const order: string[] = [];
  const reply = {
    raw: raw.res,
    hijack: () => {
      order.push(`hijack after ${served.length} served`);
    },
  };
  controller.handle({ raw: raw.req }, reply);
  expect(order).toEqual(['hijack after 0 served']);
  expect(served).toHaveLength(1);
  expect(served[0][0]).toBe(raw.req);
  expect(served[0][1]).toBe(raw.res);
});

test('a request that merely has a `raw` member is still served as an Express one', () => {
  // Only a reply with hijack() is Fastify's.
  const { controller, served } = controllerOn();
  const req = { raw: 'body', url: '/mcp' };
  const res = {} as ServerResponse;
  controller.handle(req, res);
  expect(served[0][0]).toBe(req);
  expect(served[0][1]).toBe(res);
});
