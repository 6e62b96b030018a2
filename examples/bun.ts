/**
 * The greeter (examples/greeter.ts) on Bun: `Bun.serve` calls the fetch handler with each
 * `Request` and its server, from which the handler reads the client's address.
 *
 *   npm run build
 *   bun build/examples/bun.js --port 3000   # prints: listening http://127.0.0.1:3000/mcp
 */
import { createFetchHandler } from 'declarative-mcp/fetch';
import { app } from './greeter';

/** What this example uses of Bun's global (bun-types declares all of it). */
declare const Bun: {
  serve(options: {
    port: number;
    hostname: string;
    fetch(
      request: Request,
      server: { requestIP(request: Request): { address: string; port: number } | null },
    ): Promise<Response>;
  }): { port: number };
};

const handler = createFetchHandler(app, {
  path: '/mcp',
  // A fetch handler does not see the socket: name the hosts a loopback server answers to.
  allowedHosts: ['127.0.0.1', 'localhost'],
});

const argv = process.argv.slice(2);
const port = argv.includes('--port') ? Number(argv[argv.indexOf('--port') + 1]) : 3000;
const server = Bun.serve({ port, hostname: '127.0.0.1', fetch: handler });
process.stdout.write(`listening http://127.0.0.1:${server.port}/mcp\n`);
