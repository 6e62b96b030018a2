/**
 * What a session keeps of `initialize` (issue 19): the capability keys MCP defines and the
 * `Implementation` members of `clientInfo`, each within a small budget, whatever the client sent.
 */
import { McpCore, Peer } from '../../src/core';
import { keptClientState, MAX_CLIENT_STATE_CHARS } from '../../src/core/client-state';

describe('keptClientState', () => {
  it('keeps what MCP defines, as sent', () => {
    const params = {
      protocolVersion: '2025-11-25',
      capabilities: {
        roots: { listChanged: true },
        sampling: { context: {}, tools: {} },
        elicitation: { form: {}, url: {} },
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      },
      clientInfo: { name: 'client', version: '1.0.0', title: 'Client', websiteUrl: 'https://x' },
    };
    expect(keptClientState(params)).toEqual({
      capabilities: params.capabilities,
      clientInfo: params.clientInfo,
    });
  });

  it('drops unknown keys of capabilities and clientInfo', () => {
    expect(
      keptClientState({
        capabilities: { roots: {}, junk: { a: 1 } },
        clientInfo: { name: 'c', version: '1', secret: 'x'.repeat(100) },
      }),
    ).toEqual({ capabilities: { roots: {} }, clientInfo: { name: 'c', version: '1' } });
  });

  it('bounds width, depth and string length', () => {
    const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, {}]));
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100; i += 1) deep = { d: deep };
    const kept = keptClientState({
      capabilities: { experimental: wide, sampling: deep },
      clientInfo: { name: 'n'.repeat(100_000), version: '1' },
    });
    expect(Object.keys(kept.capabilities.experimental as object)).toHaveLength(32);
    expect(JSON.stringify(kept.capabilities.sampling).split('"d"').length - 1).toBeLessThan(10);
    expect((kept.clientInfo!.name as string).length).toBe(1024);
  });

  it('a 4 MiB capabilities object keeps at most MAX_CLIENT_STATE_CHARS of JSON', () => {
    const flood = Array.from({ length: 2 * 1024 * 1024 }, () => ({}));
    const kept = keptClientState({
      capabilities: { experimental: { a: flood }, sampling: { b: flood }, roots: flood },
      clientInfo: { name: 'x', version: '1', icons: flood },
    });
    const size = JSON.stringify(kept).length;
    expect(size).toBeLessThanOrEqual(MAX_CLIENT_STATE_CHARS + 64);
  });

  it('"__proto__" is kept as a plain member and pollutes nothing', () => {
    const params = JSON.parse(
      '{"capabilities":{"experimental":{"__proto__":{"polluted":true}}},"clientInfo":{"name":"c","version":"1"}}',
    );
    const kept = keptClientState(params);
    const experimental = kept.capabilities.experimental as Record<string, unknown>;
    expect(Object.getPrototypeOf(experimental)).toBe(Object.prototype);
    expect(Object.hasOwn(experimental, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('non-object params keep nothing', () => {
    expect(keptClientState({ capabilities: 'x', clientInfo: [1] })).toEqual({
      capabilities: {},
      clientInfo: undefined,
    });
  });
});

describe('McpCore initialize keeps the trimmed state on the peer', () => {
  it('the peer holds the trimmed capabilities and clientInfo', async () => {
    const core = new McpCore({ name: 'T', version: '1', lister: () => [], caller: () => ({}) });
    const peer = new Peer();
    const payload = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { roots: { listChanged: true }, bloat: Array(1000).fill({}) },
        clientInfo: { name: 'c', version: '1', bloat: 'x' },
      },
    });
    await core.handle(payload, undefined, { peer, send: () => undefined });
    expect(peer.clientCapabilities).toEqual({ roots: { listChanged: true } });
    expect(peer.clientInfo).toEqual({ name: 'c', version: '1' });
  });
});
