/**
 * The tasks layer's face (src/tasks/index.ts): what it exports, and `createTasks`, which makes an
 * application's task store and the task methods it serves.
 */
import * as tasks from '../../src/tasks';
import { createTasks, resolveTaskLimits } from '../../src/tasks';
import { TaskStore } from '../../src/tasks/store';

test('the face exports exactly these values', () => {
  expect(Object.keys(tasks).sort()).toEqual([
    'RELATED_TASK',
    'TASKS_EXTENSION',
    'createTasks',
    'declaresTasks',
    'isTerminal',
    'missingTasksExtension',
    'requestedTtl',
    'resolveTaskLimits',
    'runsAsTask',
  ]);
});

test('createTasks: a store with the limits, and the methods both revisions declare', async () => {
  const limits = resolveTaskLimits({ maxTasks: 2 });
  const { store, methods } = createTasks(limits);
  expect(store).toBeInstanceOf(TaskStore);
  expect(store.limits).toBe(limits);
  expect(methods.capabilities).toEqual({
    tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
  });
  expect(methods.extensions).toEqual({ 'io.modelcontextprotocol/tasks': {} });
  expect(typeof methods.register).toBe('function');
  expect(typeof methods.listen).toBe('function');
  await store.close();
});
