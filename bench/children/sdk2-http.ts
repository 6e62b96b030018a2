/**
 * SDK v2's server over Streamable HTTP for MCP 2026-07-28 (measurement 3, "2026"): one
 * `createMcpHandler` with an `McpServer` factory (`@modelcontextprotocol/server` 2.4.0), mounted on
 * `node:http` with `toNodeHandler` (`@modelcontextprotocol/node`), as its documentation shows.
 * Answers are JSON (`responseMode: 'json'`), the same wire format ours sends.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { AddInput } from '../servers/ours';
import { serveParent } from './parent';

const handler = toNodeHandler(
  createMcpHandler(
    () => {
      const server = new McpServer({ name: 'bench', version: '1.0.0' });
      server.registerTool(
        'add',
        { description: 'Adds two numbers.', inputSchema: AddInput },
        ({ a, b }: { a: number; b: number }) => ({
          content: [{ type: 'text', text: String(a + b) }],
        }),
      );
      return server;
    },
    { responseMode: 'json' },
  ),
);

const server = createServer((req, res) => {
  handler(req, res).catch((error: unknown) => {
    if (!res.headersSent) {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32603, message: String(error) },
        }),
      );
    } else res.end();
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  serveParent(`http://127.0.0.1:${port}/mcp`, async () => {
    server.closeAllConnections();
    server.close();
  });
});
