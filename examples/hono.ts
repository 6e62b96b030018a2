/**
 * The greeter (examples/greeter.ts) mounted in a Hono app on Node.js (`@hono/node-server`):
 * `declarative-mcp/fetch`'s handler takes Hono's `Request` and returns the `Response`.
 *
 *   npm run build
 *   node build/examples/hono.js --port 3000   # prints: listening http://127.0.0.1:3000/mcp
 *
 * Node keeps memory between requests, so 2025-11-25 clients get sessions (`sessions: true`);
 * 2026-07-28 clients need none.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createFetchHandler } from 'declarative-mcp/fetch';
import { Hono } from 'hono';
import { app } from './greeter';

const handler = createFetchHandler(app, {
  path: '/mcp',
  sessions: true,
  // A fetch handler does not see the socket: name the hosts a loopback server answers to.
  allowedHosts: ['127.0.0.1', 'localhost'],
});

const hono = new Hono();
hono.get('/', (c) => c.text('An MCP server: POST /mcp'));
hono.all('/mcp', (c) => {
  const { remote } = getConnInfo(c);
  return handler(c.req.raw, { remoteAddr: { hostname: remote.address, port: remote.port } });
});

const argv = process.argv.slice(2);
const given = argv[argv.indexOf('--port') + 1];
const port = argv.includes('--port') ? Number(given) : Number(process.env.PORT ?? 3000);

const server = serve({ fetch: hono.fetch, port, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening http://127.0.0.1:${info.port}/mcp\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
