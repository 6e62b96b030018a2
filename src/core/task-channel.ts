import type { JsonObject } from './types';

/**
 * What a call that became a task does with its voice while it runs, bound to the call by the
 * task layer (`McpCall.startTask`): status messages, asks that put the task into
 * `input_required`, and the signal `tasks/cancel` aborts.
 */
export interface TaskChannel {
  readonly taskId: string;
  readonly signal: AbortSignal;
  /** Records `message` as the task's `statusMessage`. */
  status(message: string): void;
  /**
   * Waits for the answer to the ask `key`, shown meanwhile in the task's `inputRequests`.
   * `dropped` is told why when the task ends before the ask is answered (the returned promise
   * then stays pending).
   */
  ask(
    key: string,
    capability: string,
    method: string,
    params: JsonObject,
    dropped?: (reason: Error) => void,
  ): Promise<unknown>;
}
