/**
 * The SDK's server over Streamable HTTP on `node:http`, as its documentation shows:
 * - session mode: one `StreamableHTTPServerTransport` and one `McpServer` per session, created at
 *   `initialize` and found by `Mcp-Session-Id` afterwards;
 * - stateless mode: a new server and transport for every request, closed with the response.
 * Answers are JSON (`enableJsonResponse`), the same wire format ours sends, and its cheapest mode.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createSdkServer } from '../servers/sdk';
import { serveParent } from './parent';

const sessions = process.argv[2] !== 'stateless';
const transports = new Map<string, StreamableHTTPServerTransport>();

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString()));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
}

async function stateful(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const id = req.headers['mcp-session-id'];
  const body = req.method === 'POST' ? await readJson(req) : undefined;
  let transport = typeof id === 'string' ? transports.get(id) : undefined;
  if (transport === undefined) {
    if (id !== undefined || req.method !== 'POST' || !isInitializeRequest(body)) {
      return refuse(res, id === undefined ? 400 : 404, 'No valid session');
    }
    const created = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (sessionId) => {
        transports.set(sessionId, created);
      },
    });
    created.onclose = () => {
      if (created.sessionId !== undefined) transports.delete(created.sessionId);
    };
    await createSdkServer().connect(created);
    transport = created;
  }
  await transport.handleRequest(req, res, body);
}

async function stateless(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return refuse(res, 405, 'Method not allowed');
  const body = await readJson(req);
  const server = createSdkServer();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

const handler = sessions ? stateful : stateless;
const server = createServer((req, res) => {
  handler(req, res).catch((error: unknown) => {
    if (!res.headersSent) refuse(res, 500, String(error));
    else res.end();
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  serveParent(`http://127.0.0.1:${port}/mcp`, async () => {
    for (const transport of transports.values()) await transport.close();
    server.closeAllConnections();
    server.close();
  });
});
