/**
 * MCP 2026-07-28 beside the seed's four revisions (issue 12): one core, the era decided per
 * request. Requests and answers are shown as JSON text, as the seed tests do.
 */
import {
  CACHE_HINT,
  ErrorCode,
  Fault,
  type JsonObject,
  type Link,
  type McpCall,
  McpCore,
  Peer,
} from '../../src/core';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, sampling: {}, roots: {} },
};
const SERVER_INFO =
  '"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"Era","version":"1.0.0"}}';

function link(extra: Partial<Link> = {}): Link & { sent: JsonObject[] } {
  const sent: JsonObject[] = [];
  return { peer: new Peer(), send: (m) => sent.push(m), sent, ...extra };
}

function core(options: Partial<ConstructorParameters<typeof McpCore>[0]> = {}) {
  return new McpCore({
    name: 'Era',
    version: '1.0.0',
    lister: () => [{ name: 'greet', inputSchema: { type: 'object' } }],
    caller: async (name, args, _context, call: McpCall) => {
      if (name === 'greet') return { content: [{ type: 'text', text: 'Hello' }], isError: false };
      if (name === 'ask') {
        const answer = await call.elicit(
          'Name?',
          { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          { key: 'user_name' },
        );
        const text = answer.action === 'accept' ? `Hello ${String(answer.content.name)}` : 'no';
        return { content: [{ type: 'text', text }], isError: false };
      }
      if (name === 'two') {
        const [a, b] = await Promise.all([
          call.sample({ messages: [] }, { key: 's' }),
          call.roots(),
        ]);
        return `${JSON.stringify(a)} ${JSON.stringify(b)}`;
      }
      if (name === 'endless') {
        // Asks a new question on every round, forever.
        for (let i = 0; ; i++)
          await call.elicit(`Round ${i}?`, { type: 'object', properties: {} }, { key: `r${i}` });
      }
      if (name === 'members') {
        // Its own members, in order: an own __proto__ among them, _meta and resultType given.
        return JSON.parse(
          '{"__proto__":{"x":1},"content":[],"resultType":"complete","_meta":{"a":1},"isError":false}',
        );
      }
      if (name === 'log') {
        call.log('info', 'shown?');
        return 'logged';
      }
      return args;
    },
    resources: () => [],
    reader: (uri) => {
      if (uri === 'test://here') {
        return Object.assign([{ uri, text: 'here' }], {
          [CACHE_HINT]: { ttlMs: 5000, scope: 'private' },
        });
      }
      throw new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { uri });
    },
    ...options,
  });
}

function request(id: number, method: string, params: JsonObject = {}, meta: JsonObject = META) {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } });
}

/** Strips `ok` results to JSON objects for the MRTR rounds. */
async function result(c: McpCore, payload: string, l?: Link): Promise<JsonObject> {
  return JSON.parse((await c.handle(payload, undefined, l))!).result;
}

describe('MCP 2026-07-28: which era a request belongs to', () => {
  it('server/discover with no version is a probe, answered with the 2026 envelope', async () => {
    expect(await core().handle('{"jsonrpc":"2.0","id":1,"method":"server/discover"}')).toBe(
      `{"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{"listChanged":false},"resources":{"listChanged":false,"subscribe":false}},"resultType":"complete",${SERVER_INFO},"ttlMs":0,"cacheScope":"public"}}`,
    );
  });

  it('a 2025 client may probe, then initialize (nothing is stored)', async () => {
    const c = core();
    const l = link();
    await c.handle('{"jsonrpc":"2.0","id":1,"method":"server/discover"}', undefined, l);
    expect(
      await c.handle(
        '{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}',
        undefined,
        l,
      ),
    ).toContain('"protocolVersion":"2025-11-25"');
    expect(McpCore.VERSIONS).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(McpCore.negotiate('2026-07-28')).toBe('2025-11-25');
  });

  it('a 2026 request without protocolVersion or clientCapabilities gets -32602', async () => {
    const c = core();
    expect(
      await c.handle(
        request(3, 'tools/list', {}, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }),
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: params._meta[\\"io.modelcontextprotocol/clientCapabilities\\"] must be an object ({} when the client has none)","data":{"reason":"params._meta[\\"io.modelcontextprotocol/clientCapabilities\\"] must be an object ({} when the client has none)"}}}',
    );
  });

  it('an unsupported version gets -32022 with supported and requested', async () => {
    const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999' };
    expect(JSON.parse((await core().handle(request(4, 'tools/list', {}, meta)))!).error).toEqual({
      code: -32022,
      message:
        'Unsupported protocol version "v999": use one of 2026-07-28 (or initialize with 2025-11-25)',
      data: { supported: ['2026-07-28'], requested: 'v999' },
    });
  });

  it.each(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'unknown/method'])(
    '%s in 2026 is -32601 with the request id',
    async (method) => {
      expect(await core({ logging: true, subscriptions: true }).handle(request(5, method))).toBe(
        '{"jsonrpc":"2.0","id":5,"error":{"code":-32601,"message":"Method not found"}}',
      );
    },
  );

  it('subscriptions/listen is -32601 to a 2025 request', async () => {
    expect(await core().handle('{"jsonrpc":"2.0","id":6,"method":"subscriptions/listen"}')).toBe(
      '{"jsonrpc":"2.0","id":6,"error":{"code":-32601,"message":"Method not found"}}',
    );
  });
});

describe('MCP 2026-07-28: results', () => {
  it('every result carries resultType and serverInfo; lists carry cache hints', async () => {
    expect(await core().handle(request(1, 'tools/list'))).toBe(
      `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"greet","inputSchema":{"type":"object"}}],"resultType":"complete",${SERVER_INFO},"ttlMs":0,"cacheScope":"public"}}`,
    );
    expect(await core().handle(request(2, 'tools/call', { name: 'greet' }))).toBe(
      `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Hello"}],"isError":false,"resultType":"complete",${SERVER_INFO}}}`,
    );
  });

  it("the envelope keeps a result's own members in their order, its _meta's too", async () => {
    expect(await core().handle(request(3, 'tools/call', { name: 'members' }))).toBe(
      `{"jsonrpc":"2.0","id":3,"result":{"__proto__":{"x":1},"content":[],"resultType":"complete","_meta":{"a":1,"io.modelcontextprotocol/serverInfo":{"name":"Era","version":"1.0.0"}},"isError":false}}`,
    );
  });

  it('the same requests in 2025 answer as before, byte for byte', async () => {
    expect(await core().handle('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"greet","inputSchema":{"type":"object"}}]}}',
    );
  });

  it('resources/read takes its hint from the contents; the default from options', async () => {
    const c = core({ cache: { ttlMs: 60_000, scope: 'public' } });
    const read = await result(c, request(1, 'resources/read', { uri: 'test://here' }));
    expect([read.ttlMs, read.cacheScope]).toEqual([5000, 'private']);
    const list = await result(c, request(2, 'resources/list'));
    expect([list.ttlMs, list.cacheScope]).toEqual([60_000, 'public']);
  });

  it('a resource not found is -32602 with data.uri in 2026, -32002 in 2025', async () => {
    expect(await core().handle(request(7, 'resources/read', { uri: 'test://none' }))).toBe(
      '{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Resource not found","data":{"uri":"test://none"}}}',
    );
    expect(
      await core().handle(
        '{"jsonrpc":"2.0","id":8,"method":"resources/read","params":{"uri":"test://none"}}',
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":8,"error":{"code":-32002,"message":"Resource not found","data":{"uri":"test://none"}}}',
    );
  });

  it('call.log sends only when the request sets a level that lets it through', async () => {
    for (const [level, count] of [
      [undefined, 0],
      ['error', 0],
      ['info', 1],
    ] as const) {
      const l = link();
      const meta =
        level === undefined ? META : { ...META, 'io.modelcontextprotocol/logLevel': level };
      await core().handle(request(1, 'tools/call', { name: 'log' }, meta), undefined, l);
      expect(l.sent.length).toBe(count);
    }
  });
});

describe('MCP 2026-07-28: batches', () => {
  it('a batch with a 2026 request is refused whole, naming the batch and the revision', async () => {
    const l = link();
    const batch = `[${request(1, 'tools/list')},${request(2, 'tools/call', { name: 'greet' })}]`;
    expect(await core().handle(batch, undefined, l)).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: MCP 2026-07-28 does not accept JSON-RPC batches; send each request as a message of its own"}}',
    );
    expect(l.sent).toEqual([]);
  });
});

describe('MCP 2026-07-28: MRTR', () => {
  it('an unanswered ask ends the attempt; the retry replays it with the answer by key', async () => {
    const c = core();
    const first = await result(c, request(1, 'tools/call', { name: 'ask' }));
    expect(first.resultType).toBe('input_required');
    expect(first.inputRequests).toEqual({
      user_name: {
        method: 'elicitation/create',
        params: {
          message: 'Name?',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
          },
        },
      },
    });
    expect(typeof first.requestState).toBe('string');
    const second = await c.handle(
      request(2, 'tools/call', {
        name: 'ask',
        inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } },
        requestState: first.requestState,
      }),
    );
    expect(second).toBe(
      `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Hello Ada"}],"isError":false,"resultType":"complete",${SERVER_INFO}}}`,
    );
  });

  it('asks started together go out in one input_required', async () => {
    const first = await result(core(), request(1, 'tools/call', { name: 'two' }));
    expect(Object.keys(first.inputRequests as JsonObject)).toEqual(['s', 'roots/list#0']);
  });

  it('a missing capability is -32021 naming it', async () => {
    const meta = { ...META, 'io.modelcontextprotocol/clientCapabilities': {} };
    expect(await core().handle(request(1, 'tools/call', { name: 'ask' }, meta))).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"Missing required client capability \\"elicitation\\": this request needs elicitation/create; declare \\"elicitation\\" in _meta[\\"io.modelcontextprotocol/clientCapabilities\\"]","data":{"requiredCapabilities":{"elicitation":{}}}}}',
    );
  });

  it('a tampered, foreign or expired state is -32602', async () => {
    const ttl = 60_000;
    const c = core({ requestStateTtl: ttl });
    const first = await result(
      c,
      request(1, 'tools/call', { name: 'ask' }),
      link({ principal: 'alice' }),
    );
    const retry = (state: unknown, params: JsonObject = { name: 'ask' }) =>
      request(2, 'tools/call', { ...params, requestState: state });
    const codeOf = async (payload: string, principal: string) =>
      JSON.parse((await c.handle(payload, undefined, link({ principal })))!).error?.code;
    expect(await codeOf(retry(`${first.requestState}x`), 'alice')).toBe(-32602);
    expect(await codeOf(retry(first.requestState), 'mallory')).toBe(-32602);
    expect(
      await codeOf(retry(first.requestState, { name: 'ask', arguments: { a: 1 } }), 'alice'),
    ).toBe(-32602);
    expect(await codeOf(retry(first.requestState), 'alice')).toBeUndefined();
    // Past its TTL (the clock moved on, not waited for: no race with a short TTL under load).
    const later = Date.now() + ttl + 1;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(await codeOf(retry(first.requestState), 'alice')).toBe(-32602);
    } finally {
      clock.mockRestore();
    }
  });

  it('answers sent with no requestState are ignored: the question still reaches the client', async () => {
    const c = core();
    const accept = { action: 'accept', content: { name: 'Eve' } };
    const first = await result(
      c,
      request(1, 'tools/call', { name: 'ask', inputResponses: { user_name: accept } }),
    );
    expect(first.resultType).toBe('input_required');
    expect(Object.keys(first.inputRequests as JsonObject)).toEqual(['user_name']);
  });

  it('answers to questions never asked are dropped, not carried in the state', async () => {
    const c = core();
    const first = await result(c, request(1, 'tools/call', { name: 'endless' }));
    const answer = { action: 'accept', content: {} };
    const second = await result(
      c,
      request(2, 'tools/call', {
        name: 'endless',
        // r0 was asked; r1 and r5 were not (yet): a client cannot answer ahead.
        inputResponses: { r0: answer, r1: answer, r5: { padding: 'x'.repeat(10_000) } },
        requestState: first.requestState,
      }),
    );
    expect(Object.keys(second.inputRequests as JsonObject)).toEqual(['r1']);
    expect(String(second.requestState).length).toBeLessThan(1_000);
  });

  it('the round past maxRounds is a JSON-RPC error naming the limit, never input_required', async () => {
    for (const maxRounds of [undefined, 3]) {
      const c = core(maxRounds === undefined ? {} : { maxRounds });
      const limit = maxRounds ?? 16;
      let state: unknown;
      const sizes: number[] = [];
      for (let round = 0; round < limit; round++) {
        const params: JsonObject = { name: 'endless' };
        if (state !== undefined) {
          params.requestState = state;
          params.inputResponses = { [`r${round - 1}`]: { action: 'accept', content: {} } };
        }
        const answer = await result(c, request(round + 1, 'tools/call', params));
        expect(answer.resultType).toBe('input_required');
        state = answer.requestState;
        sizes.push(String(state).length);
      }
      const past = await c.handle(
        request(99, 'tools/call', {
          name: 'endless',
          requestState: state,
          inputResponses: { [`r${limit - 1}`]: { action: 'accept', content: {} } },
        }),
      );
      expect(JSON.parse(past!).error).toEqual({
        code: -32600,
        message: `tools/call "endless" still asks for input after ${limit} input_required rounds (maxRounds ${limit}); the request is ended. Send it again without requestState to start over.`,
        data: { maxRounds: limit },
      });
      // The state grows by the answers alone (tens of bytes a round), so maxRounds bounds it.
      expect(sizes[sizes.length - 1]! - sizes[0]!).toBeLessThan(100 * limit);
    }
  });

  it('maxRounds is a whole number of rounds, at least 1', () => {
    for (const maxRounds of [0, 1.5, -1, Number.NaN]) {
      expect(() => core({ maxRounds })).toThrow(/maxRounds must be a whole number/);
    }
  });

  it('inputResponses that are not result objects are -32602', async () => {
    const payload = request(1, 'tools/call', { name: 'ask', inputResponses: { user_name: 5 } });
    expect(JSON.parse((await core().handle(payload))!).error.code).toBe(-32602);
  });
});

describe('MCP 2026-07-28: HTTP headers (handed in on the link)', () => {
  const headers = (h: JsonObject) =>
    link({
      headers: {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'greet',
        ...h,
      } as Record<string, string>,
    });
  const codeOf = async (l: Link, params: JsonObject = { name: 'greet' }) =>
    JSON.parse((await core().handle(request(1, 'tools/call', params), undefined, l))!).error?.code;

  it('matching headers pass; a Base64 Mcp-Name is decoded first', async () => {
    expect(await codeOf(headers({}))).toBeUndefined();
    expect(await codeOf(headers({ 'mcp-name': '=?base64?Z3JlZXQ=?=' }))).toBeUndefined();
  });

  it.each([
    ['a missing Mcp-Method', { 'mcp-method': undefined }],
    ['another Mcp-Method', { 'mcp-method': 'tools/list' }],
    ['a case-changed Mcp-Method', { 'mcp-method': 'TOOLS/CALL' }],
    ['a missing Mcp-Name', { 'mcp-name': undefined }],
    ['another Mcp-Name', { 'mcp-name': 'other' }],
    ['invalid Base64', { 'mcp-name': '=?base64?Z3JlZXQ?=' }],
    ['another MCP-Protocol-Version', { 'mcp-protocol-version': '2025-11-25' }],
  ])('%s is -32020', async (_case, h) => {
    expect(await codeOf(headers(h))).toBe(-32020);
  });
});
