/**
 * `SessionGate`: the way into a session for a request after `initialize`. It decides and returns
 * the refusal (status, message, JSON-RPC code); it never writes a response. `versionRefusal`
 * checks `MCP-Protocol-Version` alone (stateless POSTs use it without a session).
 */
import type { IncomingMessage } from 'node:http';
import { memoryAdapter } from '../../../../src/adapter';
import { Refusal as GateRefusal } from '../../../../src/transports/http/request';
import { SessionGate, versionRefusal } from '../../../../src/transports/http/session/gate';
import { SessionRecords } from '../../../../src/transports/http/session/records';
import { type SessionEntry, SessionStore } from '../../../../src/transports/http/session/store';

function request(headers: Record<string, string | string[]>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

function setup(options: { authenticated?: boolean; strictVersion?: boolean } = {}) {
  const adapter = memoryAdapter();
  const store = new SessionStore({ idleTimeout: 0, max: 10, clientRequestTimeout: 1000 });
  const records = new SessionRecords(adapter, 0, { max: 10, perSource: 0 }, () => {});
  const gate = new SessionGate({
    store,
    records,
    ownerOf: (identity) =>
      options.authenticated ? String((identity as { sub: string }).sub) : undefined,
    authenticated: options.authenticated === true,
    strictVersion: options.strictVersion !== false,
  });
  return { adapter, store, records, gate };
}

function opened(store: SessionStore, identity?: unknown, owner?: string): SessionEntry {
  const entry = store.open(identity, owner);
  entry.session.peer.revision = '2025-06-18';
  return entry;
}

describe('SessionGate', () => {
  it('lets a request into the session it names, at once when the session is held here', () => {
    const { store, gate } = setup();
    const entry = opened(store);
    expect(gate.enter(request({ 'mcp-session-id': entry.session.id! }), undefined)).toBe(entry);
  });

  it('refuses 400 without Mcp-Session-Id, saying how to get one', () => {
    const { gate } = setup();
    for (const headers of [{}, { 'mcp-session-id': '' }] as Record<string, string>[]) {
      const refused = gate.enter(request(headers), undefined);
      expect(refused).toBeInstanceOf(GateRefusal);
      expect(refused).toEqual({
        status: 400,
        message:
          'Bad Request: the Mcp-Session-Id header is required (send initialize first to open a session)',
        code: -32000,
      });
    }
  });

  it('refuses 404 (-32001) for a session neither held nor recorded', async () => {
    const { gate } = setup();
    const refused = await gate.enter(request({ 'mcp-session-id': 'nope' }), undefined);
    expect(refused).toEqual({
      status: 404,
      message: 'Session not found: send initialize to open a new session',
      code: -32001,
    });
  });

  it("refuses another identity's session exactly like an unknown one", () => {
    const { store, gate } = setup({ authenticated: true });
    const entry = opened(store, { sub: 'alice' }, 'alice');
    const id = entry.session.id!;
    const refused = gate.enter(request({ 'mcp-session-id': id }), { sub: 'mallory' });
    expect(refused).toEqual({
      status: 404,
      message: 'Session not found: send initialize to open a new session',
      code: -32001,
    });
    // The owner gets in, and the session keeps the identity of its latest request.
    const refreshed = { sub: 'alice', scopes: ['read'] };
    expect(gate.enter(request({ 'mcp-session-id': id }), refreshed)).toBe(entry);
    expect(entry.session.identity).toBe(refreshed);
  });

  it('adopts a session another process recorded in the adapter', async () => {
    const { store, records, gate } = setup();
    const elsewhere = new SessionStore({ idleTimeout: 0, max: 10, clientRequestTimeout: 1000 });
    const theirs = opened(elsewhere);
    theirs.session.peer.logLevel = 'error';
    expect(await records.create(theirs)).toBe('created');
    const id = theirs.session.id!;
    const adopted = await gate.enter(request({ 'mcp-session-id': id }), undefined);
    expect(adopted).not.toBeInstanceOf(GateRefusal);
    expect((adopted as SessionEntry).session.peer.logLevel).toBe('error');
    expect(store.get(id)).toBe(adopted);
  });

  it('refuses 400 a protocol version other than the session agreed', () => {
    const { store, gate } = setup();
    const id = opened(store).session.id!;
    expect(
      gate.enter(
        request({ 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' }),
        undefined,
      ),
    ).toEqual({
      status: 400,
      message:
        'Bad Request: MCP-Protocol-Version 2025-11-25 does not match the revision 2025-06-18 agreed at initialize. Send the negotiated revision, or initialize a new session.',
      code: -32000,
    });
    // 2025-03-26, the revision assumed without the header, passes; so does any with strictVersion off.
    const assumed = request({ 'mcp-session-id': id, 'mcp-protocol-version': '2025-03-26' });
    expect(gate.enter(assumed, undefined)).toBe(store.get(id));
    const lax = setup({ strictVersion: false });
    const other = opened(lax.store).session.id!;
    const newer = request({ 'mcp-session-id': other, 'mcp-protocol-version': '2025-11-25' });
    expect(lax.gate.enter(newer, undefined)).toBe(lax.store.get(other));
  });
});

describe('versionRefusal', () => {
  it('passes a request without the header, or with a supported revision', () => {
    expect(versionRefusal(request({}), undefined, true)).toBeUndefined();
    expect(
      versionRefusal(request({ 'mcp-protocol-version': '2025-06-18' }), undefined, true),
    ).toBeUndefined();
  });

  it('refuses 400 an unsupported or repeated header, naming the supported revisions', () => {
    for (const version of ['1999-01-01', ['2025-06-18', '2025-06-18']]) {
      const refused = versionRefusal(request({ 'mcp-protocol-version': version }), undefined, true);
      expect(refused?.status).toBe(400);
      expect(refused?.message).toMatch(
        /^Bad Request: unsupported MCP-Protocol-Version .* \(supported: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05\)$/,
      );
    }
  });
});
