import { resolve } from 'node:path';
import { ConfigurationError, SharedStateError, UsageError } from '../core';
import { CLIENT_COMMANDS, type ClientCommand, type Command } from './flags';
import type { CliIo } from './io';
import { type LoadedApplication, loadApplication } from './load';
import { parseFlags } from './parse-flags';
import { announce, guardBeforeLoading, serve } from './serve';
import { clientUsageOf, DEV_USAGE, DEVTOOLS_USAGE, HELP, SERVE_USAGE, version } from './usage';
import {
  isWorker,
  leavePrimary,
  runPrimary,
  tellFailed,
  workerName,
  workerStopped,
} from './workers';

export type { CliIo } from './io';

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
          crashLimit: flags.values['crash-limit'] as number,
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
export { type Command, FLAGS, type FlagSpec } from './flags';
export { type LoadedApplication, loadApplication } from './load';
export { parseFlags, type ServeFlags } from './parse-flags';
