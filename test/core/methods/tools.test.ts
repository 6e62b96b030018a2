/** tools/list and tools/call as the tools family registers them, in both revisions. */
import type { McpCoreOptions } from '../../../src/core';
import type { Link } from '../../../src/core/link';
import { registerTools } from '../../../src/core/methods/tools';
import { Peer } from '../../../src/core/peer';
import type { ToolDefinition } from '../../../src/core/types';
import { invalid, linked, methodTable, modern, SERVER_INFO_META } from './harness';

const FORECAST: ToolDefinition = {
  name: 'forecast',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', 'x-mcp-header': 'City' } },
  },
};

function setup(caller?: McpCoreOptions<string>['caller'], tools: ToolDefinition[] = [FORECAST]) {
  const seen: unknown[][] = [];
  const listed: string[] = [];
  const { table, ask } = methodTable();
  registerTools(table, {
    name: 'Test',
    version: '1.0.0',
    lister: (context) => {
      listed.push(context);
      return tools;
    },
    caller:
      caller ??
      ((name, args, context) => {
        seen.push([name, args, context]);
        return { content: [{ type: 'text', text: `${name} ${JSON.stringify(args)}` }] };
      }),
  });
  return { ask, seen, listed };
}

describe('tools/list', () => {
  it("lists the lister's tools with the request's context", async () => {
    const { ask, listed } = setup();
    expect(await ask('tools/list', {})).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [FORECAST] },
    });
    expect(listed).toEqual(['ctx']);
  });

  it('a lister that gives nothing lists []; 2026-07-28 adds the envelope and cache hints', async () => {
    const { table, ask } = methodTable({ cache: { ttlMs: 5000, scope: 'public' } });
    registerTools(table, {
      name: 'T',
      version: '1',
      lister: () => undefined as unknown as ToolDefinition[],
      caller: () => ({}),
    });
    expect((await ask('tools/list')).result).toEqual({ tools: [] });
    expect((await ask('tools/list', {}, modern())).result).toEqual({
      tools: [],
      resultType: 'complete',
      _meta: SERVER_INFO_META,
      ttlMs: 5000,
      cacheScope: 'public',
    });
  });
});

describe('tools/call', () => {
  it('calls the named tool with its arguments and the context', async () => {
    const { ask, seen } = setup();
    const answer = await ask('tools/call', { name: 'forecast', arguments: { city: 'Oslo' } });
    expect(answer.result).toEqual({
      content: [{ type: 'text', text: 'forecast {"city":"Oslo"}' }],
    });
    expect(seen).toEqual([['forecast', { city: 'Oslo' }, 'ctx']]);
  });

  it('absent arguments are {}; an empty result is {}', async () => {
    const { ask, seen } = setup(() => null as never);
    expect((await ask('tools/call', { name: 'forecast' })).result).toEqual({});
    const plain = setup();
    await plain.ask('tools/call', { name: 'x' });
    expect(plain.seen).toEqual([['x', {}, 'ctx']]);
    expect(seen).toEqual([]);
  });

  it('a name that is not a string, or arguments that are not an object: -32602', async () => {
    const { ask, seen } = setup();
    expect((await ask('tools/call', { name: 7 })).error).toEqual(
      invalid('tools/call: "name" must be a string'),
    );
    expect((await ask('tools/call', {})).error).toEqual(
      invalid('tools/call: "name" must be a string'),
    );
    expect((await ask('tools/call', { name: 'forecast', arguments: [1] })).error).toEqual(
      invalid('tools/call: "arguments" must be an object'),
    );
    expect(seen).toEqual([]);
  });

  it("2026-07-28 over HTTP: Mcp-Param-* headers must mirror the tool's x-mcp-header arguments", async () => {
    const { ask, seen, listed } = setup();
    const over = (headers: Record<string, string>): Link => ({
      peer: new Peer(),
      send: () => {},
      headers,
    });
    const params = { name: 'forecast', arguments: { city: 'Oslo' } };
    const good = await ask('tools/call', params, modern(over({ 'mcp-param-city': 'Oslo' })));
    expect(good.result?.resultType).toBe('complete');
    expect(listed).toEqual(['ctx']);
    const bad = await ask('tools/call', params, modern(over({ 'mcp-param-city': 'Bergen' })));
    expect(bad.error?.code).toBe(-32020);
    expect(bad.error?.message).toMatch(/Mcp-Param-City/);
    expect(seen).toHaveLength(1);
  });

  it('2026-07-28 over HTTP: a listing given as a promise is checked the same; a lister that throws is an internal error', async () => {
    const params = { name: 'forecast', arguments: { city: 'Oslo' } };
    const over = (headers: Record<string, string>): Link => ({
      peer: new Peer(),
      send: () => {},
      headers,
    });
    const { table, ask } = methodTable();
    let throws = false;
    registerTools(table, {
      name: 'Test',
      version: '1.0.0',
      lister: () => {
        if (throws) throw new Error('no listing');
        return Promise.resolve([FORECAST]);
      },
      caller: () => ({ content: [] }),
    });
    const good = await ask('tools/call', params, modern(over({ 'mcp-param-city': 'Oslo' })));
    expect(good.result?.resultType).toBe('complete');
    const bad = await ask('tools/call', params, modern(over({})));
    expect(bad.error?.code).toBe(-32020);
    expect(bad.error?.message).toMatch(/Mcp-Param-City header is required/);
    throws = true;
    const failed = await ask('tools/call', params, modern(over({ 'mcp-param-city': 'Oslo' })));
    expect(failed.error).toEqual({ code: -32603, message: 'Internal error' });
  });

  it('2026-07-28 over HTTP: a refused header check still ends a tick later (a cancellation read in the same turn wins)', async () => {
    const { rpc } = (() => {
      const built = methodTable();
      registerTools(built.table, {
        name: 'Test',
        version: '1.0.0',
        lister: () => [FORECAST],
        caller: () => ({ content: [] }),
      });
      return built;
    })();
    const peer = new Peer();
    const link: Link = { peer, send: () => {}, headers: { 'mcp-param-city': 'Bergen' } };
    const message = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'forecast', arguments: { city: 'Oslo' } },
    };
    const answer = rpc.dispatch(message, 'ctx', modern(link));
    expect(peer.cancel(7, 'user')).toBe(true);
    expect(await answer).toBeNull();
    // Not cancelled, the same request is refused with -32020.
    const refused = await rpc.dispatch({ ...message, id: 8 }, 'ctx', modern(link));
    expect(JSON.parse(refused!).error.code).toBe(-32020);
  });

  it('2025, or without headers: the tools are not listed to check headers', async () => {
    const { ask, listed } = setup();
    await ask('tools/call', { name: 'forecast', arguments: { city: 'Oslo' } }, linked().inbound);
    await ask('tools/call', { name: 'forecast', arguments: { city: 'Oslo' } }, modern());
    expect(listed).toEqual([]);
  });

  it('a caller that answers synchronously is answered at once; a promise or thenable is awaited', async () => {
    const result = { content: [{ type: 'text', text: 'now' }] };
    const { table, rpc } = methodTable();
    let answered: unknown = 'none';
    registerTools(table, {
      name: 'Test',
      version: '1.0.0',
      lister: () => [],
      caller: (name) => {
        if (name === 'now') return result;
        if (name === 'later') return Promise.resolve(null);
        // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose
        return { then: (resolve: (value: unknown) => void) => resolve([]) };
      },
    });
    const call = (id: number, name: string) =>
      rpc.dispatch({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } }, 'ctx');
    void call(1, 'now').then((text) => {
      answered = text;
    });
    await Promise.resolve();
    // The dispatcher's own promise is the only one: its reaction ran after a single tick.
    expect(answered).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"now"}]}}',
    );
    expect(await call(2, 'later')).toBe('{"jsonrpc":"2.0","id":2,"result":{}}');
    expect(await call(3, 'thenable')).toBe('{"jsonrpc":"2.0","id":3,"result":{}}');
  });

  it('a thrown error is the answer (the caller decides its code)', async () => {
    const { ask } = setup(() => {
      throw new Error('boom');
    });
    expect((await ask('tools/call', { name: 'forecast' })).error).toEqual({
      code: -32603,
      message: 'Internal error',
    });
  });
});
