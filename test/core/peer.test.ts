/**
 * `Peer`, what a transport keeps for one client: its requests in flight (cancellation, close) and
 * the server→client requests awaiting an answer (ids, routing of answers, client errors, timeouts,
 * aborts, `rejectPending`, `close`).
 */
import {
  CancelledError,
  ClientRequestError,
  type JsonObject,
  Peer,
  StateBudget,
} from '../../src/core';

/** A peer and a `send` that records what it was given. */
function setup(timeout?: number): {
  peer: Peer;
  sent: JsonObject[];
  send: (message: JsonObject) => void;
} {
  const peer = new Peer(timeout === undefined ? {} : { clientRequestTimeout: timeout });
  const sent: JsonObject[] = [];
  return { peer, sent, send: (message) => sent.push(message) };
}

/** Resolves with the rejection reason of `promise` (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  const result = await promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ error }),
  );
  if ('resolved' in result) throw new Error(`Expected a rejection, got ${String(result.resolved)}`);
  return result.error as Error;
}

const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('Peer: client requests in flight', () => {
  it('begin tracks a request; cancel aborts its signal with a CancelledError and forgets it', () => {
    const { peer } = setup();
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
    const { peer } = setup();
    const signal = peer.begin('a');
    peer.cancel('a', { not: 'a string' });
    expect((signal.reason as Error).message).toBe('The client cancelled the request.');
  });

  it('cancel of an unknown id is false and aborts nothing', () => {
    const { peer } = setup();
    const signal = peer.begin(1);
    expect(peer.cancel(2)).toBe(false);
    expect(peer.cancel('1')).toBe(false);
    expect(signal.aborted).toBe(false);
  });

  it('1 and "1" are different requests', () => {
    const { peer } = setup();
    const number = peer.begin(1);
    const string = peer.begin('1');
    expect(peer.inFlight).toBe(2);
    peer.cancel('1');
    expect(string.aborted).toBe(true);
    expect(number.aborted).toBe(false);
  });

  it('end forgets a request, but not a newer one that reused its id', () => {
    const { peer } = setup();
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

describe('Peer: server→client requests', () => {
  it('sends each request with an id of its own and resolves with the client’s result', async () => {
    const { peer, sent, send } = setup();
    const first = peer.request(send, 'roots/list', {});
    const second = peer.request(send, 'sampling/createMessage', { maxTokens: 5 });
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 'srv-1', method: 'roots/list', params: {} },
      { jsonrpc: '2.0', id: 'srv-2', method: 'sampling/createMessage', params: { maxTokens: 5 } },
    ]);
    expect(peer.awaiting).toBe(2);
    // Answers may come in any order.
    expect(peer.settle({ jsonrpc: '2.0', id: 'srv-2', result: { model: 'm' } })).toBe(true);
    expect(peer.settle({ jsonrpc: '2.0', id: 'srv-1', result: { roots: [] } })).toBe(true);
    await expect(first).resolves.toEqual({ roots: [] });
    await expect(second).resolves.toEqual({ model: 'm' });
    expect(peer.awaiting).toBe(0);
  });

  it('an answer nobody awaits is not routed: unknown, repeated, or without an id', async () => {
    const { peer, send } = setup();
    const pending = peer.request(send, 'roots/list', {});
    expect(peer.settle({ jsonrpc: '2.0', id: 'srv-9', result: {} })).toBe(false);
    expect(peer.settle({ jsonrpc: '2.0', id: null, result: {} })).toBe(false);
    expect(peer.settle({ jsonrpc: '2.0', result: {} })).toBe(false);
    expect(peer.settle({ jsonrpc: '2.0', id: 'srv-1', result: { roots: [] } })).toBe(true);
    expect(peer.settle({ jsonrpc: '2.0', id: 'srv-1', result: { roots: [] } })).toBe(false);
    await pending;
  });

  it('an error answer rejects with a ClientRequestError carrying method, code and data', async () => {
    const { peer, send } = setup();
    const pending = peer.request(send, 'elicitation/create', { message: 'x' });
    peer.settle({
      jsonrpc: '2.0',
      id: 'srv-1',
      error: { code: -32602, message: 'Client does not support form-mode', data: { mode: 'form' } },
    });
    const error = await rejection(pending);
    expect(error).toBeInstanceOf(ClientRequestError);
    expect(error).toMatchObject({
      name: 'ClientRequestError',
      method: 'elicitation/create',
      code: -32602,
      data: { mode: 'form' },
      message:
        'The client answered elicitation/create with error -32602: Client does not support form-mode',
    });
  });

  it('a malformed error answer still rejects, with code 0 and "unknown error"', async () => {
    const { peer, send } = setup();
    const pending = peer.request(send, 'roots/list', {});
    peer.settle({ jsonrpc: '2.0', id: 'srv-1', error: { code: 'x' } });
    expect(await rejection(pending)).toMatchObject({
      code: 0,
      message: 'The client answered roots/list with error 0: unknown error',
    });
  });

  it('times out after clientRequestTimeout: rejects clearly and sends notifications/cancelled', async () => {
    const { peer, sent, send } = setup(20);
    expect(peer.clientRequestTimeout).toBe(20);
    const started = Date.now();
    const error = await rejection(peer.request(send, 'elicitation/create', {}));
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    expect(error.message).toBe('The client did not answer elicitation/create within 20 ms.');
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 'srv-1', method: 'elicitation/create', params: {} },
      {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 'srv-1', reason: 'timeout' },
      },
    ]);
    expect(peer.awaiting).toBe(0);
    // The answer that comes too late is dropped.
    expect(peer.settle({ jsonrpc: '2.0', id: 'srv-1', result: {} })).toBe(false);
  });

  it('the timeout option overrides clientRequestTimeout for one request', async () => {
    const { peer, send } = setup(60_000);
    expect((await rejection(peer.request(send, 'roots/list', {}, { timeout: 10 }))).message).toBe(
      'The client did not answer roots/list within 10 ms.',
    );
  });

  it('an answered request does not time out later', async () => {
    const { peer, sent, send } = setup(20);
    const pending = peer.request(send, 'roots/list', {});
    peer.settle({ jsonrpc: '2.0', id: 'srv-1', result: { roots: [] } });
    await pending;
    await tick(40);
    expect(sent).toHaveLength(1);
  });

  it('the default timeout is 60 s', () => {
    expect(new Peer().clientRequestTimeout).toBe(60_000);
  });

  it('an abort of the call’s signal cancels the request and rejects with its reason', async () => {
    const { peer, sent, send } = setup();
    const controller = new AbortController();
    const pending = peer.request(send, 'sampling/createMessage', {}, { signal: controller.signal });
    const reason = new CancelledError('stop');
    controller.abort(reason);
    expect(await rejection(pending)).toBe(reason);
    expect(sent[1]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'srv-1' },
    });
    expect(peer.awaiting).toBe(0);
  });

  it('a signal already aborted rejects at once and sends nothing', async () => {
    const { peer, sent, send } = setup();
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    expect(
      (await rejection(peer.request(send, 'roots/list', {}, { signal: controller.signal })))
        .message,
    ).toBe('gone');
    expect(sent).toEqual([]);
  });

  it('a send that throws rejects the request with that error and forgets it', async () => {
    const { peer } = setup();
    const error = await rejection(
      peer.request(
        () => {
          throw new Error('EPIPE');
        },
        'roots/list',
        {},
      ),
    );
    expect(error.message).toBe('EPIPE');
    expect(peer.awaiting).toBe(0);
  });
});

describe('Peer: rejectPending and close', () => {
  it('rejectPending rejects every awaiting request but lets client requests run on', async () => {
    const { peer, send } = setup();
    const signal = peer.begin(1);
    const a = peer.request(send, 'roots/list', {});
    const b = peer.request(send, 'elicitation/create', {});
    const reason = new Error('The client closed its input: it can no longer answer.');
    peer.rejectPending(reason);
    expect(await rejection(a)).toBe(reason);
    expect(await rejection(b)).toBe(reason);
    expect(peer.awaiting).toBe(0);
    expect(signal.aborted).toBe(false);
    expect(peer.inFlight).toBe(1);
    expect(peer.isClosed).toBe(false);
    // The peer still works: a new request can be sent and answered.
    const c = peer.request(send, 'roots/list', {});
    peer.settle({ jsonrpc: '2.0', id: 'srv-3', result: { roots: [] } });
    await expect(c).resolves.toEqual({ roots: [] });
  });

  it('rejectPending without a reason gives a clear default', async () => {
    const { peer, send } = setup();
    const pending = peer.request(send, 'roots/list', {});
    peer.rejectPending();
    expect((await rejection(pending)).message).toBe('The client can no longer answer.');
  });

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
    expect(await rejection(pending)).toBe(reason);
    expect(peer.awaiting).toBe(0);
  });

  it('a pending request tied to an in-flight call is cancelled with the close reason', async () => {
    const { peer, sent, send } = setup();
    const signal = peer.begin(1);
    const pending = peer.request(send, 'roots/list', {}, { signal });
    const reason = new Error('gone');
    peer.close(reason);
    expect(await rejection(pending)).toBe(reason);
    expect(sent.map((m) => m.method)).toEqual(['roots/list', 'notifications/cancelled']);
  });

  it('after close, a new request is aborted at once and asking rejects with the reason', async () => {
    const { peer, sent, send } = setup();
    peer.close();
    const signal = peer.begin(5);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('The connection to the client closed.');
    expect(peer.inFlight).toBe(0);
    expect((await rejection(peer.request(send, 'roots/list', {}))).message).toBe(
      'The connection to the client closed.',
    );
    expect(sent).toEqual([]);
  });
});

describe('Peer onCancel (issue 19)', () => {
  it('is told after a request in flight is cancelled, not for an unknown one', () => {
    const cancelled: unknown[] = [];
    const peer = new Peer({ onCancel: (id) => cancelled.push(id) });
    const signal = peer.begin(7);
    expect(peer.cancel('nope')).toBe(false);
    expect(peer.cancel(7, 'bored')).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(cancelled).toEqual([7]);
  });
});

describe('Peer: subscriptions and kept state within limits (issue 19)', () => {
  const fault = (fn: () => void): { code: number; message: string; data: unknown } => {
    try {
      fn();
    } catch (error) {
      return error as { code: number; message: string; data: unknown };
    }
    throw new Error('expected a Fault');
  };

  test('maxSubscriptions: one more is -32602 with the limit; the same URI again, or after an unsubscribe, is fine', () => {
    const peer = new Peer({ maxSubscriptions: 2 });
    peer.subscribe('a://1');
    peer.subscribe('a://2');
    peer.subscribe('a://2');
    const refused = fault(() => peer.subscribe('a://3'));
    expect(refused).toMatchObject({
      code: -32602,
      message:
        'Invalid params: resources/subscribe: this client already holds the most subscriptions allowed (2); unsubscribe from one first',
      data: {
        reason:
          'resources/subscribe: this client already holds the most subscriptions allowed (2); unsubscribe from one first',
        limit: 2,
      },
    });
    peer.unsubscribe('a://1');
    peer.subscribe('a://3');
    expect([...peer.subscriptions]).toEqual(['a://2', 'a://3']);
  });

  test('maxUriLength: a longer URI is -32602 and not kept; 0 means no limit', () => {
    const peer = new Peer({ maxUriLength: 10 });
    peer.subscribe('a://345678');
    const refused = fault(() => peer.subscribe('a://3456789'));
    expect(refused.message).toBe(
      'Invalid params: resources/subscribe: a URI must not exceed 10 characters (got 11); subscribe to a shorter one',
    );
    expect(peer.subscriptions.has('a://3456789')).toBe(false);
    const open = new Peer({ maxUriLength: 0, maxSubscriptions: 0 });
    for (let i = 0; i < 300; i += 1) open.subscribe(`a://${'x'.repeat(3000)}${i}`);
    expect(open.subscriptions.size).toBe(300);
  });

  test('the defaults: 100 subscriptions, URIs of 2 048 characters', () => {
    const peer = new Peer();
    expect(peer.maxSubscriptions).toBe(100);
    expect(peer.maxUriLength).toBe(2048);
  });

  test('checkSubscriptions (subscriptions/listen): too many URIs, or one too long, is -32602', () => {
    const peer = new Peer({ maxSubscriptions: 2, maxUriLength: 8 });
    expect(() => peer.checkSubscriptions(['a://1', 'a://2'], 'subscriptions/listen')).not.toThrow();
    expect(
      fault(() => peer.checkSubscriptions(['a://1', 'a://2', 'a://3'], 'subscriptions/listen'))
        .message,
    ).toBe(
      'Invalid params: subscriptions/listen: at most 2 resource subscriptions are allowed at once (got 3); watch fewer URIs',
    );
    expect(
      fault(() => peer.checkSubscriptions(['a://123456'], 'subscriptions/listen')).message,
    ).toBe(
      'Invalid params: subscriptions/listen: a URI must not exceed 8 characters (got 10); subscribe to a shorter one',
    );
  });

  test('a shared budget is charged with the kept initialize state and the URIs, refused past it, given back on close', () => {
    const budget = new StateBudget(100);
    const a = new Peer({ budget });
    const b = new Peer({ budget });
    a.remember({ roots: {} }, { name: 'x', version: '1' }); // 12 + 26 characters of JSON
    expect(budget.used).toBe(38);
    expect(a.keptBytes).toBe(38);
    a.remember({}, undefined); // replaced: charged the difference
    expect(budget.used).toBe(2);
    b.subscribe(`a://${'x'.repeat(86)}`); // 90
    expect(budget.used).toBe(92);
    const full = fault(() => b.subscribe('a://123456789'));
    expect(full).toMatchObject({
      code: -32010,
      message:
        'Server busy: the server keeps as much client state as it may (maxSessionStateBytes); try again later or unsubscribe elsewhere',
    });
    expect(b.subscriptions.size).toBe(1);
    b.close();
    expect(budget.used).toBe(2);
    // A closed peer charges and gives back nothing more.
    b.unsubscribe(`a://${'x'.repeat(86)}`);
    expect(budget.used).toBe(2);
    a.subscribe('a://1234');
    a.unsubscribe('a://1234');
    expect(budget.used).toBe(2);
    a.close();
    expect(budget.used).toBe(0);
  });
});

describe('Peer: a client spanning several processes', () => {
  it('requestIdPrefix names the process in its request ids', () => {
    const peer = new Peer({ requestIdPrefix: 'srv-abc-' });
    const sent: JsonObject[] = [];
    void peer.request((m) => sent.push(m), 'roots/list', {}).catch(() => {});
    expect(sent[0].id).toBe('srv-abc-1');
    peer.close(new Error('done'));
  });

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
