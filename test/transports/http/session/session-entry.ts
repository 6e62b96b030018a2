/** A session entry as the store keeps one, made by hand for the session group's unit tests. */
import { Peer } from '../../../../src/core';
import { HttpSession } from '../../../../src/transports/http';
import type { SessionEntry } from '../../../../src/transports/http/session';

export function sessionEntry(
  id: string,
  peer: Peer = new Peer(),
  extra: Partial<SessionEntry> = {},
): SessionEntry {
  return {
    id,
    session: new HttpSession(id, undefined, peer),
    owner: undefined,
    source: undefined,
    used: false,
    active: 0,
    lastActive: 0,
    touchedAt: 0,
    stream: undefined,
    resumption: undefined,
    ...extra,
  };
}
