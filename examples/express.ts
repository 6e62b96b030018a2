/**
 * The notes example mounted in Express: `createHttpHandler` returns a plain `node:http` handler,
 * and Express routes hand it their request and response as they are. No `express.json()` is
 * needed (the handler reads and bounds the body itself; if a body parser did run, it takes
 * `req.body`). The rest of the Express application is untouched.
 *
 *   npm run build
 *   node build/examples/express.js [--port N]   # prints: listening http://127.0.0.1:N/mcp
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpHandler } from 'declarative-mcp';
import express from 'express';
import { app as notes } from './notes';

/** `--port N`, else `$PORT`, else 3000; 0 picks any free port. */
function portOf(argv: readonly string[]): number {
  const at = argv.indexOf('--port');
  const given = at === -1 ? (process.env.PORT ?? '3000') : (argv[at + 1] ?? '');
  const port = Number(given);
  if (given === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(
      `Not a port: "${given}". Give --port N with N from 0 (any free port) to 65535.`,
    );
  }
  return port;
}

async function main(argv: readonly string[]): Promise<void> {
  const handler = createHttpHandler(notes);
  const web = express();
  web.all('/mcp', handler);
  web.get('/', (_req, res) => {
    res.type('text/plain').send('The notes example: its MCP endpoint is /mcp.\n');
  });

  const server = await new Promise<Server>((resolve, reject) => {
    // Express 5 hands a listen error (a port in use) to the callback.
    const listening: Server = web.listen(portOf(argv), '127.0.0.1', (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  // Listen for the signals before printing the URL: whoever reads it may stop us at once.
  const stop = (): void => {
    // Sessions and event streams end first, then the server closes its connections.
    handler
      .close()
      .then(() => {
        server.closeAllConnections();
        server.close();
      })
      .catch((error: unknown) => {
        process.stderr.write(`Stopping failed: ${String(error)}\n`);
        process.exitCode = 1;
      });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening http://127.0.0.1:${port}/mcp\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
