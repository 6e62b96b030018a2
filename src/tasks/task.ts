import type { JsonObject } from '../core';

/** Where a task stands. `completed`, `failed` and `cancelled` are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Whether `status` is terminal: nothing changes a task after it. */
export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/**
 * One task as the store sees it, in no revision's wire shape: the request's revision (its
 * `tasks` dialect in the core) turns it into a 2025-11-25 `Task` or a 2026-07-28 `DetailedTask`.
 */
export interface TaskSnapshot {
  /** The task's id (a random UUID). */
  readonly taskId: string;
  /** Where it stands. */
  readonly status: TaskStatus;
  /** What the method last said (`call.progress`, `call.log`), or why it ended. */
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  /** From creation, in ms; `null`: unlimited. */
  readonly ttlMs: number | null;
  /** How often the client should poll, in ms. */
  readonly pollIntervalMs?: number;
  /** The tool result of a `completed` task. */
  readonly result?: JsonObject;
  /** The JSON-RPC error of a `failed` task. */
  readonly error?: JsonObject;
  /** The asks still unanswered, by key, of an `input_required` task. */
  readonly inputRequests?: Record<string, JsonObject>;
  /**
   * The W3C `traceparent` of the request that created the task, when it was traced
   * (OpenTelemetry): later task requests link their spans to it. Never sent to the client.
   */
  readonly trace?: string;
}

/**
 * What serves the task methods: the task store (through the state adapter). `principal` is the
 * caller's identity key; a task of another principal is unknown (`undefined`), never shown.
 */
export interface TaskHost {
  /** The task, or undefined when unknown, expired or another caller's. */
  get(taskId: string, principal: string): Promise<TaskSnapshot | undefined>;
  /**
   * Delivers answers to a task's outstanding asks (unknown or answered keys are ignored).
   * Resolves to the task as it stood before the answers, or undefined when unknown.
   */
  update(
    taskId: string,
    responses: JsonObject,
    principal: string,
  ): Promise<TaskSnapshot | undefined>;
  /**
   * Asks a task to stop: resolves to the task as it stands after the request (a terminal task
   * unchanged), or undefined when unknown.
   */
  cancel(taskId: string, principal: string): Promise<TaskSnapshot | undefined>;
  /**
   * Waits (bounded by `signal`) until the task is terminal; undefined when unknown. Meanwhile,
   * `onInput` is told the asks of the task whenever it is `input_required`.
   */
  settled(
    taskId: string,
    principal: string,
    signal: AbortSignal,
    onInput?: (requests: Record<string, JsonObject>) => void,
  ): Promise<TaskSnapshot | undefined>;
  /**
   * Tells `listener` each change of the caller's task `taskId` (its status, message, asks) until
   * the task ends or the returned function is called; undefined when the task is unknown.
   */
  watch(
    taskId: string,
    principal: string,
    listener: (task: TaskSnapshot) => void,
  ): Promise<(() => void) | undefined>;
  /** A page of the caller's tasks, newest first; `cursor` from the previous page. */
  list(
    principal: string,
    cursor: string | undefined,
  ): Promise<{ tasks: TaskSnapshot[]; nextCursor?: string }>;
}
