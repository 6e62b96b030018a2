import type { Reply } from './message';

const EXPOSED = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate';
const REQUEST_HEADERS =
  'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';

/**
 * CORS for an origin that passed the `Origin` check, so browser-based clients (inspectors, web
 * apps on an allowed origin) can read the answers and the `Mcp-Session-Id` header.
 */
export function allowOrigin(reply: Reply, origin: string): void {
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Access-Control-Expose-Headers', EXPOSED);
  reply.header('Vary', 'Origin');
}

/** The answer to an `OPTIONS` request (a CORS preflight when it comes from an allowed origin). */
export function preflight(reply: Reply, allow: string, cors: boolean): void {
  const headers: Record<string, string> = { Allow: allow };
  if (cors) {
    headers['Access-Control-Allow-Methods'] = allow;
    headers['Access-Control-Allow-Headers'] = REQUEST_HEADERS;
    headers['Access-Control-Max-Age'] = '600';
  }
  reply.empty(204, headers);
}
