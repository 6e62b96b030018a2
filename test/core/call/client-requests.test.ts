/**
 * `McpCall` through the raw core: server→client requests (elicitation, sampling, roots):
 * capabilities, schema checks, stable keys, timeouts and the client's errors.
 */
import {
  ClientRequestError,
  type JsonObject,
  McpCall,
  type PeerOptions,
  ToolError,
} from '../../../src/core';
import { gate, type Harness, harness, rejection, tick } from '../../helpers/call-harness';

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
