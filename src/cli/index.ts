import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { type LoadedApplication, loadApplication, UsageError } from './load';

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

const SERVE_USAGE = `Usage: declarative-mcp serve <module> [--stdio | --http [--port N] [--host H] [--path P] [--stateless]]

Serves the McpApplication a compiled module exports (\`export default app\` or \`export const app\`).

  --stdio       serve over stdio (default): stdout is the protocol, diagnostics go to stderr
  --http        serve over Streamable HTTP at http://HOST:PORT/PATH
  --port N      HTTP port (default 3000; 0 picks a free one)
  --host H      HTTP address (default 127.0.0.1)
  --path P      HTTP path (default /mcp)
  --stateless   HTTP without sessions
`;

const DEVTOOLS_USAGE = `Usage: declarative-mcp devtools [module] [--stdio | --http [--port N] [--host H]]

The framework's own MCP server for AI agents: the guide, the documentation, stub generators,
and (with a module) read-only introspection of your application.

  module        a compiled .js file exporting an McpApplication (export default app, or export const app)
  --stdio       serve over stdio (default)
  --http        serve over Streamable HTTP at http://HOST:PORT/mcp
  --port N      HTTP port (default 3000)
  --host H      HTTP address (default 127.0.0.1)
`;

const HELP = `Usage: declarative-mcp <command> [options]

Commands:
  serve <module> [--stdio | --http …]   serve an application (see declarative-mcp serve --help)
  devtools [module] [--stdio | --http …] the framework's own MCP server for agents

Options:
  --help, -h       show this help
  --version, -v    show the version
`;

/** Parsed flags of `serve` and `devtools`. */
export interface ServeFlags {
  module: string | undefined;
  transport: 'stdio' | 'http';
  port: number;
  host: string;
  path: string;
  stateless: boolean;
  help: boolean;
}

const HTTP_ONLY = ['--port', '--host', '--path', '--stateless'];

/** Parses the flags after the command name; throws {@link UsageError} for anything unknown. */
export function parseServeFlags(
  args: readonly string[],
  command: 'serve' | 'devtools',
): ServeFlags {
  const flags: ServeFlags = {
    module: undefined,
    transport: 'stdio',
    port: 3000,
    host: '127.0.0.1',
    path: '/mcp',
    stateless: false,
    help: false,
  };
  const chosen = new Set<string>();
  const allowed = command === 'serve' ? HTTP_ONLY : ['--port', '--host'];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = (): string => {
      const next = args[++i];
      if (next === undefined || next.startsWith('-')) throw new UsageError(`${arg} needs a value.`);
      return next;
    };
    if (arg === '--help' || arg === '-h') flags.help = true;
    else if (arg === '--stdio' || arg === '--http') {
      chosen.add(arg);
      if (chosen.size > 1) throw new UsageError('Choose one of --stdio and --http.');
      flags.transport = arg === '--http' ? 'http' : 'stdio';
    } else if (arg.startsWith('-') && !allowed.includes(arg)) {
      throw new UsageError(`Unknown option ${arg}.`);
    } else if (arg === '--port') {
      const raw = value();
      const port = Number(raw);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new UsageError(`--port must be a number from 0 to 65535 (got "${raw}").`);
      }
      flags.port = port;
    } else if (arg === '--host') flags.host = value();
    else if (arg === '--path') {
      flags.path = value();
      if (!flags.path.startsWith('/')) throw new UsageError('--path must start with "/".');
    } else if (arg === '--stateless') flags.stateless = true;
    else if (flags.module !== undefined) {
      throw new UsageError(`One module at most (got "${flags.module}" and "${arg}").`);
    } else flags.module = arg;
  }
  if (flags.transport === 'stdio' && args.some((a) => HTTP_ONLY.includes(a))) {
    const names = HTTP_ONLY.filter((a) => allowed.includes(a));
    const list = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    throw new UsageError(`${list} go with --http.`);
  }
  return flags;
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

/** Serves `app` as the flags say; resolves to the exit code when serving ends. */
async function serve(
  app: LoadedApplication,
  flags: ServeFlags,
  io: CliIo,
  say: (text: string) => void,
): Promise<number> {
  if (flags.transport === 'stdio') {
    const { serveStdio } = require('../transports/stdio') as typeof import('../transports/stdio');
    return serveStdio(app as never, { input: io.input, output: io.output, error: io.error });
  }
  const { serveHttp } = require('../transports/http') as typeof import('../transports/http');
  let server: Awaited<ReturnType<typeof serveHttp>>;
  try {
    server = await serveHttp(app as never, {
      port: flags.port,
      host: flags.host,
      path: flags.path,
      sessions: !flags.stateless,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || /in use/.test(String((error as Error).message))) {
      throw new UsageError(
        `Port ${flags.port} on ${flags.host} is in use. Pick another with --port N (or --port 0 for any free one).`,
      );
    }
    throw error;
  }
  // Listen for the signals before printing the URL: whoever reads it may stop us at once.
  const stop = stopped(io.signal);
  say(`serving at ${server.url}`);
  (io.error ?? process.stderr).write(
    `Client configuration:\n${JSON.stringify({ mcpServers: { app: { type: 'http', url: server.url } } }, null, 2)}\n`,
  );
  await stop;
  await server.close();
  return 0;
}

/**
 * The `declarative-mcp` command: `serve`, `devtools`, `--help`, `--version`. Resolves to the exit
 * code (0 done, 1 failure, 2 usage mistake) and never throws. Over stdio, stdout carries the
 * protocol alone: every diagnostic goes to the error stream.
 */
export async function runCli(argv: readonly string[], io: CliIo = {}): Promise<number> {
  const output = io.output ?? process.stdout;
  const error = io.error ?? process.stderr;
  const [command, ...rest] = argv;
  const prefix =
    command === 'serve' || command === 'devtools'
      ? `declarative-mcp ${command}`
      : 'declarative-mcp';
  const say = (text: string): void => {
    error.write(`${prefix}: ${text}\n`);
  };
  const usage = command === 'serve' ? SERVE_USAGE : command === 'devtools' ? DEVTOOLS_USAGE : HELP;
  try {
    if (command === undefined) {
      error.write(HELP);
      return 2;
    }
    if (command === '--help' || command === '-h' || command === 'help') {
      output.write(HELP);
      return 0;
    }
    if (command === '--version' || command === '-v') {
      output.write(`${version()}\n`);
      return 0;
    }
    if (command !== 'serve' && command !== 'devtools') {
      throw new UsageError(`Unknown command "${command}". Commands: serve, devtools.`);
    }
    const flags = parseServeFlags(rest, command);
    if (flags.help) {
      // Help goes to stderr here: a client may have started the command with stdout as its protocol.
      error.write(usage);
      return 0;
    }
    const cwd = io.cwd ?? process.cwd();
    if (command === 'serve') {
      if (flags.module === undefined)
        throw new UsageError('serve needs a module, e.g. declarative-mcp serve dist/server.js');
      return await serve(await loadApplication(flags.module, cwd), flags, io, say);
    }
    const app =
      flags.module === undefined
        ? undefined
        : await loadApplication(flags.module, cwd, { introspectable: true });
    // Loaded now, not with the package's main entry: the devtools cost start-up time.
    const { createDevtools } = require('../devtools') as typeof import('../devtools');
    const devtools = createDevtools({
      app: app as never,
      transports: [flags.transport],
      reporter: (problem, request) =>
        say(`${request.method} failed: ${(problem as Error)?.stack ?? String(problem)}`),
    });
    return await serve(devtools as unknown as LoadedApplication, flags, io, say);
  } catch (problem) {
    if (problem instanceof UsageError) {
      say(problem.message);
      error.write(`\n${usage}`);
      return 2;
    }
    say((problem as Error)?.stack ?? String(problem));
    return 1;
  }
}

export { type LoadedApplication, loadApplication, UsageError } from './load';
