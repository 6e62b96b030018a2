import type { IncomingMessage, ServerResponse } from 'node:http';
import { All, Controller, Inject, Req, Res, type Type } from '@nestjs/common';
import { METADATA_PATH } from '../transports/http';
import { McpHttpEndpoint } from './endpoint';

interface FastifyRequestLike {
  raw: IncomingMessage;
}
interface FastifyReplyLike {
  raw: ServerResponse;
  hijack(): void;
}

/**
 * The controller that serves the MCP endpoint at `path`: a Nest route like any other, so Nest
 * middleware, guards and interceptors apply to it; it hands the raw request and response to
 * the MCP handler (on Fastify, after hijacking the reply). With `resourceMetadata`, the RFC 9728
 * document's paths are routed to it as well.
 */
export function endpointController(path: string, metadata: boolean): Type<unknown> {
  class McpEndpointController {
    constructor(private readonly endpoint: McpHttpEndpoint) {}

    handle(
      req: IncomingMessage | FastifyRequestLike,
      res: ServerResponse | FastifyReplyLike,
    ): void {
      if ('raw' in req && 'hijack' in res) {
        // Fastify stops managing this reply: the handler answers on the raw response.
        res.hijack();
        this.endpoint.serve(req.raw, res.raw);
      } else {
        this.endpoint.serve(req as IncomingMessage, res as ServerResponse);
      }
    }
  }
  Controller()(McpEndpointController);
  Inject(McpHttpEndpoint)(McpEndpointController, undefined as never, 0);
  const paths = metadata ? [path, METADATA_PATH, `${METADATA_PATH}/*rest`] : [path];
  const proto = McpEndpointController.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(proto, 'handle')!;
  All(paths)(proto, 'handle', descriptor);
  Req()(proto, 'handle', 0);
  Res()(proto, 'handle', 1);
  Reflect.defineMetadata('design:paramtypes', [Object, Object], proto, 'handle');
  return McpEndpointController;
}
