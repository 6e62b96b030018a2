/**
 * resources/list, templates/list, read and (2025) subscribe/unsubscribe as the resources family
 * registers them; a resource not found in either revision.
 */
import { ErrorCode, Fault, type McpCoreOptions } from '../../../src/core';
import { registerResources } from '../../../src/core/methods/resources';
import { invalid, linked, methodTable, modern, SERVER_INFO_META } from './harness';

const BASE = { name: 'T', version: '1', lister: () => [], caller: () => ({}) };
const README = { uri: 'file:///readme', name: 'readme' };

function setup(options: Partial<McpCoreOptions<string>> = {}) {
  const { table, rpc, ask } = methodTable();
  const read: unknown[][] = [];
  registerResources(table, {
    ...BASE,
    resources: () => [README],
    templates: () => [{ uriTemplate: 'file:///{name}', name: 'file' }],
    reader: (uri, context) => {
      read.push([uri, context]);
      if (uri === 'file:///gone') {
        throw new Fault(ErrorCode.RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { why: 'x' });
      }
      if (uri === 'file:///broken') throw new Fault(-32603, 'disk');
      return [{ uri, text: 'hello' }];
    },
    ...options,
  });
  return { rpc, ask, read };
}

describe('registerResources', () => {
  it('registers nothing without both resources and reader', () => {
    expect(setup({ resources: undefined }).rpc.has('resources/list')).toBe(false);
    expect(setup({ reader: undefined }).rpc.has('resources/read')).toBe(false);
  });

  it('lists resources and templates; no templates lister lists []', async () => {
    const { ask } = setup();
    expect((await ask('resources/list')).result).toEqual({ resources: [README] });
    expect((await ask('resources/templates/list')).result).toEqual({
      resourceTemplates: [{ uriTemplate: 'file:///{name}', name: 'file' }],
    });
    const bare = setup({ templates: undefined, resources: () => undefined as never });
    expect((await bare.ask('resources/templates/list')).result).toEqual({ resourceTemplates: [] });
    expect((await bare.ask('resources/list')).result).toEqual({ resources: [] });
  });

  it('resources/read reads the uri with the context; 2026-07-28 hints the contents', async () => {
    const { ask, read } = setup();
    expect((await ask('resources/read', { uri: 'file:///readme' })).result).toEqual({
      contents: [{ uri: 'file:///readme', text: 'hello' }],
    });
    expect(read).toEqual([['file:///readme', 'ctx']]);
    expect((await ask('resources/read', { uri: 'file:///readme' }, modern())).result).toEqual({
      contents: [{ uri: 'file:///readme', text: 'hello' }],
      resultType: 'complete',
      _meta: SERVER_INFO_META,
      ttlMs: 0,
      cacheScope: 'public',
    });
  });

  it('a bad uri is -32602 before the reader runs', async () => {
    const { ask, read } = setup();
    expect((await ask('resources/read', { uri: '' })).error).toEqual(
      invalid('resources/read: "uri" must be a non-empty string'),
    );
    expect(read).toEqual([]);
  });

  it('not found: 2025 keeps -32002; 2026-07-28 answers -32602 with data.uri', async () => {
    const { ask } = setup();
    expect((await ask('resources/read', { uri: 'file:///gone' })).error).toEqual({
      code: -32002,
      message: 'Resource not found: file:///gone',
      data: { why: 'x' },
    });
    expect((await ask('resources/read', { uri: 'file:///gone' }, modern())).error).toEqual({
      code: -32602,
      message: 'Resource not found: file:///gone',
      data: { why: 'x', uri: 'file:///gone' },
    });
    // Any other fault passes through in either revision.
    expect((await ask('resources/read', { uri: 'file:///broken' }, modern())).error).toEqual({
      code: -32603,
      message: 'disk',
    });
  });

  it('subscribe/unsubscribe only with the subscriptions option; they keep the uri in the peer', async () => {
    expect(setup().rpc.has('resources/subscribe')).toBe(false);
    const { ask, rpc } = setup({ subscriptions: true });
    expect(rpc.has('resources/unsubscribe')).toBe(true);
    const { inbound, peer } = linked();
    expect((await ask('resources/subscribe', { uri: 'file:///readme' }, inbound)).result).toEqual(
      {},
    );
    expect(peer.isSubscribed('file:///readme')).toBe(true);
    expect((await ask('resources/unsubscribe', { uri: 'file:///readme' }, inbound)).result).toEqual(
      {},
    );
    expect(peer.isSubscribed('file:///readme')).toBe(false);
    expect((await ask('resources/subscribe', { uri: 3 }, inbound)).error).toEqual(
      invalid('resources/subscribe: "uri" must be a non-empty string'),
    );
    // Without a connection there is no one to keep it for: still {}.
    expect((await ask('resources/subscribe', { uri: 'file:///readme' })).result).toEqual({});
  });

  it('subscribe/unsubscribe do not exist in 2026-07-28 (-32601)', async () => {
    const { ask } = setup({ subscriptions: true });
    expect((await ask('resources/subscribe', { uri: 'file:///a' }, modern())).error).toEqual({
      code: -32601,
      message: 'Method not found',
    });
  });
});
