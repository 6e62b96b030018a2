/** Timers that work where unref and setImmediate are missing (Workers, browsers). */
import { nextTurn, unref } from '../../src/core/timers';
import { within } from '../helpers/within';

describe('unref', () => {
  it("calls the timer's unref where it has one", () => {
    let called = 0;
    unref({
      unref: () => {
        called += 1;
      },
    });
    expect(called).toBe(1);
    const timer = setInterval(() => {}, 1000);
    unref(timer);
    expect(timer.hasRef()).toBe(false);
    clearInterval(timer);
  });

  it('does nothing for a number, undefined or an object without unref', () => {
    expect(() => unref(3)).not.toThrow();
    expect(() => unref(undefined)).not.toThrow();
    expect(() => unref(null)).not.toThrow();
    expect(() => unref({})).not.toThrow();
  });
});

describe('nextTurn', () => {
  it('runs the task after every pending microtask, once the event loop turns', async () => {
    const order: string[] = [];
    const done = new Promise<void>((resolve) => {
      nextTurn(() => {
        order.push('turn');
        resolve();
      });
    });
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('sync');
    await within(done, 2000, 'nextTurn to run its task');
    expect(order).toEqual(['sync', 'microtask', 'turn']);
  });

  it('without setImmediate it falls back to a zero timer', async () => {
    const saved = globalThis.setImmediate;
    let module: typeof import('../../src/core/timers') | undefined;
    try {
      (globalThis as { setImmediate?: unknown }).setImmediate = undefined;
      jest.isolateModules(() => {
        module = require('../../src/core/timers');
      });
    } finally {
      globalThis.setImmediate = saved;
    }
    const immediate = jest.spyOn(globalThis, 'setImmediate');
    const ran = new Promise<void>((resolve) => module!.nextTurn(resolve));
    await within(ran, 2000, 'the zero-timer fallback to run its task');
    expect(immediate).not.toHaveBeenCalled();
    immediate.mockRestore();
  });
});
