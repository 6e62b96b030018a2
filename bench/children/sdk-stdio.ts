/** The SDK's server over its stdio transport (measurements 2 and 5). */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createSdkServer } from '../servers/sdk';

const server = createSdkServer();
void server.connect(new StdioServerTransport());
process.stdin.on('end', () => void server.close());
