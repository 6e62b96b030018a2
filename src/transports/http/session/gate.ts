import {
  ASSUMED_VERSION,
  ErrorCode,
  type ProtocolVersion,
  type RequestHeaders,
  VERSIONS,
} from '../../../core';
import { Refusal } from '../request';
import { applyRecord, type SessionRecords } from './records';
import type { SessionEntry, SessionStore } from './store';

/** The revision a server assumes when a client sends no `MCP-Protocol-Version` (MCP 2025-06-18). */
export const ASSUMED_REVISION: ProtocolVersion = ASSUMED_VERSION;

/** What the gate reads of a request: its headers. */
type Headed = { readonly headers: RequestHeaders };

const NO_SESSION_ID = new Refusal(
  400,
  'Bad Request: the Mcp-Session-Id header is required (send initialize first to open a session)',
);
const SESSION_UNKNOWN = new Refusal(
  404,
  'Session not found: send initialize to open a new session',
  ErrorCode.SESSION_NOT_FOUND,
);

/**
 * Checks `MCP-Protocol-Version` (MCP 2025-06-18 basic/transports): an invalid or unsupported
 * value is refused `400`, and so is a supported one other than the revision the session agreed
 * at `initialize` — except `2025-03-26`, the revision a server assumes when the header is
 * absent: a client that names it is treated like one that sends none (the official conformance
 * suite sends it on sessions of any revision). `strict: false` accepts any supported revision.
 */
export function versionRefusal(
  req: Headed,
  revision: string | undefined,
  strict: boolean,
): Refusal | undefined {
  const version = req.headers['mcp-protocol-version'];
  if (version === undefined) return undefined;
  if (typeof version !== 'string' || !(VERSIONS as readonly string[]).includes(version)) {
    return new Refusal(
      400,
      `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(version)} (supported: ${VERSIONS.join(', ')})`,
    );
  }
  if (strict && revision !== undefined && version !== revision && version !== ASSUMED_REVISION) {
    return new Refusal(
      400,
      `Bad Request: MCP-Protocol-Version ${version} does not match the revision ${revision} agreed at initialize. Send the negotiated revision, or initialize a new session.`,
    );
  }
  return undefined;
}

/** What the gate needs of its endpoint. */
export interface SessionGateOptions {
  /** The sessions this process holds. */
  readonly store: SessionStore;
  /** The sessions' records in the state adapter (a session another process opened). */
  readonly records: SessionRecords;
  /** The owner key of an identity (undefined without authentication). */
  readonly ownerOf: (identity: unknown) => string | undefined;
  /** Whether requests are authenticated (the session then keeps the latest identity). */
  readonly authenticated: boolean;
  /** `strictProtocolVersion` (default true). */
  readonly strictVersion: boolean;
}

/**
 * The way into a session for a request after `initialize` (POST, GET, DELETE): the session its
 * `Mcp-Session-Id` names, held here or loaded from the state adapter, if the caller owns it and
 * its `MCP-Protocol-Version` fits — or the refusal to send, never written here:
 * `400` without the header (MCP: servers requiring a session SHOULD answer 400), `404` for an
 * unknown, ended or expired session and for a session opened by another identity (its
 * existence is not revealed), `400` for a protocol version that does not fit.
 */
export class SessionGate {
  constructor(private readonly options: SessionGateOptions) {}

  /**
   * The request's session, or the refusal. Synchronous when the session is held here (the
   * common case, and the only one in memory); a promise when it is looked up in the adapter.
   */
  enter(req: Headed, identity: unknown): SessionEntry | Refusal | Promise<SessionEntry | Refusal> {
    const { store, records } = this.options;
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string' || id === '') return NO_SESSION_ID;
    // One clock read for the expiry check and the renewal (Date.now() calls into V8's runtime).
    const now = Date.now();
    const entry = store.get(id, now);
    if (entry !== undefined) return this.admit(entry, req, identity, now);
    return records.load(id).then((record) => {
      if (record === undefined) return SESSION_UNKNOWN;
      const fresh = store.entryFor(id, identity, record.owner, record.source);
      applyRecord(fresh.session.peer, record);
      return this.admit(store.adopt(fresh), req, identity, Date.now());
    });
  }

  /** The entry if the identity may use it and the version fits; else the refusal. */
  private admit(
    entry: SessionEntry,
    req: Headed,
    identity: unknown,
    now: number,
  ): SessionEntry | Refusal {
    const { ownerOf, authenticated, records, strictVersion } = this.options;
    if (entry.owner !== ownerOf(identity)) return SESSION_UNKNOWN;
    if (authenticated) entry.session.identity = identity;
    records.touch(entry, now);
    return versionRefusal(req, entry.session.revision, strictVersion) ?? entry;
  }
}
