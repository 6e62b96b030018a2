/**
 * The session group (session mode): the sessions this process holds, their records in the state
 * adapter, admission of new ones, the gate for requests after `initialize`, the session's GET
 * stream, and the relay between processes that share an adapter.
 */
export { openSession } from './admission';
export { Cluster } from './cluster';
export {
  ASSUMED_REVISION,
  GateRefusal,
  SessionGate,
  sendRefusal,
  versionRefusal,
} from './gate';
export { changesSession, recordOf, SessionRecords } from './records';
export { type SessionEntry, SessionStore } from './store';
export { openSessionStream, type StreamHost, takesPriming, toSession } from './streams';
