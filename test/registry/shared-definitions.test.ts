/**
 * The enabled/disabled set shared through a state adapter (src/registry/shared-definitions.ts):
 * recorded states applied at start, another process's announcements applied, its own and
 * malformed ones ignored, failures reported. Two bindings on one in-memory adapter stand for two
 * processes.
 */
import { memoryAdapter, type StateAdapter } from '../../src/adapter';
import { SharedDefinitions } from '../../src/registry/shared-definitions';
import { within } from '../helpers/within';

function binding(adapter: StateAdapter) {
  const applied: Array<[string, boolean]> = [];
  const reported: unknown[] = [];
  let heard: () => void = () => {};
  const shared = new SharedDefinitions(
    adapter,
    (key, enabled) => {
      applied.push([key, enabled]);
      heard();
    },
    (error) => reported.push(error),
  );
  const next = (what: string) =>
    within(new Promise<void>((resolve) => (heard = resolve)), 2_000, `not applied: ${what}`);
  return { shared, applied, reported, next };
}

test('start applies the states recorded so far', async () => {
  const adapter = memoryAdapter();
  await adapter.definitions.set('tool:a', false);
  await adapter.definitions.set('prompt:b', true);
  const one = binding(adapter);
  await one.shared.start();
  expect(one.applied).toEqual([
    ['tool:a', false],
    ['prompt:b', true],
  ]);
  await one.shared.unbind();
});

test('a change is recorded and reaches the other process, not its own', async () => {
  const adapter = memoryAdapter();
  const one = binding(adapter);
  const two = binding(adapter);
  await one.shared.start();
  await two.shared.start();
  const heard = two.next('tool:x');
  one.shared.announce('tool:x', false);
  await heard;
  expect(two.applied).toEqual([['tool:x', false]]);
  expect(await adapter.definitions.all()).toEqual({ 'tool:x': false });
  await new Promise(setImmediate);
  expect(one.applied).toEqual([]);
  await one.shared.unbind();
  await two.shared.unbind();
});

test('malformed messages on the channel are ignored; after unbind nothing is applied', async () => {
  const adapter = memoryAdapter();
  const one = binding(adapter);
  await one.shared.start();
  for (const text of [
    'not json',
    'null',
    '{"origin":"o","key":"k"}',
    '{"origin":1,"key":"k","enabled":true}',
    '{"origin":"o","key":"k","enabled":"yes"}',
  ]) {
    await adapter.bus.publish('definitions', text);
  }
  const heard = one.next('the good one');
  await adapter.bus.publish('definitions', '{"origin":"elsewhere","key":"tool:k","enabled":true}');
  await heard;
  expect(one.applied).toEqual([['tool:k', true]]);
  await one.shared.unbind();
  await one.shared.unbind();
  await adapter.bus.publish('definitions', '{"origin":"elsewhere","key":"tool:z","enabled":true}');
  await new Promise(setImmediate);
  expect(one.applied).toEqual([['tool:k', true]]);
});

test('a store that fails is reported, twice: recording and announcing', async () => {
  const adapter = memoryAdapter();
  const broken = {
    ...adapter,
    definitions: {
      set: () => Promise.reject(new Error('set failed')),
      all: adapter.definitions.all,
    },
    bus: {
      ...adapter.bus,
      publish: () => Promise.reject(new Error('publish failed')),
      subscribe: adapter.bus.subscribe.bind(adapter.bus),
    },
  } as unknown as StateAdapter;
  const one = binding(broken);
  one.shared.announce('tool:a', true);
  await new Promise(setImmediate);
  expect(one.reported).toEqual([new Error('set failed'), new Error('publish failed')]);
});
