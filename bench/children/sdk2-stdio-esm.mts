/**
 * SDK v2's server over its stdio transport as an ES module app (measurement 5's ESM row, "SDK
 * v2"): `@modelcontextprotocol/server` 2.4.0, the same `add` tool as servers/sdk.ts, zod
 * imported as ESM.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const server = new McpServer({ name: 'bench', version: '1.0.0' });
server.registerTool(
  'add',
  { description: 'Adds two numbers.', inputSchema: z.object({ a: z.number(), b: z.number() }) },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
);
void server.connect(new StdioServerTransport());
process.stdin.on('end', () => void server.close());
