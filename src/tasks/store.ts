import { memoryAdapter, type StateAdapter } from '../adapter';
import { ErrorCode, Fault, isObject, type JsonObject, type McpCall, ToolError } from '../core';
import type { ResolvedTaskLimits } from './limits';
import { cursorAfter, PAGE_SIZE, pageStart } from './listing';
import {
  answerKey,
  beatKey,
  cancelKey,
  channelOf,
  ownerIndex,
  remaining,
  snapshot,
  type TaskRecord,
  taskKey,
} from './record';
import { type RunnerHost, TaskRunner } from './runner';
import { isTerminal, type TaskHost, type TaskSnapshot } from './task';
import { viewTasks } from './view';
import { settled, watch } from './waiting';

/** How a call that may become a task runs: the tool's own work, and whether it starts the task itself. */
export interface TaskRun {
  /** The tool's name (kept with the task). */
  tool: string;
  /** Runs the method and maps its value to a tool result; rejects with a protocol error only. */
  work: () => Promise<unknown>;
  /** The method calls `call.startTask()` itself (`taskStart: 'manual'`). */
  manual: boolean;
  /** 2025-11-25: the `ttl` the client asked for. */
  ttl?: number;
  /** Told about unexpected errors of a task's method (the task fails with -32603). */
  report: (error: unknown) => void;
}

/**
 * What the application's own code may do with tasks (`app.tasks`): look one up, list a caller's,
 * cancel one — in any process that shares the state adapter.
 */
export interface TaskControl {
  /** The task `taskId`, whoever started it; undefined when unknown or expired. */
  get(taskId: string): Promise<TaskSnapshot | undefined>;
  /** The live tasks of the caller identity `owner` (the transport's identity key; `''` without authentication). */
  list(owner: string): Promise<TaskSnapshot[]>;
  /** Cancels a running task; resolves to it as it stands, or undefined when unknown. */
  cancel(taskId: string): Promise<TaskSnapshot | undefined>;
}

/**
 * The application's tasks, kept in a state adapter (its own in-memory one until a transport binds
 * one): each task is a record written only by the process that runs it, beside a heartbeat, a
 * cancel flag and one record per answer, which other processes add. Other processes reach the
 * runner on the bus (`mcp:task:<id>`); the runner also looks for answers and cancellation on
 * each heartbeat, since the bus delivers at most once.
 */
export class TaskStore implements TaskHost, RunnerHost {
  private adapter: StateAdapter;
  private own: StateAdapter | undefined;
  private readonly running = new Map<string, TaskRunner>();
  /** Closed: final states no longer wait for the store to come back. */
  closed = false;

  constructor(readonly limits: ResolvedTaskLimits) {
    this.own = memoryAdapter();
    this.adapter = this.own;
  }

  /** Keeps tasks in `adapter` from now on (the first adapter a transport binds). */
  bind(adapter: StateAdapter): void {
    if (this.own === undefined) return;
    const own = this.own;
    this.own = undefined;
    this.adapter = adapter;
    if (this.running.size === 0) void own.close();
  }

  /** The state adapter the tasks are kept in. */
  get state(): StateAdapter {
    return this.adapter;
  }

  /** The bus of the state adapter (for waiting on a task). */
  get bus() {
    return this.adapter.bus;
  }

  /**
   * Runs a task tool's call: as a task at once, or (manual) from the method's `call.startTask()`
   * on. Resolves to the revision's `CreateTaskResult`, or, when a manual method finished before
   * starting its task, to its own result.
   */
  async run(call: McpCall, run: TaskRun): Promise<unknown> {
    const owner = call.principal ?? '';
    const ttl = Math.min(run.ttl ?? this.limits.ttl, this.limits.maxTtl);
    const dialect = call.inbound.revision.tasks;
    if (!run.manual) {
      const task = await this.create(owner, run.tool, ttl, call);
      const created = dialect.created(snapshot(task.record));
      this.follow(task, run.work(), run.report);
      return created;
    }
    let started: ((task: TaskRunner) => void) | undefined;
    const start = new Promise<TaskRunner>((resolve) => {
      started = resolve;
    });
    let created: JsonObject | undefined;
    call.deferTask(async () => {
      const task = await this.create(owner, run.tool, ttl, call);
      created = dialect.created(snapshot(task.record));
      started!(task);
    });
    const work = run.work();
    const first = await Promise.race([
      work.then(
        (value) => ({ done: true as const, value }),
        (error: unknown) => ({ done: true as const, error }),
      ),
      start.then((task) => ({ done: false as const, task })),
    ]);
    if (first.done) {
      if ('error' in first) throw first.error;
      return first.value;
    }
    this.follow(first.task, work, run.report);
    return created!;
  }

  private async create(
    owner: string,
    tool: string,
    ttl: number,
    call: McpCall,
  ): Promise<TaskRunner> {
    const id = crypto.randomUUID();
    const records = this.adapter.records;
    const at = Date.now();
    // Counted and added at once (one script on Redis): a flood from many processes cannot pass it.
    const room = await this.adapter.indexes.add(
      ownerIndex(owner),
      { member: id, at },
      ttl,
      this.limits.maxTasks,
    );
    if (!room) {
      throw new Fault(
        ErrorCode.INVALID_REQUEST,
        `Too many tasks: this caller already has ${this.limits.maxTasks} (maxTasks). Cancel one, or wait until one expires.`,
        { maxTasks: this.limits.maxTasks },
      );
    }
    const now = new Date(at).toISOString();
    const record: TaskRecord = {
      id,
      owner,
      tool,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: ttl,
      pollIntervalMs: this.limits.pollInterval,
    };
    const trace = call.traceparent;
    if (trace !== undefined) record.trace = trace;
    const task = new TaskRunner(this, record, call.clientCapabilities ?? {}, call.inbound.revision);
    // SEP-2663: durably created (tasks/get resolves) before CreateTaskResult goes out.
    await records.set(taskKey(id), record, ttl);
    await records.set(beatKey(id), Date.now(), this.limits.lease);
    this.running.set(id, task);
    await task.listen();
    call.enterTask(task);
    return task;
  }

  /** Waits for the method, then records its result (or its protocol error) unless cancelled. */
  private follow(task: TaskRunner, work: Promise<unknown>, report: (error: unknown) => void): void {
    work.then(
      (result) => task.finish(isObject(result) ? result : {}),
      (error: unknown) => {
        if (Fault.is(error)) task.fail(error.toJSON() as JsonObject, error.message);
        else if (ToolError.is(error))
          task.finish({ content: [{ type: 'text', text: error.message }], isError: true });
        else {
          report(error);
          task.fail(
            { code: ErrorCode.INTERNAL_ERROR, message: 'Internal error' },
            'The task failed with an internal error.',
          );
        }
      },
    );
  }

  forget(id: string): void {
    this.running.delete(id);
  }

  /** The stored task as `owner` may see it (anyone when undefined); see {@link viewTasks}. */
  private async view(id: string, owner: string | undefined): Promise<TaskRecord | undefined> {
    return (await viewTasks(this.adapter.records, [id], owner, this.limits.lease))[0];
  }

  async get(taskId: string, principal?: string): Promise<TaskSnapshot | undefined> {
    const record = await this.view(taskId, principal);
    return record === undefined ? undefined : snapshot(record);
  }

  async update(
    taskId: string,
    responses: JsonObject,
    principal: string,
  ): Promise<TaskSnapshot | undefined> {
    const record = await this.view(taskId, principal);
    if (record === undefined) return undefined;
    const task = snapshot(record);
    if (record.status !== 'input_required' || record.inputRequests === undefined) return task;
    const ttl = remaining(record);
    let added = false;
    for (const [key, answer] of Object.entries(responses)) {
      // SEP-2663: answers to keys not outstanding are ignored; the first answer to a key counts.
      if (!Object.hasOwn(record.inputRequests, key) || !isObject(answer)) continue;
      added = (await this.adapter.records.add(answerKey(taskId, key), answer, ttl)) || added;
    }
    if (added) await this.adapter.bus.publish(channelOf(taskId), 'answer');
    return task;
  }

  async cancel(taskId: string, principal?: string): Promise<TaskSnapshot | undefined> {
    const record = await this.view(taskId, principal);
    if (record === undefined) return undefined;
    if (isTerminal(record.status)) return snapshot(record);
    await this.adapter.records.add(cancelKey(taskId), true, remaining(record));
    await this.adapter.bus.publish(channelOf(taskId), 'cancel');
    return this.get(taskId, principal);
  }

  settled(
    taskId: string,
    principal: string,
    signal: AbortSignal,
    onInput?: (requests: Record<string, JsonObject>) => void,
  ): Promise<TaskSnapshot | undefined> {
    return settled(this, taskId, principal, signal, onInput);
  }

  watch(
    taskId: string,
    principal: string,
    listener: (task: TaskSnapshot) => void,
  ): Promise<(() => void) | undefined> {
    return watch(this, taskId, principal, listener);
  }

  async list(
    principal: string,
    cursor?: string,
  ): Promise<{ tasks: TaskSnapshot[]; nextCursor?: string }> {
    const after = pageStart(cursor);
    // One more than a page: whether there is a next one.
    const entries = await this.adapter.indexes.page(ownerIndex(principal), PAGE_SIZE + 1, after);
    const shown = entries.slice(0, PAGE_SIZE);
    const records = await viewTasks(
      this.adapter.records,
      shown.map((entry) => entry.member),
      principal,
      this.limits.lease,
    );
    const tasks = records.filter((record) => record !== undefined).map(snapshot);
    return entries.length > PAGE_SIZE
      ? { tasks, nextCursor: cursorAfter(shown[PAGE_SIZE - 1]!) }
      : { tasks };
  }

  /** Every live task of `owner`, newest first, a page at a time. */
  private async listAll(owner: string): Promise<TaskSnapshot[]> {
    const tasks: TaskSnapshot[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.list(owner, cursor);
      tasks.push(...page.tasks);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tasks;
  }

  /** The application's own view (`app.tasks`): every caller's tasks. */
  readonly control: TaskControl = {
    get: (taskId) => this.get(taskId),
    list: (owner) => this.listAll(owner),
    cancel: (taskId) => this.cancel(taskId),
  };

  /** Lets go of heartbeats and subscriptions (the tasks are left to expire), and of its own adapter. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.running.values()) await task.stop();
    this.running.clear();
    await this.own?.close();
  }
}
