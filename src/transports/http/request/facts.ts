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

type Host = { address: string; port: number | undefined } | undefined;

/**
 * `host[:port]` or `[ipv6][:port]` (RFC 9110 Host), read without a URL parse: this runs once per
 * traced request (telemetry row of bench/README.md). Anything else is `undefined`.
 */
function hostOf(value: string | undefined): Host {
  if (value === undefined || value === '') return undefined;
  let address: string;
  let rest: string;
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    if (close < 0) return undefined;
    address = value.slice(1, close);
    rest = value.slice(close + 1);
  } else {
    const colon = value.indexOf(':');
    address = colon < 0 ? value : value.slice(0, colon);
    rest = colon < 0 ? '' : value.slice(colon);
  }
  if (address === '' || /[\s/?#@]/.test(address)) return undefined;
  if (rest === '' || rest === ':') return { address: address.toLowerCase(), port: undefined };
  if (!/^:\d{1,5}$/.test(rest)) return undefined;
  const port = Number(rest.slice(1));
  return port > 65535 ? undefined : { address: address.toLowerCase(), port };
}
