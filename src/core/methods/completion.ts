import type { Completion, CompletionReference, McpCoreOptions } from '../options';
import { isObject } from '../types';
import { invalidParams } from './params';
import type { MethodTable } from './table';

/** MCP: at most 100 completion values per answer; `total`/`hasMore` tell the rest. */
function limitCompletion(answer: Completion | string[]): Completion {
  const all = Array.isArray(answer) ? { values: answer } : answer;
  const values = Array.isArray(all?.values) ? all.values.map(String) : [];
  if (values.length <= 100) return { ...all, values };
  return { values: values.slice(0, 100), total: all.total ?? values.length, hasMore: true };
}

/** `completion/complete`, in every revision, when a completer is given. */
export function registerCompletion<C>(table: MethodTable<C>, options: McpCoreOptions<C>): void {
  const { completer } = options;
  if (typeof completer !== 'function') return;
  table.define('completion/complete', {
    calls: true,
    run: async (p, context, call) => {
      const ref = p.ref;
      const argument = p.argument;
      const valid =
        isObject(ref) &&
        ((ref.type === 'ref/prompt' && typeof ref.name === 'string') ||
          (ref.type === 'ref/resource' && typeof ref.uri === 'string'));
      if (!valid) {
        throw invalidParams(
          'completion/complete: "ref" must be a ref/prompt with a name or a ref/resource with a uri',
        );
      }
      if (
        !isObject(argument) ||
        typeof argument.name !== 'string' ||
        typeof argument.value !== 'string'
      ) {
        throw invalidParams('completion/complete: "argument" must have a string name and value');
      }
      const ctx = isObject(p.context) ? (p.context as { arguments?: Record<string, string> }) : {};
      const answer = await completer(
        ref as CompletionReference,
        { name: argument.name, value: argument.value },
        ctx,
        context,
        call!,
      );
      return { completion: limitCompletion(answer) };
    },
  });
}
