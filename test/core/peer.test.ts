/**
 * `Peer`, what a transport keeps for one client, as one object of three roles (each tested at
 * its own path under test/core/peer/): `close` ends them all — requests in flight aborted,
 * server requests rejected, kept bytes given back, `onClose` listeners told once — and what the
 * peer does not hold, of either kind, is routed to `onUnmatched`.
 */
import { type JsonObject, Peer, StateBudget } from '../../src/core';

/** A peer, and a `send` that records what it was given. */
function setup() {
  const sent: JsonObject[] = [];
  return { peer: new Peer(), sent, send: (message: JsonObject) => void sent.push(message) };
}

describe('Peer: close', () => {
  it('close aborts every request in flight and rejects every pending one', async () => {
    const { peer, send } = setup();
    const one = peer.begin(1);
    const two = peer.begin('two');
    const pending = peer.request(send, 'roots/list', {});
    const reason = new Error('The stdio transport closed.');
    peer.close(reason);
    expect(peer.isClosed).toBe(true);
    expect(one.aborted && two.aborted).toBe(true);
    expect(one.reason).toBe(reason);
    expect(peer.inFlight).toBe(0);
    await expect(pending).rejects.toBe(reason);
    expect(peer.awaiting).toBe(0);
  });

  it('a pending request tied to an in-flight call is cancelled with the close reason', async () => {
    const { peer, sent, send } = setup();
    const signal = peer.begin(1);
    const pending = peer.request(send, 'roots/list', {}, { signal });
    const reason = new Error('gone');
    peer.close(reason);
    await expect(pending).rejects.toBe(reason);
    expect(sent.map((m) => m.method)).toEqual(['roots/list', 'notifications/cancelled']);
  });

  it('after close, a new request is aborted at once and asking rejects with the reason', async () => {
    const { peer, sent, send } = setup();
    peer.close();
    const signal = peer.begin(5);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('The connection to the client closed.');
    expect(peer.inFlight).toBe(0);
    await expect(peer.request(send, 'roots/list', {})).rejects.toThrow(
      'The connection to the client closed.',
    );
    expect(sent).toEqual([]);
  });
});

describe('Peer: onClose', () => {
  it('tells each listener once, with the reason, and none added after close', () => {
    const peer = new Peer();
    const told: unknown[] = [];
    peer.onClose((reason) => told.push(['a', reason.message]));
    peer.onClose((reason) => told.push(['b', reason.message]));
    peer.close(new Error('gone'));
    peer.close(new Error('again'));
    peer.onClose(() => told.push(['late']));
    expect(told).toEqual([
      ['a', 'gone'],
      ['b', 'gone'],
    ]);
  });

  it('a second close gives nothing back twice', () => {
    const budget = new StateBudget(100);
    const other = new Peer({ budget });
    other.subscribe('a://12345');
    const peer = new Peer({ budget });
    peer.subscribe('a://1');
    peer.close();
    peer.close();
    expect(budget.used).toBe(9);
  });
});

describe('Peer: a client spanning several processes', () => {
  it('an answer or a cancellation this peer does not hold goes to onUnmatched, unless not routed', () => {
    const told: Array<[string, Record<string, unknown>]> = [];
    const peer = new Peer({ onUnmatched: (kind, message) => told.push([kind, message]) });
    expect(peer.settle({ jsonrpc: '2.0', id: 'srv-x-1', result: {} })).toBe(false);
    expect(peer.cancel(7, 'changed my mind')).toBe(false);
    expect(peer.settle({ jsonrpc: '2.0', id: 'srv-x-2', result: {} }, false)).toBe(false);
    expect(peer.cancel(8, undefined, false)).toBe(false);
    expect(told).toEqual([
      ['response', { jsonrpc: '2.0', id: 'srv-x-1', result: {} }],
      ['cancel', { requestId: 7, reason: 'changed my mind' }],
    ]);
    // A request this peer holds is never routed.
    peer.begin(9);
    expect(peer.cancel(9)).toBe(true);
    expect(told.length).toBe(2);
  });
});
