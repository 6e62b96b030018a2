/**
 * `McpCall` (src/core/call.ts) through the raw core:
 * - server→client requests (elicitation, sampling, roots): capabilities, schema checks, stable
 *   keys, timeouts and the client's errors;
 * - ordering: everything a call sends goes before its answer and nothing after, and a call still
 *   awaiting is cancelled by `notifications/cancelled` or a closed peer;
 * - progress tokens and log levels, and what a call knows of its request (id, `_meta`, the
 *   client's capabilities).
 */
import {
  CancelledError,
  ClientRequestError,
  type JsonObject,
  LOGGING_LEVELS,
  type LoggingLevel,
  McpCall,
  McpCore,
  type PeerOptions,
  ToolError,
} from '../../src/core';
import { answer, gate, type Harness, harness, rejection, tick } from '../helpers/call-harness';

describe('McpCall: server→client requests', () => {
  /** A core whose tool runs `ask` and reports what it resolved to or why it failed. */
  function asking(
    ask: (call: McpCall) => Promise<unknown>,
    peerOptions: PeerOptions = {},
  ): Harness & { outcome: Promise<unknown>; calls: McpCall[] } {
    const outcome = gate<unknown>();
    const calls: McpCall[] = [];
    const h = harness(
      {
        ask: async (_args, call) => {
          calls.push(call);
          try {
            outcome.open({ value: await ask(call) });
          } catch (error) {
            outcome.open({ error });
          }
          return 'done';
        },
      },
      {},
      peerOptions,
    );
    return Object.assign(h, { outcome: outcome.promise, calls });
  }

  /** Answers the server's request `id` as the client would. */
  function reply(h: Harness, id: string, body: JsonObject): Promise<string | null> {
    return h.send({ id, ...body });
  }

  it('elicit without the elicitation capability fails with a ToolError and sends nothing', async () => {
    const h = asking((call) => call.elicit('Name?', { type: 'object', properties: {} }));
    await h.initialize({ sampling: {} });
    await h.call(1, 'ask');
    const { error } = (await h.outcome) as { error: Error };
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toBe(
      'The client did not declare the "elicitation" capability at initialize, so it cannot answer elicitation/create.',
    );
    expect(h.sent()).toEqual([]);
  });

  it.each([
    ['sampling', (call: McpCall) => call.sample({ messages: [], maxTokens: 1 })],
    ['roots', (call: McpCall) => call.roots()],
  ])('%s without its capability fails with a ToolError', async (capability, ask) => {
    const h = asking(ask);
    await h.initialize({ elicitation: {} });
    await h.call(1, 'ask');
    const { error } = (await h.outcome) as { error: Error };
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toContain(`"${capability}" capability`);
  });

  it('without a transport, asking fails with a ToolError', async () => {
    const call = new McpCall('tools/call', 1, {}, undefined);
    const error = await rejection(call.roots());
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toBe(
      'Cannot send roots/list: this call has no transport to reach the client.',
    );
  });

  it('routes the accepted answer back; decline and cancel come through as such', async () => {
    const h = asking(async (call) => [
      await call.elicit('Name?', {
        type: 'object',
        properties: { name: { type: 'string' }, age: { type: 'integer' } },
        required: ['name'],
      }),
      await call.elicit('Again?', { type: 'object', properties: {} }),
      await call.elicit('Once more?', { type: 'object', properties: {} }),
    ]);
    await h.initialize({ elicitation: {} });
    const running = h.call(1, 'ask');
    await tick();
    expect(h.sent()).toEqual([
      {
        jsonrpc: '2.0',
        id: 'srv-1',
        method: 'elicitation/create',
        params: {
          message: 'Name?',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string' }, age: { type: 'integer' } },
            required: ['name'],
          },
        },
      },
    ]);
    expect(
      await reply(h, 'srv-1', { result: { action: 'accept', content: { name: 'Ada', age: 36 } } }),
    ).toBeNull();
    await tick();
    await reply(h, 'srv-2', { result: { action: 'decline' } });
    await tick();
    await reply(h, 'srv-3', { result: { action: 'cancel', content: { ignored: true } } });
    expect(await h.outcome).toEqual({
      value: [
        { action: 'accept', content: { name: 'Ada', age: 36 } },
        { action: 'decline' },
        { action: 'cancel' },
      ],
    });
    expect(await running).toContain('"done"');
  });

  it.each([
    [
      'a wrong type',
      { name: 7 },
      "The client's elicitation answer does not match the requested schema: name: expected string",
    ],
    [
      'a missing required field',
      { color: 'red' },
      "The client's elicitation answer does not match the requested schema: name: required",
    ],
    [
      'a value outside the enum',
      { name: 'Ada', color: 'mauve' },
      'The client\'s elicitation answer does not match the requested schema: color: must be one of "red", "green"',
    ],
    [
      'a float for an integer',
      { name: 'Ada', age: 3.5 },
      "The client's elicitation answer does not match the requested schema: age: expected integer",
    ],
  ])('accepted content with %s is a ToolError', async (_what, content, message) => {
    const h = asking((call) =>
      call.elicit('Who?', {
        type: 'object',
        properties: {
          name: { type: 'string' },
          age: { type: 'integer' },
          color: { type: 'string', enum: ['red', 'green'] },
        },
        required: ['name'],
      }),
    );
    await h.initialize({ elicitation: {} });
    const running = h.call(1, 'ask');
    await tick();
    await reply(h, 'srv-1', { result: { action: 'accept', content } });
    const { error } = (await h.outcome) as { error: Error };
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toBe(message);
    await running;
  });

  it('an answer without a valid action is a ToolError', async () => {
    const h = asking((call) => call.elicit('Who?', { type: 'object', properties: {} }));
    await h.initialize({ elicitation: {} });
    const running = h.call(1, 'ask');
    await tick();
    await reply(h, 'srv-1', { result: { action: 'maybe' } });
    const { error } = (await h.outcome) as { error: Error };
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toBe('The client answered elicitation/create with no valid "action".');
    await running;
  });

  it('an error answer from the client rejects with ClientRequestError', async () => {
    const h = asking((call) => call.sample({ messages: [], maxTokens: 5 }));
    await h.initialize({ sampling: {} });
    const running = h.call(1, 'ask');
    await tick();
    await reply(h, 'srv-1', {
      error: { code: -1, message: 'User rejected sampling request', data: { why: 'no' } },
    });
    const { error } = (await h.outcome) as { error: ClientRequestError };
    expect(error).toBeInstanceOf(ClientRequestError);
    expect(error).toMatchObject({
      method: 'sampling/createMessage',
      code: -1,
      data: { why: 'no' },
      message:
        'The client answered sampling/createMessage with error -1: User rejected sampling request',
    });
    await running;
  });

  it('sample resolves to the result; roots to its list ([] when malformed)', async () => {
    const h = asking(async (call) => [
      await call.sample({ messages: [], maxTokens: 5 }),
      await call.roots(),
      await call.roots(),
    ]);
    await h.initialize({ sampling: {}, roots: {} });
    const running = h.call(1, 'ask');
    const result = { model: 'm', role: 'assistant', content: { type: 'text', text: 'hi' } };
    await tick();
    await reply(h, 'srv-1', { result });
    await tick();
    await reply(h, 'srv-2', { result: { roots: [{ uri: 'file:///a', name: 'a' }] } });
    await tick();
    await reply(h, 'srv-3', { result: { roots: 'nope' } });
    expect(await h.outcome).toEqual({ value: [result, [{ uri: 'file:///a', name: 'a' }], []] });
    expect(h.sent().map((m) => [m.id, m.method, m.params])).toEqual([
      ['srv-1', 'sampling/createMessage', { messages: [], maxTokens: 5 }],
      ['srv-2', 'roots/list', {}],
      ['srv-3', 'roots/list', {}],
    ]);
    await running;
  });

  it('each request has a stable key within its call: method#n, or the key given', async () => {
    const h = asking(async (call) => {
      const answers = Promise.all([
        call.elicit('a', { type: 'object', properties: {} }),
        call.elicit('b', { type: 'object', properties: {} }, { key: 'confirm-delete' }),
        call.elicit('c', { type: 'object', properties: {} }),
        call.sample({ messages: [], maxTokens: 1 }),
        call.roots({ key: 'workspace' }),
        call.roots(),
      ]);
      return answers;
    });
    await h.initialize({ elicitation: {}, sampling: {}, roots: {} });
    const running = h.call(1, 'ask');
    await tick();
    expect(h.calls[0].asked).toEqual([
      'elicitation/create#0',
      'confirm-delete',
      'elicitation/create#2',
      'sampling/createMessage#0',
      'workspace',
      'roots/list#1',
    ]);
    for (let n = 1; n <= 6; n++)
      await reply(h, `srv-${n}`, { result: n <= 3 ? { action: 'decline' } : { roots: [] } });
    await h.outcome;
    await running;
  });

  it('keys are recorded even when the request cannot be sent, so positions stay stable', async () => {
    const call = new McpCall('tools/call', 1, {}, undefined);
    await rejection(call.elicit('a', { type: 'object', properties: {} }));
    await rejection(call.elicit('b', { type: 'object', properties: {} }));
    await rejection(call.sample({}, { key: 'mine' }));
    expect(call.asked).toEqual(['elicitation/create#0', 'elicitation/create#1', 'mine']);
  });

  it('times out after the peer’s clientRequestTimeout, telling the client', async () => {
    const h = asking((call) => call.roots(), { clientRequestTimeout: 20 });
    await h.initialize({ roots: {} });
    const text = await h.call(1, 'ask');
    const { error } = (await h.outcome) as { error: Error };
    expect(error.message).toBe('The client did not answer roots/list within 20 ms.');
    expect(h.timeline).toEqual([
      { jsonrpc: '2.0', id: 'srv-1', method: 'roots/list', params: {} },
      {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 'srv-1', reason: 'timeout' },
      },
      `answer:${text}`,
    ]);
    expect(h.peer.awaiting).toBe(0);
    // A late answer is not routed anywhere.
    expect(await reply(h, 'srv-1', { result: { roots: [] } })).toBeNull();
  });

  it('the per-request timeout option overrides the peer’s', async () => {
    const h = asking((call) => call.sample({}, { timeout: 15 }), { clientRequestTimeout: 60_000 });
    await h.initialize({ sampling: {} });
    const started = Date.now();
    await h.call(1, 'ask');
    const { error } = (await h.outcome) as { error: Error };
    expect(error.message).toBe('The client did not answer sampling/createMessage within 15 ms.');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

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

describe('McpCall: progress and log', () => {
  it('progress without a token is a no-op; a token of 0 is a token', async () => {
    const results: boolean[] = [];
    const h = harness({
      work: (_args, call) => {
        results.push(call.progress(1, 2));
        return 'ok';
      },
    });
    await h.call(1, 'work');
    await h.call(2, 'work', { progressToken: 0 });
    await h.call(3, 'work', { progressToken: { not: 'a token' } });
    expect(results).toEqual([false, true, false]);
    expect(h.sent()).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 0, progress: 1, total: 2 },
      },
    ]);
  });

  it('without a link, progress and log send nothing and say so', async () => {
    const results: boolean[] = [];
    const core = new McpCore({
      name: 'T',
      version: '1',
      lister: () => [],
      caller: (_name, _args, _context, call) => {
        results.push(call.progress(1), call.log('emergency', 'x'), call.notify('n/x', {}));
        return { content: [] };
      },
    });
    await core.handle(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":"p"}}}',
    );
    expect(results).toEqual([false, false, false]);
  });

  it('log sends every level until the client sets one, then that level and above', async () => {
    const levels: LoggingLevel[] = [
      'debug',
      'info',
      'notice',
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
    ];
    expect(levels).toEqual([...LOGGING_LEVELS]);
    const h = harness({
      work: (_args, call) => levels.filter((level) => call.log(level, level, 'logger-x')).join(','),
    });
    await h.call(1, 'work');
    expect(h.sent().map((m) => (m.params as JsonObject).level)).toEqual(levels);
    expect(h.sent()[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'debug', data: 'debug', logger: 'logger-x' },
    });

    expect(await h.send({ id: 2, method: 'logging/setLevel', params: { level: 'warning' } })).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{}}',
    );
    expect(h.peer.logLevel).toBe('warning');
    h.timeline.length = 0;
    await h.call(3, 'work');
    expect(h.timeline).toEqual([
      ...['warning', 'error', 'critical', 'alert', 'emergency'].map((level) => ({
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level, data: level, logger: 'logger-x' },
      })),
      answer(3, 'warning,error,critical,alert,emergency'),
    ]);
  });

  it('logging/setLevel refuses an unknown level and keeps the one set', async () => {
    const h = harness({});
    await h.send({ id: 1, method: 'logging/setLevel', params: { level: 'error' } });
    const refused = await h.send({ id: 2, method: 'logging/setLevel', params: { level: 'loud' } });
    expect(JSON.parse(refused!)).toMatchObject({ id: 2, error: { code: -32602 } });
    expect(h.peer.logLevel).toBe('error');
  });
});

describe('McpCall: what it knows of the request', () => {
  it('carries the request id, method, _meta, the negotiated revision and client capabilities', async () => {
    let seen: JsonObject | undefined;
    const h = harness({
      who: (_args, call) => {
        seen = {
          requestId: call.requestId,
          method: call.method,
          meta: call.meta,
          revision: call.revision,
          capabilities: call.clientCapabilities,
        };
        return 'ok';
      },
    });
    await h.send({
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: { roots: {} },
        clientInfo: { name: 't' },
      },
    });
    await h.call('req-1', 'who', { progressToken: 4, trace: 'abc' });
    expect(seen).toEqual({
      requestId: 'req-1',
      method: 'tools/call',
      meta: { progressToken: 4, trace: 'abc' },
      revision: '2025-06-18',
      capabilities: { roots: {} },
    });
  });

  it('meta is {} when the request sent none, or a non-object', () => {
    expect(new McpCall('tools/call', 1, {}, undefined).meta).toEqual({});
    expect(new McpCall('tools/call', 1, { _meta: [1] }, undefined).meta).toEqual({});
    expect(new McpCall('tools/call', 1, undefined, undefined).meta).toEqual({});
  });
});
