import type { Peer } from './peer';
import type { JsonObject, RequestHeaders } from './types';

/**
 * What a transport hands {@link McpCore.handle} with each payload so calls can speak before
 * their result: the client's {@link Peer} and the path to send messages on (stdout, or the
 * SSE stream of an HTTP POST). Messages are sent in order, before the answer.
 */
export interface Link {
  peer: Peer;
  send(message: JsonObject): void;
  /**
   * Asked when a call is refused for lacking `scopes`: a transport that can refuse the request
   * itself (Streamable HTTP with `scopeChallenge`: `403 insufficient_scope`) records it and
   * returns true, and then sends that instead of the answer. Optional.
   */
  challenge?(scopes: readonly string[]): boolean;

  /**
   * Ends the connection the messages travel on, when the client can resume it (HTTP with
   * resumable streams); false when it cannot. See {@link McpCall.closeStream}.
   */
  closeStream?(): boolean;
  /**
   * The request's HTTP headers (lower-case names): a 2026-07-28 request is checked against them
   * (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`). Absent on stdio.
   */
  readonly headers?: RequestHeaders;
  /**
   * Who is calling: HTTP's identity key, else its session; the process on stdio. MRTR request
   * state and tasks are bound to it.
   */
  readonly principal?: string;
  /**
   * Neither an identity nor a session tells this caller apart from others (stateless HTTP without
   * authentication): `tasks/list` lists nothing to it and `initialize` does not declare it.
   */
  readonly anonymous?: boolean;
  /** The connection's first request (other than `server/discover`) fixes its revision (stdio). */
  readonly pinsRevision?: boolean;
  /**
   * What the transport knows of the connection (network, addresses, session): asked only while
   * requests are observed (OpenTelemetry), never on the plain path.
   */
  facts?(): LinkFacts;
}

/**
 * The connection a request came on, as OpenTelemetry's conventions name it (`network.*`,
 * `server.*`, `client.*`, `mcp.session.id`); what a transport does not know stays out.
 */
export interface LinkFacts {
  /** `network.transport`: `pipe` for stdio, `tcp` for HTTP. */
  readonly transport: 'pipe' | 'tcp' | 'quic' | 'unix';
  /** `network.protocol.name`, lower case (`http`). */
  readonly protocolName?: string;
  /** `network.protocol.version` (`1.1`, `2`). */
  readonly protocolVersion?: string;
  /** `server.address`: the Host the client named, else the local address. */
  readonly serverAddress?: string;
  /** `server.port`. */
  readonly serverPort?: number;
  /** `client.address`: the peer socket's address. */
  readonly clientAddress?: string;
  /** `client.port`. */
  readonly clientPort?: number;
  /** The MCP session (HTTP `Mcp-Session-Id`). */
  readonly sessionId?: string;
}
