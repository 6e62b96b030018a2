/**
 * The notes example mounted in Fastify: the route hijacks the reply and hands the raw `node:http`
 * request and response to `createHttpHandler`'s handler. Fastify's JSON body parser is replaced
 * by one that leaves the body unread, so the handler reads (and bounds) it itself.
 *
 *   npm run build
 *   node build/examples/fastify.js [--port N]   # prints: listening http://127.0.0.1:N/mcp
 */
import type { AddressInfo } from 'node:net';
import { createHttpHandler } from 'declarative-mcp';
import Fastify from 'fastify';
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
  const fastify = Fastify();
  // Leave JSON bodies unread: the MCP handler reads the stream itself.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', (_req, _payload, done) => done(null));
  fastify.all('/mcp', (req, reply) => {
    // Fastify stops managing this reply: the handler answers on the raw response.
    reply.hijack();
    handler(req.raw, reply.raw);
  });
  fastify.get('/', async () => 'The notes example: its MCP endpoint is /mcp.\n');

  await fastify.listen({ port: portOf(argv), host: '127.0.0.1' });
  // Listen for the signals before printing the URL: whoever reads it may stop us at once.
  const stop = (): void => {
    // Sessions and event streams end first, then Fastify closes the server.
    handler
      .close()
      .then(() => {
        fastify.server.closeAllConnections();
        return fastify.close();
      })
      .catch((error: unknown) => {
        process.stderr.write(`Stopping failed: ${String(error)}\n`);
        process.exitCode = 1;
      });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const { port } = fastify.server.address() as AddressInfo;
  process.stdout.write(`listening http://127.0.0.1:${port}/mcp\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
