/** `serve`: an application over stdio or Streamable HTTP, as the flags say. */
import type { StateAdapter } from '../adapter';
import { ConfigurationError, UsageError } from '../core';
import type { CliIo } from './io';
import type { LoadedApplication } from './load';
import type { ServeFlags } from './parse-flags';
import { tellListening } from './workers';

function stopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((done) => {
    const finish = (): void => {
      process.off('SIGINT', finish);
      process.off('SIGTERM', finish);
      signal?.removeEventListener('abort', finish);
      done();
    };
    if (signal?.aborted) return done();
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
    signal?.addEventListener('abort', finish, { once: true });
  });
}

// Errors of listen() that mean the address given is not one this machine can listen on.
const NO_SUCH_ADDRESS = new Set(['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EINVAL']);

/** Prints where the server listens: one line, then the configuration an MCP client takes. */
export function announce(url: string, io: CliIo, say: (text: string) => void): void {
  say(`serving at ${url}`);
  (io.error ?? process.stderr).write(
    `Client configuration:\n${JSON.stringify({ mcpServers: { app: { type: 'http', url } } }, null, 2)}\n`,
  );
}

/**
 * The Redis adapter of `--redis URL` (undefined without it). `declarative-mcp/redis` and its
 * ioredis are loaded only then: a missing ioredis is a usage error that says what to install.
 */
function redisFor(flags: ServeFlags, say: (text: string) => void): StateAdapter | undefined {
  const url = flags.values.redis as string | undefined;
  if (url === undefined) return undefined;
  try {
    const { redisAdapter } = require('../redis') as typeof import('../redis');
    // Outages while serving: one line per outage and process, on stderr (never stdout).
    return redisAdapter({ url, onError: (error) => say(error.message) });
  } catch (error) {
    if (ConfigurationError.is(error)) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Serves `app` as the flags say; resolves to the exit code when serving ends. A worker of
 * `--workers` tells its primary where it listens (the primary prints the URL once) and stops
 * on `stop` rather than on signals of its own.
 */
export async function serve(
  app: LoadedApplication,
  flags: ServeFlags,
  io: CliIo,
  say: (text: string) => void,
  worker?: Promise<void>,
): Promise<number> {
  if (flags.transport === 'stdio') {
    const { serveStdio } = require('../transports/stdio') as typeof import('../transports/stdio');
    return serveStdio(app as never, { input: io.input, output: io.output, error: io.error });
  }
  const { jwtAuth, serveHttp } =
    require('../transports/http') as typeof import('../transports/http');
  const port = flags.values.port as number;
  const host = flags.values.host as string;
  const issuer = flags.values['jwt-issuer'] as string | undefined;
  const audience = flags.values['jwt-audience'] as string | undefined;
  const adapter = redisFor(flags, say);
  let server: Awaited<ReturnType<typeof serveHttp>>;
  try {
    server = await serveHttp(app as never, {
      port,
      host,
      path: (flags.values.path as string | undefined) ?? '/mcp',
      sessions: flags.values.stateless !== true,
      ...(issuer === undefined ? {} : { authenticate: jwtAuth({ issuer, audience }) }),
      ...(adapter === undefined ? {} : { adapter }),
    });
  } catch (error) {
    await adapter?.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new UsageError(
        `Port ${port} on ${host} is in use. Pick another with --port N (or --port 0 for any free one).`,
      );
    }
    if (code === 'EACCES') {
      throw new UsageError(
        `Port ${port} on ${host} needs privileges this process lacks. Use a port above 1023 (or --port 0).`,
      );
    }
    if (code !== undefined && NO_SUCH_ADDRESS.has(code)) {
      throw new UsageError(
        `--host ${host} is not an address of this machine. Use 127.0.0.1 (loopback), or 0.0.0.0 for every interface.`,
      );
    }
    throw error;
  }
  let stop: Promise<void>;
  if (worker === undefined) {
    // Listen for the signals before printing the URL: whoever reads it may stop us at once.
    stop = stopped(io.signal);
    announce(server.url, io, say);
  } else {
    stop = worker;
    await tellListening(server.url);
  }
  await stop;
  await server.close();
  // The adapter was given to serveHttp, so closing it is ours.
  await adapter?.close();
  return 0;
}

/**
 * Over stdio the protocol owns stdout from the first byte: the guard is in place before the user's
 * module loads, so a `console.log` at load time lands on stderr instead of ahead of the answers.
 */
export function guardBeforeLoading(flags: ServeFlags, io: CliIo): void {
  if (flags.transport !== 'stdio') return;
  if ((io.output ?? process.stdout) !== process.stdout) return;
  const { guardStdout } = require('../transports/stdio') as typeof import('../transports/stdio');
  guardStdout(process.stdout, io.error ?? process.stderr);
}
