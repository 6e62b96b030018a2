/**
 * What `npm start` runs: the bundled examples over Streamable HTTP, in one `node:http` server on
 * 127.0.0.1, each at its own path through `createHttpHandler`. The orders example asks for a bearer
 * token (its token table: `ada-token` may cancel, `bob-token` may only list). It prints the URLs and
 * a client configuration to paste, and stops on Ctrl-C (SIGINT) or SIGTERM.
 *
 *   npm start                               # port 3000, or $PORT
 *   node build/examples/start.js --port 0   # any free port (the printed URLs say which)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { bearerAuth, createHttpHandler, type HttpHandler } from 'declarative-mcp';
import { app as dto } from './dto';
import { app as notes } from './notes';
import { app as orders, TOKENS } from './orders';
import { app as weather } from './weather';

const HOST = '127.0.0.1';

/** One example served by this process. */
interface Endpoint {
  readonly name: string;
  readonly path: string;
  readonly handler: HttpHandler;
  /** The headers a client must send (the orders example's bearer token). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The examples, each at `/<name>/mcp`. */
function endpoints(): Endpoint[] {
  const at = (name: string): string => `/${name}/mcp`;
  return [
    {
      name: 'weather',
      path: at('weather'),
      handler: createHttpHandler(weather, { path: at('weather') }),
    },
    { name: 'notes', path: at('notes'), handler: createHttpHandler(notes, { path: at('notes') }) },
    {
      name: 'orders',
      path: at('orders'),
      // The token's identity becomes the session's `identity`, which the tools get as their
      // context: the default authorization reads its `scopes`, `cancel` its `id`.
      handler: createHttpHandler(orders, {
        path: at('orders'),
        authenticate: bearerAuth({ tokens: TOKENS }),
      }),
      headers: { Authorization: 'Bearer ada-token' },
    },
    { name: 'dto', path: at('dto'), handler: createHttpHandler(dto, { path: at('dto') }) },
  ];
}

/** A command-line mistake: said on stderr, exit code 2. */
class UsageError extends Error {}

/** `--port N` (or `--port=N`), else `$PORT`, else 3000; 0 picks any free port. */
function portOf(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  let given = env.PORT === undefined || env.PORT === '' ? '3000' : env.PORT;
  let from = env.PORT === undefined || env.PORT === '' ? 'the default' : 'PORT';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') {
      given = argv[++i] ?? '';
      from = '--port';
    } else if (arg.startsWith('--port=')) {
      given = arg.slice('--port='.length);
      from = '--port';
    } else {
      throw new UsageError(`Unknown argument ${arg}. Usage: node start.js [--port N]`);
    }
  }
  const port = Number(given);
  if (given.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(
      `${from} must be a port from 0 (any free port) to 65535 (got "${given}").`,
    );
  }
  return port;
}

/** The `mcpServers` configuration of an MCP client (Claude Desktop, Cursor, VS Code, …). */
function clientConfiguration(base: string, served: readonly Endpoint[]): unknown {
  const servers: Record<string, unknown> = {};
  for (const { name, path, headers } of served) {
    servers[name] = { type: 'http', url: `${base}${path}`, ...(headers && { headers }) };
  }
  return { mcpServers: servers };
}

function notFound(res: ServerResponse, served: readonly Endpoint[]): void {
  const body = `Not found. The MCP endpoints here: ${served.map((e) => e.path).join(', ')}\n`;
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
}

async function main(argv: readonly string[]): Promise<void> {
  const port = portOf(argv);
  const served = endpoints();
  const byPath = new Map(served.map((endpoint) => [endpoint.path, endpoint.handler]));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    const handler = byPath.get(query === -1 ? target : target.slice(0, query));
    if (handler === undefined) notFound(res, served);
    else handler(req, res);
  });
  const closeHandlers = (): Promise<unknown> => Promise.all(served.map((e) => e.handler.close()));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await closeHandlers();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `Port ${port} on ${HOST} is in use. Start with PORT=N npm start, or node ${here('start.js')} --port N (0 for any free port).`,
      );
    }
    throw error;
  }

  // Listen for the signals before printing: whoever reads the URLs may stop us at once.
  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      // A second Ctrl-C: do not wait for calls still running.
      process.exit(1);
    }
    stopping = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    closeHandlers()
      .then(() => {
        server.closeAllConnections();
        return closed;
      })
      .then(
        () => {
          process.exitCode = 0;
        },
        (error: unknown) => {
          process.stderr.write(`Stopping failed: ${String(error)}\n`);
          process.exitCode = 1;
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const base = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  const width = Math.max(...served.map((e) => e.name.length));
  const lines = [
    `declarative-mcp examples over Streamable HTTP at ${base}`,
    '',
    ...served.map(({ name, path, headers }) => {
      const auth = headers === undefined ? '' : `  (${Object.entries(headers)[0].join(': ')})`;
      return `  ${name.padEnd(width)}  ${base}${path}${auth}`;
    }),
    '',
    'Client configuration (paste into your MCP client):',
    JSON.stringify(clientConfiguration(base, served), null, 2),
    '',
    `Over stdio instead, a client runs: node ${here('notes.js')} (or weather.js, dto.js; orders.js with ORDERS_TOKEN=ada-token). Ctrl-C stops this server.`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

/** A file next to this one, relative to the working directory. */
function here(file: string): string {
  return relative(process.cwd(), join(__dirname, file));
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  });
}
