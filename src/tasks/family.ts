import { type Inbound, invalidParams, type JsonObject, type MethodFamily } from '../core';
import { declaresTasks, missingTasksExtension, TASKS_EXTENSION } from './declaration';
import { registerTaskMethods } from './methods';
import type { TaskHost } from './task';

/**
 * SEP-2663 `notifications/tasks`: a 2026-07-28 `subscriptions/listen` whose filter names
 * `taskIds` is told each change of those of the caller's tasks (a `DetailedTask`), from any
 * process (the bus) and on the heartbeat's pace. Another caller's or an unknown id is left out
 * of the acknowledged `taskIds`.
 */
async function listenToTasks(
  host: TaskHost,
  wanted: JsonObject,
  inbound: Inbound,
  deliver: (method: string, params: JsonObject) => void,
) {
  const ids = wanted.taskIds;
  if (ids === undefined) return undefined;
  if (!Array.isArray(ids) || ids.some((t) => typeof t !== 'string')) {
    throw invalidParams('subscriptions/listen: "taskIds" must be an array of task ids');
  }
  if (!declaresTasks(inbound.client?.capabilities)) {
    throw missingTasksExtension('subscriptions/listen with taskIds');
  }
  const principal = inbound.link?.principal ?? '';
  const taskIds: string[] = [];
  const stops: Array<() => void> = [];
  const stop = (): void => {
    for (const end of stops) end();
  };
  try {
    for (const taskId of new Set(ids as string[])) {
      const watching = await host.watch(taskId, principal, (task) =>
        deliver('notifications/tasks', inbound.revision.tasks.task(task, true)),
      );
      if (watching === undefined) continue;
      stops.push(watching);
      taskIds.push(taskId);
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { honored: { taskIds }, stop };
}

/**
 * The tasks of `host` as the core serves them (its {@link MethodFamily} seam): the task methods
 * of both revisions, `notifications/tasks` on `subscriptions/listen`, and their declarations —
 * the 2025-11-25 `tasks` capability and the 2026-07-28 extension.
 */
export function taskMethods(host: TaskHost): MethodFamily {
  return {
    // MCP 2025-11-25 basic/utilities/tasks: what may be a task, and the optional methods.
    capabilities: { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
    // 2026-07-28 advertises tasks as an extension (SEP-2663), never the 2025 `tasks` slot.
    extensions: { [TASKS_EXTENSION]: {} },
    register: (table) => registerTaskMethods(table, host),
    listen: (wanted, inbound, deliver) => listenToTasks(host, wanted, inbound, deliver),
  };
}
