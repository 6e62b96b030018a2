import type { Link } from '../link';
import type { DeclaredClient, RequestView, Retry, Revision } from './revision';

/**
 * One request as the core sees it while answering: the revision it speaks, the transport's path
 * back to its client, and what the request itself declares about that client.
 */
export interface Inbound extends RequestView {
  /** The request's revision object (a `server/discover` probe that names none: 2026-07-28's). */
  readonly revision: Revision;
  /** The transport's path back to the client, when there is one. */
  readonly link: Link | undefined;
  /** What the request's `_meta` declares about its client (revisions without sessions). */
  readonly client: DeclaredClient | undefined;
  /** The asks that wait for a retry, while a method that may ask by retry runs. */
  retry?: Retry;
}
