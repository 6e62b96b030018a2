import { type ServerRequestOptions, ServerRequests } from './peer/server-requests';

/** Options of {@link Peer}: those of each of its roles. */
export type PeerOptions = ServerRequestOptions;

/**
 * What a transport keeps for one client — a stdio process or one HTTP session — so calls can
 * speak to it. The core stays stateless: the transport owns the peer and hands it in with every
 * payload (see `Link`). A peer has three roles, each in its module under `peer/`, joined by
 * inheritance so that a peer is one object (a stateless HTTP POST makes one per request):
 * - `ClientRecord` (`peer/client.ts`): the revision and capabilities the client declared at
 *   `initialize`, its log level, its resource subscriptions, and the bytes they are charged;
 * - `ClientRequests` (`peer/in-flight.ts`): the client's requests in flight, to cancel them;
 * - `ServerRequests` (`peer/server-requests.ts`): the requests the server sent the client
 *   that await an answer.
 * This class adds the end of them all: {@link close}.
 */
export class Peer extends ServerRequests {
  private closers: ((reason: Error) => void)[] | undefined;

  constructor(options: PeerOptions = {}) {
    super(options);
  }

  /** The client is gone: abort every in-flight request and reject every pending one. */
  close(reason: Error = new Error('The connection to the client closed.')): void {
    this.release(reason);
    this.abortFlights(reason);
    this.rejectPending(reason);
    const closers = this.closers;
    this.closers = undefined;
    if (closers !== undefined) for (const closer of closers) closer(reason);
  }

  /** Tells `listener` once, when the peer closes (telemetry: the session's duration). */
  onClose(listener: (reason: Error) => void): void {
    if (this.closed !== undefined) return;
    if (this.closers === undefined) this.closers = [listener];
    else this.closers.push(listener);
  }
}
