/**
 * The SDK's server over its stdio transport as an ES module app (measurement 5's ESM row): the
 * same `add` tool as servers/sdk.ts, with zod imported as ESM.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'bench', version: '1.0.0' });
server.registerTool(
  'add',
  { description: 'Adds two numbers.', inputSchema: z.object({ a: z.number(), b: z.number() }) },
  ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
);
void server.connect(new StdioServerTransport());
process.stdin.on('end', () => void server.close());
