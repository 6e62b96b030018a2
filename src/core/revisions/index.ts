import { ErrorCode } from '../error-codes';
import { Fault } from '../errors';
import type { JsonObject } from '../types';
import { isObject } from '../types';
import { MCP_2025_11_25 as MCP_2025 } from './2025-11-25';
import { MCP_2026_07_28 as MCP_2026 } from './2026-07-28';
import type { Revision } from './revision';

/**
 * The negotiation table: every revision this core speaks, newest first, in the order they are
 * asked whether a message is theirs. The revision with sessions comes last: what no other
 * claims is its.
 */
export const REVISIONS: readonly Revision[] = Object.freeze([MCP_2026, MCP_2025]);

/** The revisions that answer without a session, asked in order (all but the last). */
const CLAIMING = REVISIONS.slice(0, -1);
/** The revision of a message no other claims: the one with sessions. */
const FALLBACK = REVISIONS[REVISIONS.length - 1];
/** What `server/discover` answers in `supportedVersions`. */
export const DISCOVERED_VERSIONS: readonly string[] = REVISIONS.filter((r) => r.discovered).flatMap(
  (r) => r.versions,
);
/** The revision a `server/discover` probe (naming none) is answered in: the one that discovers. */
const PROBED = REVISIONS.find((r) => r.discovered) ?? FALLBACK;

/**
 * The revision a single message speaks: the first of the table that claims it (by its `_meta`,
 * or the transport's version hint), else — for a `server/discover` that names none, a probe
 * answered the same to every client — the revision that discovers, else the one with sessions.
 */
export function revisionOf(message: unknown, hint: string | undefined): Revision {
  if (!isObject(message)) return FALLBACK;
  for (const revision of CLAIMING) if (revision.claims(message, hint)) return revision;
  return message.method === 'server/discover' ? PROBED : FALLBACK;
}

/**
 * The refusal of a JSON-RPC batch, when the revision it speaks has none (the transport names
 * the revision, or a member does); `undefined` for a batch to answer, or a single message.
 */
export function batchRefusal(message: unknown, hint: string | undefined): string | undefined {
  if (!Array.isArray(message)) return undefined;
  for (const revision of CLAIMING) {
    if (revision.batchRefusal === undefined) continue;
    if (hint !== undefined && revision.versions.includes(hint)) return revision.batchRefusal;
    for (const item of message) {
      if (isObject(item) && revision.claims(item as JsonObject, undefined)) {
        return revision.batchRefusal;
      }
    }
  }
  return undefined;
}

/** The revision object of `version`, or `undefined` when this core does not speak it. */
export function revisionNamed(version: string): Revision | undefined {
  return REVISIONS.find((r) => r.versions.includes(version));
}

const SUPPORTED = REVISIONS.filter((r) => !r.sessions).flatMap((r) => r.versions);
const HANDSHAKE = REVISIONS.find((r) => r.sessions)?.name;

/**
 * -32022 for a request that names a revision this server does not speak, with the revisions it
 * does (`data: { supported, requested }`, MCP 2026-07-28 basic/index).
 */
export function unsupportedVersion(requested: string): Fault {
  return new Fault(
    ErrorCode.UNSUPPORTED_PROTOCOL_VERSION,
    `Unsupported protocol version ${JSON.stringify(requested)}: use one of ${SUPPORTED.join(', ')}${HANDSHAKE === undefined ? '' : ` (or initialize with ${HANDSHAKE})`}`,
    { supported: [...SUPPORTED], requested },
  );
}

export type { Inbound } from './inbound';
export type { DeclaredClient, Revision } from './revision';
/**
 * The revisions, as constants rather than `export { … }`: tsc writes a re-export as a getter over
 * a member first set to `undefined`, which turns this module's exports object to dictionary mode,
 * and each `revisionOf`/`batchRefusal` of a request then paid a generic property load.
 */
export const MCP_2025_11_25 = MCP_2025;
export const MCP_2026_07_28 = MCP_2026;
