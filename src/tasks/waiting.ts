import type { MessageBus } from '../adapter';
import { type JsonObject, unref } from '../core';
import type { ResolvedTaskLimits } from './limits';
import { channelOf } from './record';
import { isTerminal, type TaskSnapshot } from './task';

/** What waiting on a task needs: a look at it as the caller sees it, the bus, the timings. */
export interface Watchable {
  get(taskId: string, principal: string): Promise<TaskSnapshot | undefined>;
  readonly bus: MessageBus;
  readonly limits: ResolvedTaskLimits;
}

/**
 * Waits (bounded by `signal`) until the caller's task is terminal, woken by the runner's news on
 * the bus and looking again every poll interval (the bus may drop); `onInput` is told the asks
 * of an `input_required` task. Undefined when the task is unknown.
 */
export async function settled(
  tasks: Watchable,
  taskId: string,
  principal: string,
  signal: AbortSignal,
  onInput?: (requests: Record<string, JsonObject>) => void,
): Promise<TaskSnapshot | undefined> {
  let wake: (() => void) | undefined;
  const stop = await tasks.bus.subscribe(channelOf(taskId), () => wake?.());
  try {
    for (;;) {
      const task = await tasks.get(taskId, principal);
      if (task === undefined || isTerminal(task.status) || signal.aborted) return task;
      if (task.status === 'input_required' && task.inputRequests !== undefined) {
        onInput?.(task.inputRequests);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, tasks.limits.pollInterval);
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        };
        wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
  } finally {
    await stop();
  }
}

/**
 * Tells `listener` each change of the caller's task (status, message, asks) until it ends or the
 * returned function is called; undefined when the task is unknown. News comes on the bus; a dead
 * runner's task is noticed on the heartbeat's pace.
 */
export async function watch(
  tasks: Watchable,
  taskId: string,
  principal: string,
  listener: (task: TaskSnapshot) => void,
): Promise<(() => void) | undefined> {
  let last = await tasks.get(taskId, principal);
  if (last === undefined) return undefined;
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    void unsubscribe?.().catch(() => {});
  };
  const look = async (): Promise<void> => {
    if (stopped) return;
    const task = await tasks.get(taskId, principal).catch(() => last);
    if (stopped || task === undefined) return;
    const seen = last!;
    if (
      task.status !== seen.status ||
      task.lastUpdatedAt !== seen.lastUpdatedAt ||
      JSON.stringify(task.inputRequests) !== JSON.stringify(seen.inputRequests)
    ) {
      last = task;
      listener(task);
    }
    if (isTerminal(task.status)) stop();
  };
  const timer = setInterval(() => void look(), tasks.limits.heartbeat);
  unref(timer);
  unsubscribe = await tasks.bus.subscribe(channelOf(taskId), () => void look());
  if (isTerminal(last.status)) stop();
  return stop;
}
