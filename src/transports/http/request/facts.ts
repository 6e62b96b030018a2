import type { LinkFacts } from '../../../core';
import type { HttpRequest } from './message';

/**
 * What OpenTelemetry's conventions record of an HTTP connection: `network.*` (tcp, http and its
 * version), `server.*` from the Host header (else the local socket), `client.*` from the peer
 * socket, and the MCP session. Built only while requests are traced.
 */
export function connectionFacts(request: HttpRequest, sessionId: string | undefined): LinkFacts {
  const socket = request.connection();
  const version = socket.httpVersion;
  const host = hostOf(request.headers.host as string | undefined);
  return {
    transport: 'tcp',
    protocolName: 'http',
    // semconv network.protocol.version: "1.1", "2" (node says "2.0").
    protocolVersion: version === '2.0' ? '2' : version,
    serverAddress: host?.address ?? socket.localAddress,
    serverPort: host?.port ?? socket.localPort,
    clientAddress: socket.remoteAddress,
    clientPort: socket.remotePort,
    sessionId,
  };
}

function hostOf(
  value: string | undefined,
): { address: string; port: number | undefined } | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const url = new URL(`http://${value}`);
    const address = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    return { address, port: url.port === '' ? undefined : Number(url.port) };
  } catch {
    return undefined;
  }
}
