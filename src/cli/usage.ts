/** The texts of `--help` for each command, and the package's version for `--version`. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ClientCommand, flagsSynopsis, flagsUsage } from './flags';

export const SERVE_USAGE = `Usage: declarative-mcp serve <module> ${flagsSynopsis('serve')}

Serves the McpApplication a compiled module exports (\`export default app\` or \`export const app\`).
Compile TypeScript with tsc first and give the .js it writes, e.g. dist/server.js.

${flagsUsage('serve')}`;

export const DEVTOOLS_USAGE = `Usage: declarative-mcp devtools [module] ${flagsSynopsis('devtools')}

The framework's own MCP server for AI agents: the guide, the documentation, stub generators,
and (with a module) read-only introspection of your application.

  module        a compiled .js file exporting an McpApplication (export default app, or export const app)
${flagsUsage('devtools')}`;

export const DEV_USAGE = `Usage: declarative-mcp dev <module> [--port N] [--host H]

Serves the McpApplication a compiled module exports over Streamable HTTP (http://H:N/mcp), and
reloads it in a fresh process on the same port when the module or a file it loaded changes.
Prints one line per definition changed (+ added, - removed, ~ changed). Clients are sent
list_changed; a build that fails to load is reported and the previous one keeps serving.
Pair it with tsc --watch: npx tsc --watch & npx declarative-mcp dev dist/server.js

${flagsUsage('dev')}`;

export const HELP = `Usage: declarative-mcp <command> [options]

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

export function clientUsageOf(command: ClientCommand): string {
  return (require('./client') as typeof import('./client')).clientUsage(command);
}

/**
 * The package's version: from the nearest `package.json` named `declarative-mcp` above this
 * file, so it is found from `dist/src/cli` (the published binary) and from `src/cli` (ts-node, jest).
 */
export function version(): string {
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
