/**
 * The benchmark's server written with the official SDK: `McpServer.registerTool('add', …)` with the
 * same zod input schema and the same text result.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AddInput } from './ours';

/** A new SDK server with the tool `add`. */
export function createSdkServer(): McpServer {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool(
    'add',
    { description: 'Adds two numbers.', inputSchema: AddInput },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  return server;
}
