import type { Era, JsonObject } from '../core';
import type { TaskSnapshot } from './task';

/** The fields both revisions' `Task` share, with the revision's names for the TTL and the poll interval. */
function taskFields(task: TaskSnapshot, ttl: string, poll: string): JsonObject {
  const out: JsonObject = { taskId: task.taskId, status: task.status };
  if (task.statusMessage !== undefined) out.statusMessage = task.statusMessage;
  out.createdAt = task.createdAt;
  out.lastUpdatedAt = task.lastUpdatedAt;
  out[ttl] = task.ttlMs;
  if (task.pollIntervalMs !== undefined) out[poll] = task.pollIntervalMs;
  return out;
}

/** A 2025-11-25 `Task` (basic/utilities/tasks): `ttl` and `pollInterval`, nothing inlined. */
export function legacyTask(task: TaskSnapshot): JsonObject {
  return taskFields(task, 'ttl', 'pollInterval');
}

/**
 * A 2026-07-28 `Task` (SEP-2663): `ttlMs`, `pollIntervalMs`; `detailed` inlines what the
 * status carries (`inputRequests`, `result`, `error`), as `tasks/get` answers.
 */
export function modernTask(task: TaskSnapshot, detailed: boolean): JsonObject {
  const out = taskFields(task, 'ttlMs', 'pollIntervalMs');
  if (!detailed) return out;
  if (task.status === 'input_required') out.inputRequests = task.inputRequests ?? {};
  else if (task.status === 'completed' && task.result !== undefined) out.result = task.result;
  else if (task.status === 'failed' && task.error !== undefined) out.error = task.error;
  return out;
}

/** The `CreateTaskResult` of `era`: flat with `resultType: "task"` (2026), `{ task }` (2025). */
export function createTaskResult(task: TaskSnapshot, era: Era | undefined): JsonObject {
  return era === 'modern'
    ? { resultType: 'task', ...modernTask(task, false) }
    : { task: legacyTask(task) };
}
