/** Task limits (src/tasks/limits.ts): the defaults, and a clear start-up error for each mistake. */
import { ConfigurationError } from '../../src/core';
import { resolveTaskLimits } from '../../src/tasks/limits';
import { app } from './harness';

test('the defaults: 100 tasks, an hour, 1 MiB, 1 s polls, 5 s beats, a lease of three beats', () => {
  expect(resolveTaskLimits({})).toEqual({
    maxTasks: 100,
    ttl: 3_600_000,
    maxTtl: 3_600_000,
    resultLimit: 1_048_576,
    pollInterval: 1_000,
    heartbeat: 5_000,
    lease: 15_000,
  });
});

test('each option lands in its field; the lease follows the heartbeat unless given', () => {
  expect(
    resolveTaskLimits({
      maxTasks: 3,
      taskTtl: 60_000,
      taskResultLimit: 10,
      taskPollInterval: 20,
      taskHeartbeat: 7,
    }),
  ).toEqual({
    maxTasks: 3,
    ttl: 60_000,
    maxTtl: 3_600_000,
    resultLimit: 10,
    pollInterval: 20,
    heartbeat: 7,
    lease: 21,
  });
  expect(resolveTaskLimits({ taskHeartbeat: 7, taskLease: 8 }).lease).toBe(8);
});

test('taskTtl as a number is the default; the maximum is never below it', () => {
  expect(resolveTaskLimits({ taskTtl: 7_200_000 })).toMatchObject({
    ttl: 7_200_000,
    maxTtl: 7_200_000,
  });
  expect(resolveTaskLimits({ taskTtl: { max: 9_000_000 } })).toMatchObject({
    ttl: 3_600_000,
    maxTtl: 9_000_000,
  });
  expect(resolveTaskLimits({ taskTtl: { default: 5, max: 5 } })).toMatchObject({
    ttl: 5,
    maxTtl: 5,
  });
  expect(resolveTaskLimits({ taskTtl: { default: 5 } })).toMatchObject({
    ttl: 5,
    maxTtl: 3_600_000,
  });
});

test.each<[object, string]>([
  [{ maxTasks: 0 }, '"maxTasks" must be a whole number of 1 or more (got 0)'],
  [{ maxTasks: 1.5 }, '"maxTasks" must be a whole number of 1 or more (got 1.5)'],
  [{ maxTasks: '3' }, '"maxTasks" must be a whole number of 1 or more (got 3)'],
  [{ maxTasks: null }, '"maxTasks" must be a whole number of 1 or more (got null)'],
  [{ taskTtl: -1 }, '"taskTtl" must be a whole number of 1 or more (got -1)'],
  [{ taskTtl: { default: 0 } }, '"taskTtl.default" must be a whole number of 1 or more (got 0)'],
  [{ taskTtl: { max: Number.NaN } }, '"taskTtl.max" must be a whole number of 1 or more (got NaN)'],
  [{ taskResultLimit: 0 }, '"taskResultLimit" must be a whole number of 1 or more (got 0)'],
  [
    { taskPollInterval: Infinity },
    '"taskPollInterval" must be a whole number of 1 or more (got Infinity)',
  ],
  [{ taskHeartbeat: 0 }, '"taskHeartbeat" must be a whole number of 1 or more (got 0)'],
  [{ taskLease: 0.5 }, '"taskLease" must be a whole number of 1 or more (got 0.5)'],
  [
    { taskTtl: { default: 10, max: 5 } },
    'taskTtl.default (10) is above taskTtl.max (5); lower the default or raise the maximum.',
  ],
  [
    { taskHeartbeat: 100, taskLease: 100 },
    'taskLease (100) must be longer than taskHeartbeat (100), or a living runner',
  ],
])('%j is a ConfigurationError that names the option', (limits, message) => {
  let thrown: unknown;
  try {
    resolveTaskLimits(limits as never);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigurationError);
  expect((thrown as Error).message).toContain(`McpApplication.create: ${message}`);
});

test('limits are checked at start-up', () => {
  expect(() => app(undefined, { maxTasks: 0 })).toThrow(
    /"maxTasks" must be a whole number of 1 or more/,
  );
  expect(() => app(undefined, { taskTtl: { default: 10, max: 5 } })).toThrow(
    /taskTtl.default \(10\) is above taskTtl.max \(5\)/,
  );
});
