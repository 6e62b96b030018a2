/**
 * The session group (session mode): the sessions this process holds, their records in the state
 * adapter, admission of new ones, the gate for requests after `initialize`, the session's GET
 * stream, and the relay between processes that share an adapter.
 */
export { type AdmissionHost, addressKey, openSession } from './admission';
export { Cluster } from './cluster';
export { ASSUMED_REVISION, SessionGate, versionRefusal } from './gate';
export type { SessionMode } from './mode';
export { changesSession, recordOf, SessionRecords } from './records';
export { type SessionEntry, SessionStore } from './store';
export { openSessionStream, type StreamHost, takesPriming, toSession } from './streams';
