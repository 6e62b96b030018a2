/**
 * `DeadlineQueue`: the `postTimeout` deadlines of the POSTs in flight, on one timer. Driven by
 * jest's fake clock (which fakes `performance.now()` and the timers alike), so every wait is
 * exact and nothing sleeps.
 */
import { DeadlineQueue } from '../../../../src/transports/http/request/deadline';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('DeadlineQueue', () => {
  it('a deadline passes after the timeout, and tells its listener once', () => {
    const queue = new DeadlineQueue(100);
    const deadline = queue.start();
    const listener = jest.fn();
    deadline.listen(listener);
    jest.advanceTimersByTime(99);
    expect(deadline.expired).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(deadline.expired).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    deadline.expire();
    jest.advanceTimersByTime(1000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a stopped deadline never passes', () => {
    const queue = new DeadlineQueue(100);
    const deadline = queue.start();
    const listener = jest.fn();
    deadline.listen(listener);
    queue.stop(deadline);
    queue.stop(deadline); // twice is harmless
    jest.advanceTimersByTime(1000);
    expect(deadline.expired).toBe(false);
    expect(listener).not.toHaveBeenCalled();
  });

  it('timeout 0: a deadline that never passes, and no timer', () => {
    const queue = new DeadlineQueue(0);
    const deadline = queue.start();
    deadline.listen(() => {
      throw new Error('must not be called');
    });
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(10 ** 9);
    expect(deadline.expired).toBe(false);
  });

  it('many deadlines share one timer, and pass in the order they started', () => {
    const queue = new DeadlineQueue(100);
    const passed: string[] = [];
    const a = queue.start();
    a.listen(() => passed.push('a'));
    jest.advanceTimersByTime(30);
    const b = queue.start();
    b.listen(() => passed.push('b'));
    jest.advanceTimersByTime(30);
    const c = queue.start();
    c.listen(() => passed.push('c'));
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(40); // t = 100: a passes
    expect(passed).toEqual(['a']);
    jest.advanceTimersByTime(29); // t = 129
    expect(passed).toEqual(['a']);
    jest.advanceTimersByTime(1); // t = 130: b
    expect(passed).toEqual(['a', 'b']);
    jest.advanceTimersByTime(30); // t = 160: c
    expect(passed).toEqual(['a', 'b', 'c']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stopping the head re-arms for the next deadline, not earlier and not later', () => {
    const queue = new DeadlineQueue(100);
    const a = queue.start();
    jest.advanceTimersByTime(50);
    const b = queue.start();
    const listener = jest.fn();
    b.listen(listener);
    queue.stop(a);
    jest.advanceTimersByTime(50); // t = 100: the timer fires for a, which is gone; re-arms for b
    expect(listener).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(49);
    expect(listener).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1); // t = 150
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stopping a deadline in the middle keeps the others in order', () => {
    const queue = new DeadlineQueue(10);
    const passed: number[] = [];
    const deadlines = [0, 1, 2, 3].map((n) => {
      const deadline = queue.start();
      deadline.listen(() => passed.push(n));
      jest.advanceTimersByTime(1);
      return deadline;
    });
    queue.stop(deadlines[1]);
    queue.stop(deadlines[3]);
    jest.advanceTimersByTime(100);
    expect(passed).toEqual([0, 2]);
  });

  it('a listener that starts a deadline while one passes gets a deadline of its own', () => {
    const queue = new DeadlineQueue(100);
    const passed: string[] = [];
    const first = queue.start();
    first.listen(() => {
      passed.push('first');
      queue.start().listen(() => passed.push('second'));
    });
    jest.advanceTimersByTime(100);
    expect(passed).toEqual(['first']);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(100);
    expect(passed).toEqual(['first', 'second']);
  });

  it('listen replaces the listener; unlisten removes only the one listening', () => {
    const queue = new DeadlineQueue(100);
    const deadline = queue.start();
    const old = jest.fn();
    const current = jest.fn();
    deadline.listen(old);
    deadline.listen(current);
    deadline.unlisten(old); // not the one listening: nothing changes
    jest.advanceTimersByTime(100);
    expect(old).not.toHaveBeenCalled();
    expect(current).toHaveBeenCalledTimes(1);

    const other = queue.start();
    const removed = jest.fn();
    other.listen(removed);
    other.unlisten(removed);
    jest.advanceTimersByTime(100);
    expect(other.expired).toBe(true);
    expect(removed).not.toHaveBeenCalled();
  });

  it('close() stops the timer: the deadlines left never pass', () => {
    const queue = new DeadlineQueue(100);
    const deadline = queue.start();
    const listener = jest.fn();
    deadline.listen(listener);
    queue.close();
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(1000);
    expect(listener).not.toHaveBeenCalled();
  });

  it('its timer never keeps the process alive', () => {
    jest.useRealTimers();
    const unref = jest.spyOn(global, 'setTimeout');
    const queue = new DeadlineQueue(60_000);
    queue.start();
    const timer = unref.mock.results[0].value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    queue.close();
    unref.mockRestore();
  });
});
