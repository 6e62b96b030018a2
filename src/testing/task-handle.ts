import type { Mcp } from 'declarative-mcp';
import { ErrorCode, isObject, McpClientError, setMember } from '../core';

/** A task's state as `tasks/get` answers it (2026-07-28 inlines `result`, `error`, `inputRequests`). */
export interface TaskState extends Mcp.JsonObject {
  taskId: string;
  status: Mcp.TaskStatus;
}

/**
 * A tool call made as a task (`callTool(name, args, { task: true })`), in either revision. When
 * the server ran the tool at once instead (a tool that is not a task tool), `taskId` is
 * undefined, `status()` says `completed` and `result()` is that result.
 */
export interface TaskHandle {
  /** The task's id; undefined when the server answered the call at once. */
  readonly taskId: string | undefined;
  /** The server's answer to the call: the created task, or the result it answered at once. */
  readonly created: Mcp.JsonObject;
  /** The task as it stands (`tasks/get`). */
  status(): Promise<TaskState>;
  /**
   * The tool's result once the task ends: 2025-11-25 waits on `tasks/result` (questions come as
   * server→client requests); 2026-07-28 polls `tasks/get` and answers `inputRequests` through
   * the handlers with `tasks/update`. A failed or cancelled task rejects with `McpClientError`.
   */
  result(): Promise<Mcp.CallToolResult>;
  /** Asks the server to cancel the task (`tasks/cancel`). */
  cancel(): Promise<void>;
}

/** What a task handle needs of its client. */
export interface TaskClient {
  readonly modern: boolean;
  taskRequest(method: string, params: Mcp.JsonObject): Promise<unknown>;
  answerModern(ask: unknown): Promise<unknown>;
  readonly maxTaskRounds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The handle of a `tools/call` answered with `created`. */
export function taskHandle(client: TaskClient, created: Mcp.JsonObject): TaskHandle {
  const task = client.modern
    ? created.resultType === 'task'
      ? created
      : undefined
    : isObject(created.task)
      ? created.task
      : undefined;
  const taskId = typeof task?.taskId === 'string' ? task.taskId : undefined;
  const poll = Math.min(
    Math.max(Number(task?.pollIntervalMs ?? task?.pollInterval ?? 1000) || 0, 1),
    5000,
  );
  const status = async (): Promise<TaskState> => {
    if (taskId === undefined) return { taskId: '', status: 'completed', result: created };
    return (await client.taskRequest('tasks/get', { taskId })) as TaskState;
  };
  const ended = (state: TaskState): Mcp.CallToolResult => {
    if (state.status === 'completed') return (state.result ?? {}) as Mcp.CallToolResult;
    const error = isObject(state.error) ? state.error : {};
    throw new McpClientError(
      typeof error.code === 'number' ? error.code : ErrorCode.INTERNAL_ERROR,
      state.status === 'cancelled'
        ? `Task ${taskId} was cancelled`
        : `Task ${taskId} failed: ${String(error.message ?? state.statusMessage ?? 'no reason given')}`,
      error.data ?? state,
    );
  };
  return {
    taskId,
    created,
    status,
    cancel: async () => {
      if (taskId !== undefined) await client.taskRequest('tasks/cancel', { taskId });
    },
    result: async () => {
      if (taskId === undefined) return created as Mcp.CallToolResult;
      if (!client.modern)
        return (await client.taskRequest('tasks/result', { taskId })) as Mcp.CallToolResult;
      const answered = new Set<string>();
      let asks = 0;
      for (;;) {
        const state = await status();
        if (
          state.status === 'completed' ||
          state.status === 'failed' ||
          state.status === 'cancelled'
        ) {
          return ended(state);
        }
        const pending = Object.entries(
          isObject(state.inputRequests) ? state.inputRequests : {},
        ).filter(([key]) => !answered.has(key));
        if (state.status === 'input_required' && pending.length > 0) {
          if (++asks > client.maxTaskRounds) {
            throw new McpClientError(
              ErrorCode.INTERNAL_ERROR,
              `The task asked more than ${client.maxTaskRounds} times (maxRounds ${client.maxTaskRounds}).`,
              undefined,
              { reason: 'too-many-rounds' },
            );
          }
          const inputResponses: Mcp.JsonObject = {};
          for (const [key, ask] of pending) {
            setMember(inputResponses, key, await client.answerModern(ask));
            answered.add(key);
          }
          await client.taskRequest('tasks/update', { taskId, inputResponses });
          continue;
        }
        await sleep(poll);
      }
    },
  };
}
