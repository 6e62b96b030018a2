import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** JSON-RPC code of transport-level refusals (the server-error range; MCP SDKs use it too). */
export const TRANSPORT_ERROR = -32000;
/** JSON-RPC code sent with `404` for an unknown, ended or expired session. */
export const SESSION_NOT_FOUND = -32001;

/** Sends a JSON body with a status; does nothing more once a response has begun. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: string,
  headers?: OutgoingHttpHeaders,
): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  const length = Buffer.byteLength(body);
  if (headers === undefined) {
    // Every answer goes this way: a flat header list, no object to build and enumerate.
    res.writeHead(status, ['Content-Type', 'application/json', 'Content-Length', String(length)]);
  } else {
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'application/json',
      'Content-Length': length,
    });
  }
  res.end(body);
}

/**
 * A refusal at the HTTP level, with a JSON-RPC error without id as its body (MCP basic/transports:
 * the body MAY comprise a JSON-RPC error response that has no id).
 */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers?: OutgoingHttpHeaders,
  code = TRANSPORT_ERROR,
): void {
  sendJson(
    res,
    status,
    JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }),
    headers,
  );
}

/** A response with no body (`202`, `204`). */
export function sendEmpty(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders = {},
): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  res.writeHead(status, headers);
  res.end();
}
