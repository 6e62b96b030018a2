import type { ServerResponse } from 'node:http';

const EXPOSED = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate';
const REQUEST_HEADERS =
  'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';

/**
 * CORS for an origin that passed the `Origin` check, so browser-based clients (inspectors, web
 * apps on an allowed origin) can read the answers and the `Mcp-Session-Id` header.
 */
export function allowOrigin(res: ServerResponse, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  res.setHeader('Vary', 'Origin');
}

/** The answer to an `OPTIONS` request (a CORS preflight when it comes from an allowed origin). */
export function preflight(res: ServerResponse, allow: string, cors: boolean): void {
  const headers: Record<string, string> = { Allow: allow };
  if (cors) {
    headers['Access-Control-Allow-Methods'] = allow;
    headers['Access-Control-Allow-Headers'] = REQUEST_HEADERS;
    headers['Access-Control-Max-Age'] = '600';
  }
  res.writeHead(204, headers);
  res.end();
}
