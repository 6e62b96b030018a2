import { type CliIo, runCli } from '../cli';

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
