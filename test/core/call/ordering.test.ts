/**
 * `McpCall` through the raw core: everything a call sends goes before its answer and nothing
 * after, and a call still awaiting is cancelled by `notifications/cancelled` or a closed peer.
 */
import { CancelledError, McpCall, McpCore, ToolError } from '../../../src/core';
import { answer, gate, harness, rejection, tick } from '../../helpers/call-harness';

describe('McpCall: ordering', () => {
  it('progress and log messages go out in order, all before the answer', async () => {
    const h = harness({
      work: async (_args, call) => {
        call.progress(1, 3, 'one');
        call.log('info', 'working');
        await tick();
        call.progress(2, 3);
        call.notify('notifications/custom', { step: 'x' });
        await tick();
        call.progress(3, 3, 'three');
        return 'done';
      },
    });
    await h.call(1, 'work', { progressToken: 'p' });
    expect(h.timeline).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'p', progress: 1, total: 3, message: 'one' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: 'working' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'p', progress: 2, total: 3 },
      },
      { jsonrpc: '2.0', method: 'notifications/custom', params: { step: 'x' } },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'p', progress: 3, total: 3, message: 'three' },
      },
      answer(1, 'done'),
    ]);
  });

  it('nothing goes out after the result: a progress scheduled after returning sends nothing', async () => {
    let kept: McpCall | undefined;
    const late = gate<boolean[]>();
    const h = harness({
      work: (_args, call) => {
        kept = call;
        setTimeout(() =>
          late.open([
            call.progress(1, 1, 'too late'),
            call.log('error', 'too late'),
            call.notify('notifications/custom', {}),
          ]),
        );
        return 'done';
      },
    });
    await h.call(1, 'work', { progressToken: 'p' });
    expect(kept?.done).toBe(true);
    expect(await late.promise).toEqual([false, false, false]);
    await tick(5);
    expect(h.timeline).toEqual([answer(1, 'done')]);
  });

  it('a server→client request after the result fails at once, with nothing sent', async () => {
    let kept: McpCall | undefined;
    const h = harness({
      work: (_args, call) => {
        kept = call;
        return 'done';
      },
    });
    await h.initialize({ elicitation: {}, sampling: {}, roots: {} });
    await h.call(1, 'work');
    const error = await rejection(kept!.roots());
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toBe('Cannot send roots/list: the call already answered.');
    expect(h.timeline).toEqual([answer(1, 'done')]);
    expect(h.peer.awaiting).toBe(0);
  });

  it('a call that throws is marked done too: its late messages are dropped', async () => {
    let kept: McpCall | undefined;
    const h = harness({
      work: (_args, call) => {
        kept = call;
        throw new ToolError('no');
      },
    });
    const text = await h.call(1, 'work', { progressToken: 'p' });
    expect(text).toContain('"error"');
    expect(kept?.done).toBe(true);
    expect(kept?.progress(1)).toBe(false);
    expect(h.sent()).toEqual([]);
  });
});

describe('McpCall: cancellation of a call still awaiting', () => {
  it('aborts the signal with a CancelledError reason and writes no answer', async () => {
    const started = gate();
    const release = gate();
    let signal: AbortSignal | undefined;
    const h = harness({
      wait: async (_args, call) => {
        signal = call.signal;
        started.open();
        await release.promise;
        return 'finished anyway';
      },
    });
    const running = h.call(7, 'wait');
    await started.promise;
    expect(h.peer.inFlight).toBe(1);
    expect(
      await h.send({
        method: 'notifications/cancelled',
        params: { requestId: 7, reason: 'the user pressed stop' },
      }),
    ).toBeNull();
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBeInstanceOf(CancelledError);
    expect((signal!.reason as Error).message).toBe(
      'The client cancelled the request: the user pressed stop',
    );
    release.open();
    // The tool returned a value, but the request was cancelled: no answer (MCP cancellation).
    expect(await running).toBeNull();
    expect(h.timeline).toEqual([]);
    expect(h.peer.inFlight).toBe(0);
  });

  it('a call that rejects once cancelled writes no error either', async () => {
    const h = harness({
      wait: (_args, call) =>
        new Promise((_resolve, reject) => {
          call.signal.addEventListener('abort', () => reject(call.signal.reason));
        }),
    });
    const running = h.call('a', 'wait');
    await tick();
    await h.send({ method: 'notifications/cancelled', params: { requestId: 'a' } });
    expect(await running).toBeNull();
    expect(h.timeline).toEqual([]);
  });

  it('progress after the cancellation is not sent (the client forgot the token)', async () => {
    const after = gate<boolean>();
    const h = harness({
      wait: (_args, call) =>
        new Promise((resolve) => {
          call.progress(0, 1, 'started');
          call.signal.addEventListener('abort', () => {
            after.open(call.progress(1, 1, 'after the abort'));
            resolve('stopped');
          });
        }),
    });
    const running = h.call(3, 'wait', { progressToken: 't' });
    await tick();
    await h.send({ method: 'notifications/cancelled', params: { requestId: 3 } });
    expect(await after.promise).toBe(false);
    expect(await running).toBeNull();
    expect(h.timeline).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 't', progress: 0, total: 1, message: 'started' },
      },
    ]);
  });

  it('cancelling a call that awaits the client cancels that request too', async () => {
    const failed = gate<unknown>();
    const h = harness({
      ask: async (_args, call) => {
        try {
          await call.elicit('Name?', { type: 'object', properties: {} });
          return 'answered';
        } catch (error) {
          failed.open(error);
          throw error;
        }
      },
    });
    await h.initialize({ elicitation: {} });
    const running = h.call(9, 'ask');
    await tick();
    expect(h.peer.awaiting).toBe(1);
    await h.send({ method: 'notifications/cancelled', params: { requestId: 9, reason: 'stop' } });
    const error = (await failed.promise) as Error;
    expect(error).toBeInstanceOf(CancelledError);
    expect(await running).toBeNull();
    expect(h.peer.awaiting).toBe(0);
    expect(h.timeline).toEqual([
      {
        jsonrpc: '2.0',
        id: 'srv-1',
        method: 'elicitation/create',
        params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 'srv-1' },
      },
    ]);
  });

  it('a cancellation for an unknown or finished request changes nothing', async () => {
    const h = harness({ quick: () => 'ok' });
    await h.call(1, 'quick');
    expect(
      await h.send({ method: 'notifications/cancelled', params: { requestId: 1 } }),
    ).toBeNull();
    expect(
      await h.send({ method: 'notifications/cancelled', params: { requestId: 'nope' } }),
    ).toBeNull();
    expect(h.timeline).toEqual([answer(1, 'ok')]);
  });

  it('without a link the signal never aborts and there is nothing to track', async () => {
    let call: McpCall | undefined;
    const core = new McpCore({
      name: 'T',
      version: '1',
      lister: () => [],
      caller: (_name, _args, _context, c) => {
        call = c;
        return { content: [] };
      },
    });
    await core.handle('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}');
    expect(call?.signal.aborted).toBe(false);
    expect(call?.revision).toBeUndefined();
    expect(call?.clientCapabilities).toBeUndefined();
  });
});
