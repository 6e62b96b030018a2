import type { StreamHub } from '../stream';
import type { SessionGate } from './gate';
import type { SessionRecords } from './records';
import type { SessionStore } from './store';

/**
 * Session mode (`sessions: true`), as one object: present when the endpoint keeps sessions,
 * absent when it is stateless. The sessions this process holds, their records in the state
 * adapter, the way into them, and the live side of their resumable streams.
 */
export interface SessionMode {
  /** The sessions this process holds. */
  readonly store: SessionStore;
  /** The sessions' records in the state adapter. */
  readonly records: SessionRecords;
  /** The way into a session for requests after `initialize`. */
  readonly gate: SessionGate;
  /** The live side of resumable streams. */
  readonly hub: StreamHub;
}
