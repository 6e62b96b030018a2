/** prompts/list and prompts/get as the prompts family registers them. */
import type { McpCoreOptions } from '../../../src/core';
import { registerPrompts } from '../../../src/core/methods/prompts';
import { invalid, methodTable, modern, SERVER_INFO_META } from './harness';

const BASE = { name: 'T', version: '1', lister: () => [], caller: () => ({}) };

function setup(options: Partial<McpCoreOptions<string>> = {}) {
  const { table, rpc, ask } = methodTable({ cache: { ttlMs: 60_000, scope: 'private' } });
  const got: unknown[][] = [];
  registerPrompts(table, {
    ...BASE,
    prompts: () => [{ name: 'greet', arguments: [{ name: 'who' }] }],
    prompter: (name, args, context) => {
      got.push([name, args, context]);
      return { messages: [{ role: 'user', content: { type: 'text', text: `hi ${args.who}` } }] };
    },
    ...options,
  });
  return { rpc, ask, got };
}

describe('registerPrompts', () => {
  it('registers nothing without both prompts and prompter', () => {
    for (const options of [{ prompts: undefined }, { prompter: undefined }]) {
      const { rpc } = setup(options as Partial<McpCoreOptions<string>>);
      expect(rpc.has('prompts/list')).toBe(false);
      expect(rpc.has('prompts/get')).toBe(false);
    }
  });

  it('prompts/list lists the prompts; 2026-07-28 with its cache hint', async () => {
    const { ask } = setup();
    expect((await ask('prompts/list')).result).toEqual({
      prompts: [{ name: 'greet', arguments: [{ name: 'who' }] }],
    });
    expect((await ask('prompts/list', {}, modern())).result).toEqual({
      prompts: [{ name: 'greet', arguments: [{ name: 'who' }] }],
      resultType: 'complete',
      _meta: SERVER_INFO_META,
      ttlMs: 60_000,
      cacheScope: 'private',
    });
  });

  it('prompts/get renders the named prompt with its arguments and the context', async () => {
    const { ask, got } = setup();
    expect((await ask('prompts/get', { name: 'greet', arguments: { who: 'Ada' } })).result).toEqual(
      { messages: [{ role: 'user', content: { type: 'text', text: 'hi Ada' } }] },
    );
    expect(got).toEqual([['greet', { who: 'Ada' }, 'ctx']]);
  });

  it('an empty rendering is {}; a list that gives nothing is []', async () => {
    const { ask } = setup({
      prompter: () => undefined as never,
      prompts: () => undefined as never,
    });
    expect((await ask('prompts/get', { name: 'greet' })).result).toEqual({});
    expect((await ask('prompts/list')).result).toEqual({ prompts: [] });
  });

  it('a name that is not a string, or arguments that are not an object: -32602', async () => {
    const { ask, got } = setup();
    expect((await ask('prompts/get', {})).error).toEqual(
      invalid('prompts/get: "name" must be a string'),
    );
    expect((await ask('prompts/get', { name: 'greet', arguments: 'who=Ada' })).error).toEqual(
      invalid('prompts/get: "arguments" must be an object'),
    );
    expect(got).toEqual([]);
  });
});
