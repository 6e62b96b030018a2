/**
 * `peer/in-flight.ts`: the client's requests in flight (begin, cancel, end, ids 1 and "1" apart,
 * an id reused), `onCancel` and `onUnmatched` for cancellations, and `InFlight`, whose signal is
 * made only when asked for.
 */
import { CancelledError } from '../../../src/core';
import { ClientRequests, InFlight } from '../../../src/core/peer/in-flight';

describe('ClientRequests: the client’s requests in flight', () => {
  it('begin tracks a request; cancel aborts its signal with a CancelledError and forgets it', () => {
    const peer = new ClientRequests({});
    const signal = peer.begin(7);
    expect(peer.inFlight).toBe(1);
    expect(peer.cancel(7, 'the user pressed stop')).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(CancelledError);
    expect(signal.reason).toMatchObject({
      name: 'CancelledError',
      message: 'The client cancelled the request: the user pressed stop',
    });
    expect(peer.inFlight).toBe(0);
    // Once forgotten, a second cancellation finds nothing.
    expect(peer.cancel(7)).toBe(false);
  });

  it('a reason that is not a string gives the plain message', () => {
    const peer = new ClientRequests({});
    const signal = peer.begin('a');
    peer.cancel('a', { not: 'a string' });
    expect((signal.reason as Error).message).toBe('The client cancelled the request.');
  });

  it('cancel of an unknown id is false and aborts nothing', () => {
    const peer = new ClientRequests({});
    const signal = peer.begin(1);
    expect(peer.cancel(2)).toBe(false);
    expect(peer.cancel('1')).toBe(false);
    expect(signal.aborted).toBe(false);
  });

  it('1 and "1" are different requests', () => {
    const peer = new ClientRequests({});
    const number = peer.begin(1);
    const string = peer.begin('1');
    expect(peer.inFlight).toBe(2);
    peer.cancel('1');
    expect(string.aborted).toBe(true);
    expect(number.aborted).toBe(false);
  });

  it('end forgets a request, but not a newer one that reused its id', () => {
    const peer = new ClientRequests({});
    const first = peer.begin(1);
    const second = peer.begin(1);
    peer.end(1, first);
    expect(peer.inFlight).toBe(1);
    peer.end(1, second);
    expect(peer.inFlight).toBe(0);
    peer.begin(2);
    peer.end(2);
    expect(peer.inFlight).toBe(0);
    expect(first.aborted || second.aborted).toBe(false);
  });
});

describe('ClientRequests: onCancel', () => {
  it('is told after a request in flight is cancelled, not for an unknown one', () => {
    const cancelled: unknown[] = [];
    const peer = new ClientRequests({ onCancel: (id) => cancelled.push(id) });
    const signal = peer.begin(7);
    expect(peer.cancel('nope')).toBe(false);
    expect(peer.cancel(7, 'bored')).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(cancelled).toEqual([7]);
  });
});

describe('ClientRequests: more than one request in flight', () => {
  it('keeps every one apart, whatever order they end in', () => {
    const peer = new ClientRequests({});
    const signals = [1, 2, 3, 4].map((id) => peer.begin(id));
    expect(peer.inFlight).toBe(4);
    peer.end(1);
    expect(peer.inFlight).toBe(3);
    expect(peer.cancel(3)).toBe(true);
    expect(signals.map((signal) => signal.aborted)).toEqual([false, false, true, false]);
    peer.end(4);
    peer.end(2);
    expect(peer.inFlight).toBe(0);
    // The table starts over: a new request is tracked and cancelled as the first one was.
    const again = peer.begin(2);
    expect(peer.cancel(2)).toBe(true);
    expect(again.aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
  });

  it('a cancellation of a request not held is routed to onUnmatched, unless route is false', () => {
    const told: unknown[] = [];
    const peer = new ClientRequests({ onUnmatched: (kind, message) => told.push([kind, message]) });
    peer.begin(1);
    expect(peer.cancel(2, 'stop')).toBe(false);
    expect(peer.cancel(3, undefined, false)).toBe(false);
    expect(peer.cancel(1)).toBe(true);
    expect(told).toEqual([['cancel', { requestId: 2, reason: 'stop' }]]);
  });
});

describe('InFlight', () => {
  it('track records a request without making its signal; the signal comes on first use', () => {
    const peer = new ClientRequests({});
    const flight = peer.track(1);
    expect(flight).toBeInstanceOf(InFlight);
    expect(flight.aborted).toBe(false);
    expect(peer.cancel(1, 'no')).toBe(true);
    expect(flight.aborted).toBe(true);
    // Asked for after the cancellation: already aborted, with the cancellation's reason.
    expect(flight.signal.aborted).toBe(true);
    expect(flight.signal.reason).toBeInstanceOf(CancelledError);
    expect(flight.signal).toBe(flight.signal);
  });

  it('the first reason wins', () => {
    const flight = new InFlight();
    const signal = flight.signal;
    flight.abort('first');
    flight.abort('second');
    expect(signal.reason).toBe('first');
  });

  it('is() knows itself and the signal it handed out, nothing else', () => {
    const flight = new InFlight();
    const other = new InFlight();
    expect(flight.is(flight)).toBe(true);
    expect(flight.is(other.signal)).toBe(false);
    const signal = flight.signal;
    expect(flight.is(signal)).toBe(true);
    expect(other.is(signal)).toBe(false);
  });
});
