/** `declarative-mcp/adapter` (src/adapter/index.ts): exactly these runtime exports, and they work. */
import * as adapter from 'declarative-mcp/adapter';
import { isStateBindable } from '../../src/adapter/adapter';
import { EVENT_DEFAULTS, eventOptions } from '../../src/adapter/event-options';
import { entryOf, orderKey } from '../../src/adapter/index-order';
import { memoryAdapter } from '../../src/adapter/memory';
import { expectFace } from '../helpers/face';

test('the entry exports exactly these values, each the defining module’s', () => {
  expectFace(adapter, {
    EVENT_DEFAULTS,
    entryOf,
    eventOptions,
    isStateBindable,
    memoryAdapter,
    orderKey,
  });
});

test('memoryAdapter is the unshared default, opened and closed again', async () => {
  const state = adapter.memoryAdapter();
  expect([state.name, state.shared]).toEqual(['memory', false]);
  await state.open();
  await state.records.set('k', { v: 1 });
  expect(await state.records.get('k')).toEqual({ v: 1 });
  await state.close();
});
