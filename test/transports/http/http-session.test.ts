/**
 * `HttpSession`, what the core receives as context by default: its id (none in stateless mode),
 * the identity of the latest request, when it began, and the client's revision, capabilities and
 * info read from (and the revision written to) the peer the core keeps.
 */
import { Peer } from '../../../src/core';
import { HttpSession } from '../../../src/transports/http';

test('id, identity and createdAt as made', () => {
  const before = Date.now();
  const session = new HttpSession('s1', { sub: 'alice' }, new Peer());
  expect(session.id).toBe('s1');
  expect(session.identity).toEqual({ sub: 'alice' });
  expect(session.createdAt).toBeGreaterThanOrEqual(before);
  expect(session.createdAt).toBeLessThanOrEqual(Date.now());
  session.identity = { sub: 'alice', scopes: ['read'] };
  expect(session.identity).toEqual({ sub: 'alice', scopes: ['read'] });
});

test('stateless: no id, and nothing known of the client until initialize', () => {
  const session = new HttpSession(undefined, undefined, new Peer());
  expect(session.id).toBeUndefined();
  expect(session.identity).toBeUndefined();
  expect(session.revision).toBeUndefined();
  expect(session.clientCapabilities).toBeUndefined();
  expect(session.clientInfo).toBeUndefined();
});

test('the client as the peer keeps it; the revision written through to the peer', () => {
  const peer = new Peer();
  const session = new HttpSession('s2', undefined, peer);
  peer.remember({ roots: { listChanged: true } }, { name: 'c', version: '1' });
  peer.revision = '2025-06-18';
  expect(session.clientCapabilities).toEqual({ roots: { listChanged: true } });
  expect(session.clientInfo).toEqual({ name: 'c', version: '1' });
  expect(session.revision).toBe('2025-06-18');
  session.revision = '2025-11-25';
  expect(peer.revision).toBe('2025-11-25');
  session.revision = undefined;
  expect(peer.revision).toBeUndefined();
  expect(session.peer).toBe(peer);
});
