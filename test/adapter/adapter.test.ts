/** The state adapter's contract (src/adapter/adapter.ts): what counts as a StateBindable. */
import { isStateBindable } from '../../src/adapter/adapter';

test('anything with a bindState function is bindable', () => {
  expect(isStateBindable({ bindState: () => ({}) })).toBe(true);
  expect(isStateBindable(Object.create({ bindState() {} }))).toBe(true);
  const fn = Object.assign(() => {}, { bindState: () => ({}) });
  // A function is not an object here: what a transport serves is an application instance.
  expect(isStateBindable(fn)).toBe(false);
});

test.each([undefined, null, 0, 'bindState', {}, { bindState: true }, { bindState: {} }])(
  '%p is not',
  (value) => {
    expect(isStateBindable(value)).toBe(false);
  },
);
