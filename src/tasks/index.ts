// The tasks layer's public face (ARCHITECTURE.md: tasks): long-running tool calls as tasks,
// their store on the state adapter, and the methods both revisions speak.
export {
  declaresTasks,
  missingTasksExtension,
  RELATED_TASK,
  requestedTtl,
  runsAsTask,
  TASKS_EXTENSION,
  type TaskSupport,
} from './declaration';
export { taskMethods } from './family';
export { type ResolvedTaskLimits, resolveTaskLimits, type TaskLimits } from './limits';
export { type TaskControl, type TaskRun, TaskStore } from './store';
export { isTerminal, type TaskHost, type TaskSnapshot, type TaskStatus } from './task';
