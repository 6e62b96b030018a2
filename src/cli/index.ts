import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { StateAdapter } from '../adapter';
import { ConfigurationError, SharedStateError, UsageError } from '../core';
import {
  CLIENT_COMMANDS,
  type ClientCommand,
  type Command,
  flagsSynopsis,
  flagsUsage,
  parseFlags,
  type ServeFlags,
} from './flags';
import { type LoadedApplication, loadApplication } from './load';
import {
  isWorker,
  leavePrimary,
  runPrimary,
  tellFailed,
  tellListening,
  workerName,
  workerStopped,
} from './workers';

/**
 * Where the command line reads and writes: the process's own streams and directory by
 * default, others in tests.
 */
export interface CliIo {
  /** Relative module paths resolve from here (default `process.cwd()`). */
  cwd?: string;
  /** The stdio transport's input (default `process.stdin`). */
  input?: Readable;
  /** The protocol over stdio, `--help` and `--version` (default `process.stdout`). */
  output?: Writable;
  /** Diagnostics and the HTTP URL (default `process.stderr`). */
  error?: Writable;
  /** Stops an HTTP server, as SIGINT and SIGTERM do. */
  signal?: AbortSignal;
}

const SERVE_USAGE = `Usage: declarative-mcp serve <module> ${flagsSynopsis('serve')}

Serves the McpApplication a compiled module exports (\`export default app\` or \`export const app\`).
Compile TypeScript with tsc first and give the .js it writes, e.g. dist/server.js.

${flagsUsage('serve')}`;

const DEVTOOLS_USAGE = `Usage: declarative-mcp devtools [module] ${flagsSynopsis('devtools')}

The framework's own MCP server for AI agents: the guide, the documentation, stub generators,
and (with a module) read-only introspection of your application.

  module        a compiled .js file exporting an McpApplication (export default app, or export const app)
${flagsUsage('devtools')}`;

const DEV_USAGE = `Usage: declarative-mcp dev <module> [--port N] [--host H]

Serves the McpApplication a compiled module exports over Streamable HTTP (http://H:N/mcp), and
reloads it in a fresh process on the same port when the module or a file it loaded changes.
Prints one line per definition changed (+ added, - removed, ~ changed). Clients are sent
list_changed; a build that fails to load is reported and the previous one keeps serving.
Pair it with tsc --watch: npx tsc --watch & npx declarative-mcp dev dist/server.js

${flagsUsage('dev')}`;

const HELP = `Usage: declarative-mcp <command> [options]

Commands:
  serve <module> [--stdio | --http …]   serve an application (see declarative-mcp serve --help)
  devtools [module] [--stdio | --http …] the framework's own MCP server for agents
  dev <module> [--port N]               serve over HTTP, reload on change
  list <target> [tools|resources|templates|prompts]
                                        print what a server offers, as JSON
  call <target> <tool> [json-args]      call a tool and print its result
  read <target> <uri>                   read a resource
  get <target> <prompt> [json-args]     get a prompt
    <target>: an http(s):// URL, a compiled module, or -- <command> [args…] (a stdio server, last)

Options:
  --help, -h       show this help
  --version, -v    show the version
`;

function clientUsageOf(command: ClientCommand): string {
  return (require('./client') as typeof import('./client')).clientUsage(command);
}

/**
 * The package's version: from the nearest `package.json` named `declarative-mcp` above this
 * file, so it is found from `dist/src/cli` (the published binary) and from `src/cli` (ts-node, jest).
 */
function version(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (manifest?.name === 'declarative-mcp') return String(manifest.version);
    } catch {
      // No (readable) package.json here: look further up.
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}

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
function announce(url: string, io: CliIo, say: (text: string) => void): void {
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
async function serve(
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
function guardBeforeLoading(flags: ServeFlags, io: CliIo): void {
  if (flags.transport !== 'stdio') return;
  if ((io.output ?? process.stdout) !== process.stdout) return;
  const { guardStdout } = require('../transports/stdio') as typeof import('../transports/stdio');
  guardStdout(process.stdout, io.error ?? process.stderr);
}

/**
 * Builds the devtools server. Its own tools describe their inputs with zod, an optional peer
 * dependency: without it, a usage error says what to install rather than a stack.
 */
function devtoolsFor(
  options: import('../devtools').DevtoolsOptions,
): ReturnType<typeof import('../devtools').createDevtools> {
  try {
    // Loaded now, not with the package's main entry: the devtools cost start-up time.
    return (require('../devtools') as typeof import('../devtools')).createDevtools(options);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'MODULE_NOT_FOUND' && /'zod(\/[^']*)?'/.test(message)) {
      throw new UsageError('The devtools need zod: install it with npm i -D zod.');
    }
    throw error;
  }
}

/**
 * The `declarative-mcp` command: `serve`, `devtools`, `--help`, `--version`. Resolves to the exit
 * code (0 done, 1 failure, 2 usage mistake) and never throws. A usage mistake prints one line and
 * the usage, never a stack trace. Help goes to stdout. Over stdio, stdout carries the protocol
 * alone: every diagnostic goes to the error stream.
 */
export async function runCli(argv: readonly string[], io: CliIo = {}): Promise<number> {
  const output = io.output ?? process.stdout;
  const error = io.error ?? process.stderr;
  const [command, ...rest] = argv;
  const client = (CLIENT_COMMANDS as readonly string[]).includes(command as string);
  const known = command === 'serve' || command === 'devtools' || command === 'dev' || client;
  const prefix = known ? `declarative-mcp ${command}` : 'declarative-mcp';
  const say = (text: string): void => {
    error.write(`${prefix}: ${text}\n`);
  };
  const usage =
    command === 'serve'
      ? SERVE_USAGE
      : command === 'devtools'
        ? DEVTOOLS_USAGE
        : command === 'dev'
          ? DEV_USAGE
          : client
            ? clientUsageOf(command as ClientCommand)
            : HELP;
  // In a worker of `serve --workers` (forked by the primary below): when the primary says stop.
  let worker: Promise<void> | undefined;
  // A start-up mistake's message says what to change; its stack only with --verbose.
  let verbose = false;
  try {
    if (command === undefined)
      throw new UsageError('Give a command: serve, devtools, dev, list, call, read or get.');
    if (command === '--help' || command === '-h' || command === 'help') {
      output.write(HELP);
      return 0;
    }
    if (command === '--version' || command === '-v') {
      output.write(`${version()}\n`);
      return 0;
    }
    if (!known) {
      throw new UsageError(
        `Unknown command "${command}". Commands: serve, devtools, dev, list, call, read, get.`,
      );
    }
    const flags = parseFlags(rest, command as Command);
    verbose = flags.values.verbose === true;
    if (flags.help) {
      output.write(usage);
      return 0;
    }
    const cwd = io.cwd ?? process.cwd();
    if (client) {
      // Loaded only for these commands: serving never loads the client.
      const { runClient } = require('./client') as typeof import('./client');
      return await runClient(command as ClientCommand, flags, { cwd, output, say });
    }
    if (command === 'dev') {
      if (flags.module === undefined)
        throw new UsageError('dev needs a module, e.g. declarative-mcp dev dist/server.js');
      const { runDev } = require('./dev') as typeof import('./dev');
      const port = flags.values.port as number;
      const host = flags.values.host as string;
      return await runDev(flags.module, port, host, { cwd, output, say, signal: io.signal });
    }
    if (command === 'serve') {
      const workers = flags.values.workers as number;
      if (workers > 1 && isWorker()) worker = workerStopped();
      if (flags.module === undefined)
        throw new UsageError('serve needs a module, e.g. declarative-mcp serve dist/server.js');
      if (workers > 1 && worker === undefined) {
        // The primary loads nothing: each worker loads the module and says how it went.
        return await runPrimary({
          argv,
          workers,
          cwd,
          signal: io.signal,
          error,
          say,
          serving: (url) => announce(url, io, say),
        });
      }
      guardBeforeLoading(flags, io);
      const app = await loadApplication(flags.module, cwd);
      // A worker's lines while serving say which worker speaks.
      const speaker =
        worker === undefined ? say : (text: string) => say(`${workerName()}: ${text}`);
      return await serve(app, flags, io, speaker, worker);
    }
    guardBeforeLoading(flags, io);
    const app =
      flags.module === undefined
        ? undefined
        : await loadApplication(flags.module, cwd, { introspectable: true });
    const devtools = devtoolsFor({
      app: app as never,
      ...(flags.module !== undefined ? { module: resolve(cwd, flags.module) } : {}),
      // Its own transport only when it describes itself: how a loaded module's application is
      // served is up to that module, which the devtools cannot see.
      transports: app === undefined ? [flags.transport] : [],
      reporter: (problem, request) =>
        say(`${request.method} failed: ${(problem as Error)?.stack ?? String(problem)}`),
    });
    return await serve(devtools as unknown as LoadedApplication, flags, io, say);
  } catch (problem) {
    // Shared state out of reach is the environment's failure, not a bug: its message, no stack.
    // A client command's mistake is one line (its output may be piped): the usage is a flag away.
    const [code, text] = UsageError.is(problem)
      ? [
          2,
          client
            ? `${prefix}: ${problem.message} (see ${prefix} --help)\n`
            : `${prefix}: ${problem.message}\n\n${usage}`,
        ]
      : SharedStateError.is(problem)
        ? [1, `${prefix}: ${problem.message}\n`]
        : ConfigurationError.is(problem) && !verbose
          ? [1, `${prefix}: ${problem.message}\n(--verbose prints the stack trace.)\n`]
          : [1, `${prefix}: ${(problem as Error)?.stack ?? String(problem)}\n`];
    // A worker's start-up failure is printed once, by its primary.
    if (worker !== undefined) await tellFailed(code, text);
    else error.write(text);
    return code;
  } finally {
    if (worker !== undefined) leavePrimary();
  }
}

/** Options of {@link runDevtools}: where it reads and writes (the process's own streams by default). */
export type RunDevtoolsOptions = CliIo;

/**
 * The `declarative-mcp devtools [module] [--stdio | --http [--port N] [--host H]]` command:
 * loads the module's application (if one is given) to introspect, and serves the devtools over
 * stdio (until the input ends) or Streamable HTTP (until SIGINT, SIGTERM or `options.signal`).
 * Resolves the exit code: 0 done, 1 failed, 2 a usage mistake. Diagnostics go to the error
 * stream; over stdio, stdout is the protocol's alone.
 *
 * @example
 * runDevtools(process.argv.slice(3)).then((code) => { process.exitCode = code; });
 */
export function runDevtools(
  argv: readonly string[],
  options: RunDevtoolsOptions = {},
): Promise<number> {
  return runCli(['devtools', ...argv], options);
}

export { UsageError } from '../core';
export { type Command, FLAGS, type FlagSpec, parseFlags, type ServeFlags } from './flags';
export { type LoadedApplication, loadApplication } from './load';
