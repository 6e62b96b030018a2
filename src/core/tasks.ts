import { type Era, ModernErrorCode } from './era';
import { Fault } from './errors';
import type { JsonObject } from './types';

/** The MCP extension that carries tasks in 2026-07-28 (SEP-2663). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The `_meta` key that ties a 2025-11-25 message to its task (basic/utilities/tasks). */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** Where a task stands. `completed`, `failed` and `cancelled` are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Whether `status` is terminal: nothing changes a task after it. */
export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/**
 * One task as the store sees it, in neither era's wire shape: the core turns it into a
 * 2025-11-25 `Task` or a 2026-07-28 `DetailedTask`.
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
}

/**
 * What serves the task methods for the core: the registry's task store (through the state
 * adapter). `principal` is the caller's identity key; a task of another principal is unknown
 * (`undefined`), never shown.
 */
export interface TaskHost {
  /** The task, or undefined when unknown, expired or another caller's. */
  get(taskId: string, principal: string): Promise<TaskSnapshot | undefined>;
  /**
   * Delivers answers to a task's outstanding asks (unknown or answered keys are ignored).
   * Resolves false when the task is unknown.
   */
  update(taskId: string, responses: JsonObject, principal: string): Promise<boolean>;
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

const CREATED = Symbol.for('declarative-mcp.task-created');

/** What a `tools/call` caller returns when the call became a task: the core answers `CreateTaskResult`. */
export interface CreatedTask {
  /** The task created. */
  readonly [CREATED]: TaskSnapshot;
}

/** Marks `snapshot` as the answer of a call that became a task. */
export function createdTask(snapshot: TaskSnapshot): CreatedTask {
  return { [CREATED]: snapshot };
}

/** The task a caller's return value created, if it is one. */
export function taskCreated(value: unknown): TaskSnapshot | undefined {
  return typeof value === 'object' && value !== null && CREATED in value
    ? (value as CreatedTask)[CREATED]
    : undefined;
}

/** The fields both eras' `Task` share, with the era's names for the TTL and the poll interval. */
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

/**
 * -32021 for a 2026-07-28 request that needs the tasks extension its client did not declare
 * (SEP-2663 "Capability Negotiation", with SEP-2575's code).
 */
export function missingTasksExtension(what: string): Fault {
  return new Fault(
    ModernErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY,
    `Missing required client capability: ${what} needs the "${TASKS_EXTENSION}" extension; declare it in _meta["io.modelcontextprotocol/clientCapabilities"].extensions`,
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
  );
}

/** Whether a modern client declared the tasks extension in `capabilities.extensions`. */
export function declaresTasks(capabilities: JsonObject | undefined): boolean {
  const extensions = capabilities?.extensions;
  return (
    typeof extensions === 'object' &&
    extensions !== null &&
    typeof (extensions as JsonObject)[TASKS_EXTENSION] === 'object' &&
    (extensions as JsonObject)[TASKS_EXTENSION] !== null
  );
}

/**
 * What a task does with the call's voice while it runs, bound to the call by the task store
 * ({@link McpCall.startTask}): status messages, asks that put the task into `input_required`,
 * and the signal `tasks/cancel` aborts.
 */
export interface TaskChannel {
  readonly taskId: string;
  readonly signal: AbortSignal;
  /** Records `message` as the task's `statusMessage`. */
  status(message: string): void;
  /** Waits for the answer to the ask `key`, shown meanwhile in the task's `inputRequests`. */
  ask(key: string, capability: string, method: string, params: JsonObject): Promise<unknown>;
}
