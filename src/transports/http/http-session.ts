import type { JsonObject, Peer, ProtocolVersion } from '../../core';

/**
 * One client of the HTTP transport: what the core receives as context by default. In session
 * mode it lives from `initialize` to `DELETE` (or idle expiry) under its `Mcp-Session-Id`; in
 * stateless mode one is made for each POST, without an `id`.
 *
 * @example
 * const core = new McpCore<HttpSession>({
 *   name: 'Notes', version: '1.0.0',
 *   lister: () => tools,
 *   caller: (name, args, session) => ({ content: [{ type: 'text', text: `Hello ${String(session.identity)}` }] }),
 * });
 */
export class HttpSession {
  /** The `Mcp-Session-Id`; `undefined` in stateless mode. */
  readonly id: string | undefined;
  /** What `authenticate` returned for the latest request of this session (`undefined` without authentication). */
  identity: unknown;
  /**
   * The client as the core sees it: revision, capabilities, log level, subscriptions, requests in
   * flight.
   *
   * @internal
   */
  readonly peer: Peer;
  /** When the session began (ms since the epoch). */
  readonly createdAt: number;

  /**
   * The transport makes sessions; an application receives them.
   *
   * @internal
   */
  constructor(id: string | undefined, identity: unknown, peer: Peer) {
    this.id = id;
    this.identity = identity;
    this.peer = peer;
    this.createdAt = Date.now();
  }

  /** The revision agreed at `initialize` (kept in the peer). */
  get revision(): ProtocolVersion | undefined {
    return this.peer.revision;
  }

  set revision(revision: ProtocolVersion | undefined) {
    this.peer.revision = revision;
  }

  /** The `capabilities` the client declared at `initialize`. */
  get clientCapabilities(): JsonObject | undefined {
    return this.peer.clientCapabilities;
  }

  /** The `clientInfo` the client sent at `initialize`. */
  get clientInfo(): JsonObject | undefined {
    return this.peer.clientInfo;
  }
}
