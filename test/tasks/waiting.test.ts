/**
 * Waiting on a task (src/tasks/waiting.ts): `settled` until it ends and `watch` for each change,
 * both woken by the runner's news on the bus. The poll interval and heartbeat are an hour here,
 * so every wake in these tests comes from the bus.
 */
import { memoryAdapter } from '../../src/adapter';
import type { JsonObject } from '../../src/core';
import { resolveTaskLimits } from '../../src/tasks/limits';
import { channelOf } from '../../src/tasks/record';
import type { TaskSnapshot, TaskStatus } from '../../src/tasks/task';
import { settled, type Watchable, watch } from '../../src/tasks/waiting';
import { within } from '../helpers/within';

const HOUR = 3_600_000;
const ASKS: Record<string, JsonObject> = { name: { method: 'elicitation/create', params: {} } };

/** One task of 'alice' whose state the test sets, with a count of live bus subscriptions. */
function tasks() {
  const { bus } = memoryAdapter();
  let task: TaskSnapshot | undefined = {
    taskId: 't',
    status: 'working',
    createdAt: '2026-12-05T12:00:00.000Z',
    lastUpdatedAt: '2026-12-05T12:00:00.000Z',
    ttlMs: 60_000,
  };
  let looked: () => void = () => {};
  let subscribed = 0;
  const host: Watchable = {
    limits: resolveTaskLimits({ taskPollInterval: HOUR, taskHeartbeat: HOUR }),
    bus: {
      publish: (channel, message) => bus.publish(channel, message),
      subscribe: async (channel, listener) => {
        const stop = await bus.subscribe(channel, listener);
        subscribed++;
        return async () => {
          subscribed--;
          await stop();
        };
      },
    },
    async get(taskId, principal) {
      looked();
      return taskId === 't' && principal === 'alice' ? task : undefined;
    },
  };
  return {
    host,
    subscriptions: () => subscribed,
    /** Resolves once the next look has been taken and its turn has run. */
    nextLook: (what: string) =>
      within(
        new Promise<void>((resolve) => {
          looked = () => setImmediate(resolve);
        }),
        2_000,
        `no look at the task: ${what}`,
      ),
    /** Changes the task, as its runner would, and tells the bus. */
    async set(
      status: TaskStatus,
      extra: Partial<TaskSnapshot> = {},
      at = new Date().toISOString(),
    ) {
      task = { ...task!, status, lastUpdatedAt: at, ...extra };
      await bus.publish(channelOf('t'), status);
    },
  };
}

// Ended after each test, so a wait a failing test left behind does not hold jest open.
let ending: AbortController;
const stops: Array<() => void> = [];
beforeEach(() => {
  ending = new AbortController();
});
afterEach(() => {
  ending.abort();
  for (const stop of stops.splice(0)) stop();
});

describe('settled', () => {
  it('is undefined for an unknown task or another caller’s, and lets go of the bus', async () => {
    const t = tasks();
    expect(await settled(t.host, 'nope', 'alice', ending.signal)).toBeUndefined();
    expect(await settled(t.host, 't', 'mallory', ending.signal)).toBeUndefined();
    expect(t.subscriptions()).toBe(0);
  });

  it('answers a terminal task at once', async () => {
    const t = tasks();
    await t.set('failed', { statusMessage: 'no' });
    expect(await settled(t.host, 't', 'alice', ending.signal)).toMatchObject({
      status: 'failed',
      statusMessage: 'no',
    });
  });

  it('wakes on the runner’s news, tells the asks of input_required, ends when terminal', async () => {
    const t = tasks();
    const asked: unknown[] = [];
    const first = t.nextLook('first');
    const done = settled(t.host, 't', 'alice', ending.signal, (requests) => asked.push(requests));
    await first;
    expect(t.subscriptions()).toBe(1);
    const second = t.nextLook('after input_required');
    await t.set('input_required', { inputRequests: ASKS });
    await second;
    expect(asked).toEqual([ASKS]);
    await t.set('completed', { inputRequests: undefined, result: { content: [] } });
    const task = await within(done, 2_000, 'settled did not wake on completed');
    expect(task).toMatchObject({ status: 'completed', result: { content: [] } });
    expect(t.subscriptions()).toBe(0);
  });

  it('an aborted signal ends the wait with the task as it stands', async () => {
    const t = tasks();
    const controller = new AbortController();
    const first = t.nextLook('first');
    const done = settled(t.host, 't', 'alice', controller.signal);
    await first;
    controller.abort();
    const task = await within(done, 2_000, 'settled did not end on abort');
    expect(task?.status).toBe('working');
    expect(t.subscriptions()).toBe(0);
  });
});

describe('watch', () => {
  it('is undefined for an unknown task, and subscribes to nothing', async () => {
    const t = tasks();
    expect(await watch(t.host, 't', 'mallory', () => {})).toBeUndefined();
    expect(t.subscriptions()).toBe(0);
  });

  it('tells each change once, not news that changed nothing, and stops when the task ends', async () => {
    const t = tasks();
    const seen: TaskSnapshot[] = [];
    const stop = await watch(t.host, 't', 'alice', (task) => seen.push(task));
    expect(stop).toBeInstanceOf(Function);
    stops.push(stop!);
    expect(t.subscriptions()).toBe(1);

    let look = t.nextLook('message');
    await t.set('working', { statusMessage: 'half' }, '2026-12-05T12:00:01.000Z');
    await look;
    look = t.nextLook('same again');
    await t.set('working', { statusMessage: 'half' }, '2026-12-05T12:00:01.000Z');
    await look;
    look = t.nextLook('asks');
    await t.set('input_required', { inputRequests: ASKS }, '2026-12-05T12:00:01.000Z');
    await look;
    look = t.nextLook('completed');
    await t.set('completed', { inputRequests: undefined }, '2026-12-05T12:00:02.000Z');
    await look;
    expect(seen.map((task) => [task.status, task.statusMessage])).toEqual([
      ['working', 'half'],
      ['input_required', 'half'],
      ['completed', 'half'],
    ]);
    await within(
      (async () => {
        while (t.subscriptions() > 0) await new Promise(setImmediate);
      })(),
      2_000,
      'watch did not let go of the bus when the task ended',
    );
  });

  it('the returned function stops it: later news is not told', async () => {
    const t = tasks();
    const seen: TaskSnapshot[] = [];
    const stop = (await watch(t.host, 't', 'alice', (task) => seen.push(task)))!;
    stop();
    stop();
    await t.set('completed');
    await new Promise(setImmediate);
    expect(seen).toEqual([]);
  });

  it('a task already terminal is watched for nothing', async () => {
    const t = tasks();
    await t.set('cancelled');
    const seen: TaskSnapshot[] = [];
    expect(await watch(t.host, 't', 'alice', (task) => seen.push(task))).toBeInstanceOf(Function);
    await new Promise(setImmediate);
    expect(t.subscriptions()).toBe(0);
  });
});
