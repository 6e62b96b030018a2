import type { McpCoreOptions } from '../options';
import { argumentsOf, invalidParams, orEmpty } from './params';
import type { MethodTable } from './table';

/** `prompts/list` and `prompts/get`, in every revision. */
export function registerPrompts<C>(table: MethodTable<C>, options: McpCoreOptions<C>): void {
  const { prompts, prompter } = options;
  if (typeof prompts !== 'function' || typeof prompter !== 'function') return;
  table.define('prompts/list', {
    calls: true,
    cache: { list: 'prompts' },
    run: async (_p, context, call) => ({ prompts: (await prompts(context, call!)) ?? [] }),
  });
  table.define('prompts/get', {
    calls: true,
    subject: (p) => ({ name: String(p.name), args: p.arguments ?? {} }),
    run: async (p, context, call) => {
      if (typeof p.name !== 'string') throw invalidParams('prompts/get: "name" must be a string');
      return orEmpty(await prompter(p.name, argumentsOf(p, 'prompts/get'), context, call!));
    },
  });
}
