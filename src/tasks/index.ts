// The tasks layer's public face (ARCHITECTURE.md: tasks): long-running tool calls as tasks,
// their store on the state adapter, and the methods both revisions speak.
import type { MethodFamily } from '../core';
import type { ResolvedTaskLimits } from './limits';
import type { TaskStore } from './store';

export {
  declaresTasks,
  missingTasksExtension,
  RELATED_TASK,
  requestedTtl,
  runsAsTask,
  TASKS_EXTENSION,
  type TaskSupport,
} from './declaration';
export { type ResolvedTaskLimits, resolveTaskLimits, type TaskLimits } from './limits';
export type { TaskControl, TaskRun, TaskStore } from './store';
export { isTerminal, type TaskHost, type TaskSnapshot, type TaskStatus } from './task';

/** An application's tasks: their store, and the task methods it serves. */
export interface Tasks {
  store: TaskStore;
  methods: MethodFamily;
}

/**
 * The store and the methods of an application with a task tool. The store, its runner and the
 * methods (nine modules, and the state adapter's) load here, on first use: an application
 * without a task tool never loads them (a stdio app's cold start, bench/README.md row 5).
 */
export function createTasks(limits: ResolvedTaskLimits): Tasks {
  const { TaskStore } = require('./store') as typeof import('./store');
  const { taskMethods } = require('./family') as typeof import('./family');
  const store = new TaskStore(limits);
  return { store, methods: taskMethods(store) };
}
