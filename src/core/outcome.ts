import type { Revision } from './revisions';

/**
 * What the core tells its transport about one payload, beside the JSON text: so a transport
 * chooses its HTTP status, opens or drops a session, and never reads the core's output.
 */
export interface Outcome {
  /** The JSON text to send, or `null` when nothing is owed (only notifications or responses). */
  readonly text: string | null;
  /**
   * `'refused'`: the whole message was refused (parse error, invalid request or batch: one
   * error with `id: null`); `'answer'`: one answer per request; `'none'`: nothing owed.
   */
  readonly kind: 'answer' | 'refused' | 'none';
  /** A single request whose answer is a result. */
  readonly ok: boolean;
  /** A single request answered with an error: its code. */
  readonly code: number | undefined;
  /**
   * A single request refused because a dependency it needs is out (the shared state, the key
   * server): the HTTP transport answers `503` with `Retry-After`.
   */
  readonly unavailable: boolean;
  /** The method of a single message. */
  readonly method: string | undefined;
  /**
   * The revision of a single message (`undefined` for a batch); a `server/discover` probe that
   * names none is answered in the revision that discovers (2026-07-28).
   */
  readonly revision: Revision | undefined;
}
