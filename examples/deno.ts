/**
 * The greeter (examples/greeter.ts) on Deno: `Deno.serve` calls the fetch handler with each
 * `Request` and its `ServeHandlerInfo`, from which the handler reads the client's address.
 *
 *   npm run build
 *   deno run --allow-net --allow-env build/examples/deno.js --port 3000
 *   # prints: listening http://127.0.0.1:3000/mcp
 */
import { createFetchHandler } from 'declarative-mcp/fetch';
import { app } from './greeter';

/** What this example uses of Deno's global (Deno's own types declare all of it). */
declare const Deno: {
  args: string[];
  serve(
    options: { port: number; hostname: string; onListen(address: { port: number }): void },
    handler: (
      request: Request,
      info: { remoteAddr: { hostname: string; port: number } },
    ) => Promise<Response>,
  ): unknown;
};

const handler = createFetchHandler(app, {
  path: '/mcp',
  // A fetch handler does not see the socket: name the hosts a loopback server answers to.
  allowedHosts: ['127.0.0.1', 'localhost'],
});

const port = Deno.args.includes('--port')
  ? Number(Deno.args[Deno.args.indexOf('--port') + 1])
  : 3000;
Deno.serve(
  {
    port,
    hostname: '127.0.0.1',
    onListen: (address) => console.log(`listening http://127.0.0.1:${address.port}/mcp`),
  },
  handler,
);
