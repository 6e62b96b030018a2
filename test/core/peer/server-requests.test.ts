/**
 * `peer/server-requests.ts`: the requests the server sends its client — ids of their own, the
 * client's answers routed to them (results, errors, malformed errors), timeouts, aborts, a send
 * that throws, `rejectPending`, and the id prefix of a process.
 */
import { CancelledError, ClientRequestError, type JsonObject } from '../../../src/core';
import { ServerRequests } from '../../../src/core/peer/server-requests';

/** A peer's server requests and a `send` that records what it was given. */
function setup(timeout?: number): {
  peer: ServerRequests;
  sent: JsonObject[];
  send: (message: JsonObject) => void;
} {
  const peer = new ServerRequests(timeout === undefined ? {} : { clientRequestTimeout: timeout });
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

describe('ServerRequests', () => {
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
    expect(new ServerRequests({}).clientRequestTimeout).toBe(60_000);
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

describe('rejectPending', () => {
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
});

describe('a client spanning several processes', () => {
  it('requestIdPrefix names the process in its request ids', () => {
    const peer = new ServerRequests({ requestIdPrefix: 'srv-abc-' });
    const sent: JsonObject[] = [];
    void peer.request((m) => sent.push(m), 'roots/list', {}).catch(() => {});
    expect(sent[0].id).toBe('srv-abc-1');
    peer.rejectPending(new Error('done'));
  });
});
