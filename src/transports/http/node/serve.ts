import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Servable } from '../../../core';
import { ConfigurationError } from '../../../core';
import { audienceProblem, LOOPBACK_RESOURCE } from '../auth';
import type { HttpSession } from '../http-session';
import type { HttpHandlerOptions } from '../options';
import { createHttpHandler, type HttpHandler } from './handler';

/** Options of {@link serveHttp}: where to listen, and the handler's options. */
export interface ServeHttpOptions<C = HttpSession> extends HttpHandlerOptions<C> {
  /** The port (default `0`: any free port; read it from the result). */
  port?: number;
  /**
   * The address to bind (default `127.0.0.1`: reachable from this machine only, as MCP advises for
   * local servers). Use `0.0.0.0` to serve the network, with `authenticate` and `allowedOrigins`.
   */
  host?: string;
  /** The MCP endpoint's path (default `/mcp`). */
  path?: string;
}

/** A running server from {@link serveHttp}. */
export interface HttpServerHandle {
  /** The endpoint's URL, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  /** The port listened on. */
  readonly port: number;
  /** The underlying `node:http` server. */
  readonly server: Server;
  /** The handler (its live `sessions` count, …). */
  readonly handler: HttpHandler;
  /** Shuts down gracefully (see {@link HttpHandler.close}), then closes the server and its connections. */
  close(): Promise<void>;
}

/** Whether `host` names this machine only (an attacker elsewhere cannot reach it). */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function urlOf(server: Server, host: string, path: string): string {
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' || host.includes(':') ? `[${address.address}]` : host;
  return `http://${urlHost}:${address.port}${path}`;
}

function bindLoopback(handler: HttpHandler, server: Server, host: string, path: string): void {
  const bind = (handler as unknown as Record<symbol, (url: string) => void>)[LOOPBACK_RESOURCE];
  bind(urlOf(server, host, path));
}

/**
 * Starts a `node:http` server for an MCP application on `host:port` at `path`, and resolves once
 * it listens.
 *
 * @example
 * const server = await serveHttp(app, { port: 3000 });
 * console.log(`MCP endpoint: ${server.url}`);
 * process.on('SIGTERM', () => server.close());
 */
export async function serveHttp<C = HttpSession>(
  servable: Servable<C>,
  options: ServeHttpOptions<C> = {},
): Promise<HttpServerHandle> {
  const { port = 0, host = '127.0.0.1', path = '/mcp', ...handlerOptions } = options;
  // A token's audience is never read from the request: on loopback, the URL listened on.
  const loopback = isLoopback(host);
  const problem = audienceProblem(
    `serveHttp on ${host} (not a loopback address)`,
    handlerOptions.authenticate,
    handlerOptions.resourceMetadata?.resource,
  );
  if (problem !== undefined && !loopback) throw new ConfigurationError(problem);
  const handler = createHttpHandler(servable, {
    ...handlerOptions,
    path,
    ...(problem === undefined ? {} : { [LOOPBACK_RESOURCE]: true }),
  });
  try {
    // Shared state unreachable at start: a start-up error, before anything listens.
    await handler.ready;
  } catch (error) {
    await handler.close();
    throw error;
  }
  const server = createServer(handler);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        // Bound before the first request is read (this callback runs first).
        if (problem !== undefined) bindLoopback(handler, server, host, path);
        resolve();
      });
    });
  } catch (error) {
    await handler.close();
    const code = (error as NodeJS.ErrnoException).code;
    // The messages say what to do; `code` and `cause` stay, so callers can tell the cases apart.
    if (code === 'EADDRINUSE') {
      throw Object.assign(
        new Error(
          `Cannot listen on ${host}:${port}: the port is already in use. Choose another port (or 0 for any free one).`,
          { cause: error },
        ),
        { code },
      );
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw Object.assign(
        new Error(`Cannot listen on ${host}:${port}: this machine has no such address.`, {
          cause: error,
        }),
        { code },
      );
    }
    throw error;
  }
  const address = server.address() as AddressInfo;
  const url = urlOf(server, host, path);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
      server.closeAllConnections();
      await closed;
    })();
    return closing;
  };
  return { url, port: address.port, server, handler, close };
}
