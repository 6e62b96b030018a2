import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { AbstractHttpAdapter, HttpAdapterHost } from '@nestjs/core';
import type { HttpHandler } from 'declarative-mcp';
import type { McpApplication } from '../registry';
import { createHttpHandler } from '../transports/http';
import { HELD_TYPE, hold, PathMatcher, release } from './body-guard';
import type { DeclarativeMcpModuleOptions } from './options';

type Next = (error?: unknown) => void;

interface FastifyLike {
  addHook(name: string, hook: (...args: any[]) => void): unknown;
  addContentTypeParser(
    type: string,
    parser: (
      req: unknown,
      payload: unknown,
      done: (error: Error | null, body?: unknown) => void,
    ) => void,
  ): unknown;
}

/**
 * The MCP endpoint of a Nest application: the `createHttpHandler` handler, created once the
 * application has an HTTP adapter (never in a standalone application context), and closed
 * before the HTTP server (open event streams would hold it).
 */
export class McpHttpEndpoint implements BeforeApplicationShutdown {
  private current: HttpHandler | undefined;
  private adapter: AbstractHttpAdapter | undefined;
  private readonly matcher: PathMatcher;

  /** @internal Built by {@link DeclarativeMcpModule}. */
  constructor(
    private readonly app: McpApplication<any>,
    private readonly options: DeclarativeMcpModuleOptions<any>,
    readonly path: string,
    host: HttpAdapterHost,
  ) {
    this.matcher = new PathMatcher(() => [path]);
    if (options.http === false) return;
    // Fires at once when the adapter is there (NestFactory.create), or when it is given
    // (Test…compile() then createNestApplication): either way before Nest's body parsers.
    host.init$.subscribe(() => {
      if (host.httpAdapter !== undefined && host.httpAdapter !== null)
        this.install(host.httpAdapter);
    });
  }

  /** The handler, once the application serves HTTP (its live `sessions`, …). */
  get handler(): HttpHandler | undefined {
    return this.current;
  }

  private install(adapter: AbstractHttpAdapter): void {
    if (this.adapter !== undefined) return;
    this.adapter = adapter;
    const { http } = this.options;
    this.current = createHttpHandler(this.app, http === false ? {} : { ...http });
    const type = adapter.getType?.();
    if (type === 'express') {
      adapter.use((req: IncomingMessage, _res: ServerResponse, next: Next) => {
        if (this.matcher.matches(req)) hold(req);
        next();
      });
    } else if (type === 'fastify') {
      const fastify = adapter.getInstance() as FastifyLike;
      // Fastify's lifecycle: onRequest (Nest middleware) → preParsing → parsing → preValidation
      // (then guards and the route): the type is held only while the parsers look.
      fastify.addHook(
        'preParsing',
        (request: { raw: IncomingMessage }, _reply: unknown, payload: unknown, done: Next) => {
          if (this.matcher.matches(request.raw)) hold(request.raw);
          (done as (error: null, payload: unknown) => void)(null, payload);
        },
      );
      fastify.addHook(
        'preValidation',
        (request: { raw: IncomingMessage }, _reply: unknown, done: Next) => {
          release(request.raw);
          done();
        },
      );
      // Leaves the body unread: the MCP handler reads it from the raw request.
      fastify.addContentTypeParser(HELD_TYPE, (_req, _payload, done) => done(null, undefined));
    }
  }

  /**
   * Called by the module while Nest registers middleware, right after its body parsers: on
   * Express the held type is put back there, before any middleware or guard sees the request.
   */
  afterParsers(): void {
    if (this.adapter?.getType?.() !== 'express') return;
    this.adapter.use((req: IncomingMessage, _res: ServerResponse, next: Next) => {
      release(req);
      next();
    });
  }

  /** Hands a request to the MCP handler (`404` when the application serves no HTTP). */
  serve(req: IncomingMessage, res: ServerResponse): void {
    release(req);
    const handler = this.current;
    if (handler === undefined) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not Found: this application serves MCP over stdio only');
      return;
    }
    handler(req, res);
  }

  /** Ends the sessions and event streams before Nest closes the HTTP server. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.current?.close();
  }
}
