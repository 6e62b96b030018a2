/** completion/complete: its params checked, the completer called, at most 100 values answered. */
import fc from 'fast-check';
import type { McpCoreOptions } from '../../../src/core';
import { registerCompletion } from '../../../src/core/methods/completion';
import { invalid, methodTable } from './harness';

const BASE = { name: 'T', version: '1', lister: () => [], caller: () => ({}) };
const REF_BAD = invalid(
  'completion/complete: "ref" must be a ref/prompt with a name or a ref/resource with a uri',
);
const ARG_BAD = invalid('completion/complete: "argument" must have a string name and value');

function setup(completer?: McpCoreOptions<string>['completer']) {
  const { table, rpc, ask } = methodTable();
  const asked: unknown[][] = [];
  registerCompletion(table, {
    ...BASE,
    completer:
      completer ??
      ((ref, argument, ctx, context) => {
        asked.push([ref, argument, ctx, context]);
        return ['a', 'b'];
      }),
  });
  return { rpc, ask, asked };
}

const ARG = { name: 'city', value: 'O' };

describe('registerCompletion', () => {
  it('registers nothing without a completer', () => {
    const { table, rpc } = methodTable();
    registerCompletion(table, BASE);
    expect(rpc.has('completion/complete')).toBe(false);
  });

  it('asks the completer with ref, argument, the context arguments and the request context', async () => {
    const { ask, asked } = setup();
    const ref = { type: 'ref/prompt', name: 'greet' };
    const answer = await ask('completion/complete', {
      ref,
      argument: ARG,
      context: { arguments: { country: 'NO' } },
    });
    expect(answer.result).toEqual({ completion: { values: ['a', 'b'] } });
    expect(asked).toEqual([[ref, ARG, { arguments: { country: 'NO' } }, 'ctx']]);
    await ask('completion/complete', {
      ref: { type: 'ref/resource', uri: 'file:///{x}' },
      argument: ARG,
      context: 'nope',
    });
    expect(asked[1]![2]).toEqual({});
  });

  it('a bad ref or argument is -32602 and the completer is not asked', async () => {
    const { ask, asked } = setup();
    for (const ref of [
      undefined,
      'ref/prompt',
      { type: 'ref/prompt' },
      { type: 'ref/prompt', uri: 'x' },
      { type: 'ref/resource', name: 'x' },
      { type: 'ref/tool', name: 'x' },
    ]) {
      expect((await ask('completion/complete', { ref, argument: ARG })).error).toEqual(REF_BAD);
    }
    const ref = { type: 'ref/prompt', name: 'greet' };
    for (const argument of [undefined, [], { name: 'city' }, { name: 1, value: 'x' }]) {
      expect((await ask('completion/complete', { ref, argument })).error).toEqual(ARG_BAD);
    }
    expect(asked).toEqual([]);
  });

  it('an object answer keeps total and hasMore; values become strings', async () => {
    const { ask } = setup(() => ({ values: [1, 'b'] as never, total: 9, hasMore: true }));
    const ref = { type: 'ref/prompt', name: 'greet' };
    expect((await ask('completion/complete', { ref, argument: ARG })).result).toEqual({
      completion: { values: ['1', 'b'], total: 9, hasMore: true },
    });
    const none = setup(() => ({}) as never);
    expect((await none.ask('completion/complete', { ref, argument: ARG })).result).toEqual({
      completion: { values: [] },
    });
  });

  it('more than 100 values: the first 100, the total, hasMore', async () => {
    const ref = { type: 'ref/prompt', name: 'greet' };
    const exactly = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    expect(
      (await setup(() => exactly(100)).ask('completion/complete', { ref, argument: ARG })).result,
    ).toEqual({ completion: { values: exactly(100) } });
    expect(
      (await setup(() => exactly(101)).ask('completion/complete', { ref, argument: ARG })).result,
    ).toEqual({ completion: { values: exactly(100), total: 101, hasMore: true } });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 250 }), fc.boolean(), async (count, total) => {
        const values = Array.from({ length: count }, (_, i) => `v${i}`);
        const { ask } = setup(() => (total ? { values, total: 1000 } : values));
        const completion = (await ask('completion/complete', { ref, argument: ARG })).result!
          .completion as { values: string[]; total?: number; hasMore?: boolean };
        expect(completion.values).toEqual(values.slice(0, 100));
        if (count > 100) {
          expect(completion.total).toBe(total ? 1000 : count);
          expect(completion.hasMore).toBe(true);
        } else {
          expect(completion.hasMore).toBeUndefined();
        }
      }),
      { numRuns: 40 },
    );
  });
});
