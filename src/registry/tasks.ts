import { randomUUID } from 'node:crypto';
import { memoryAdapter, type StateAdapter } from '../adapter';
import {
  ConfigurationError,
  createdTask,
  declaresTasks,
  ErrorCode,
  Fault,
  isObject,
  isTerminal,
  type JsonObject,
  type McpCall,
  missingTasksExtension,
  type TaskChannel,
  type TaskHost,
  type TaskSnapshot,
  type TaskStatus,
  ToolError,
} from '../core';

/** Task limits and timings, as `McpApplication.create` takes them. */
export interface TaskLimits {
  /** The most live tasks (running, or finished and not yet expired) per caller identity (default 100). */
  maxTasks?: number;
  /**
   * How long a task and its result are kept from creation, in ms: the default, and the most a
   * 2025-11-25 client may ask for with `task.ttl` (default 1 hour for both).
   */
  taskTtl?: number | { default?: number; max?: number };
  /** The largest task result kept, in bytes of JSON (default 1 MiB); a larger one fails the task. */
  taskResultLimit?: number;
  /** The `pollIntervalMs` suggested to clients (default 1 000 ms). */
  taskPollInterval?: number;
  /**
   * How often a running task tells the store it is alive, in ms (default 5 000).
   */
  taskHeartbeat?: number;
  /**
   * How long, in ms, other processes keep reporting a task `working` after its runner last
   * beat (default three heartbeats: 15 000). Past it, the task is `failed` for good, with a
   * reason that says contact with its runner was lost. Longer rides out longer partitions
   * between a runner and the store; shorter reports a dead process sooner.
   */
  taskLease?: number;
}

interface Resolved {
  maxTasks: number;
  ttl: number;
  maxTtl: number;
  resultLimit: number;
  pollInterval: number;
  heartbeat: number;
  lease: number;
}

function whole(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ConfigurationError(
      `McpApplication.create: "${name}" must be a whole number of 1 or more (got ${String(value)}).`,
    );
  }
  return value;
}

/** Checks {@link TaskLimits}; every mistake names the option. */
export function resolveTaskLimits(limits: TaskLimits): Resolved {
  const ttl = limits.taskTtl;
  const ttlObject = typeof ttl === 'object' && ttl !== null ? ttl : undefined;
  const defaultTtl = whole(
    ttlObject ? 'taskTtl.default' : 'taskTtl',
    ttlObject ? ttlObject.default : ttl,
    3_600_000,
  );
  const maxTtl = whole('taskTtl.max', ttlObject?.max, Math.max(defaultTtl, 3_600_000));
  if (defaultTtl > maxTtl) {
    throw new ConfigurationError(
      `McpApplication.create: taskTtl.default (${defaultTtl}) is above taskTtl.max (${maxTtl}); lower the default or raise the maximum.`,
    );
  }
  const heartbeat = whole('taskHeartbeat', limits.taskHeartbeat, 5_000);
  const lease = whole('taskLease', limits.taskLease, heartbeat * 3);
  if (lease <= heartbeat) {
    throw new ConfigurationError(
      `McpApplication.create: taskLease (${lease}) must be longer than taskHeartbeat (${heartbeat}), or a living runner's task is reported failed between two beats.`,
    );
  }
  return {
    maxTasks: whole('maxTasks', limits.maxTasks, 100),
    ttl: defaultTtl,
    maxTtl,
    resultLimit: whole('taskResultLimit', limits.taskResultLimit, 1024 * 1024),
    pollInterval: whole('taskPollInterval', limits.taskPollInterval, 1_000),
    heartbeat,
    lease,
  };
}

/** A task as the store keeps it (written only by the process that runs it). */
interface TaskRecord {
  id: string;
  owner: string;
  tool: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  result?: JsonObject;
  error?: JsonObject;
  inputRequests?: Record<string, JsonObject>;
}

// Record keys and bus channels, all under one prefix.
const taskKey = (id: string) => `mcp:task:${id}`;
const beatKey = (id: string) => `mcp:task:${id}:beat`;
const cancelKey = (id: string) => `mcp:task:${id}:cancel`;
const answerKey = (id: string, key: string) => `mcp:task:${id}:answer:${key}`;
// Who settled a task's end: its runner ('runner'), or another process once the lease ran out ('lost').
const endKey = (id: string) => `mcp:task:${id}:end`;
const slotKey = (owner: string, n: number) => `mcp:tasks:${encodeURIComponent(owner)}:${n}`;
const channelOf = (id: string) => `mcp:task:${id}`;

function snapshot(record: TaskRecord): TaskSnapshot {
  const { id, owner: _owner, tool: _tool, ...rest } = record;
  return { taskId: id, ...rest };
}

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
export class TaskStore implements TaskHost {
  private adapter: StateAdapter;
  private own: StateAdapter | undefined;
  private readonly running = new Map<string, Running>();
  /** Closed: final states no longer wait for the store to come back. */
  closed = false;

  constructor(readonly limits: Resolved) {
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

  /**
   * Runs a task tool's call: as a task at once, or (manual) from the method's `call.startTask()`
   * on. Resolves to the `createdTask` answer, or, when a manual method finished before starting
   * its task, to its own result.
   */
  async run(call: McpCall, run: TaskRun): Promise<unknown> {
    const owner = call.principal ?? '';
    const ttl = Math.min(run.ttl ?? this.limits.ttl, this.limits.maxTtl);
    if (!run.manual) {
      const task = await this.create(owner, run.tool, ttl, call);
      const created = createdTask(snapshot(task.record));
      this.follow(task, run.work(), run.report);
      return created;
    }
    let started: ((task: Running) => void) | undefined;
    const start = new Promise<Running>((resolve) => {
      started = resolve;
    });
    let created: ReturnType<typeof createdTask> | undefined;
    call.deferTask(async () => {
      const task = await this.create(owner, run.tool, ttl, call);
      created = createdTask(snapshot(task.record));
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

  private async create(owner: string, tool: string, ttl: number, call: McpCall): Promise<Running> {
    const id = randomUUID();
    const records = this.adapter.records;
    let slot = -1;
    for (let n = 0; n < this.limits.maxTasks && slot < 0; n++) {
      if (await records.add(slotKey(owner, n), id, ttl)) slot = n;
    }
    if (slot < 0) {
      throw new Fault(
        ErrorCode.INVALID_REQUEST,
        `Too many tasks: this caller already has ${this.limits.maxTasks} (maxTasks). Cancel one, or wait until one expires.`,
        { maxTasks: this.limits.maxTasks },
      );
    }
    const now = new Date().toISOString();
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
    const task = new Running(this, record, call.clientCapabilities ?? {}, call.modern);
    // SEP-2663: durably created (tasks/get resolves) before CreateTaskResult goes out.
    await records.set(taskKey(id), record, ttl);
    await records.set(beatKey(id), Date.now(), this.limits.lease);
    this.running.set(id, task);
    await task.listen();
    call.enterTask(task);
    return task;
  }

  /** Waits for the method, then records its result (or its protocol error) unless cancelled. */
  private follow(task: Running, work: Promise<unknown>, report: (error: unknown) => void): void {
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

  /** @internal */
  get state(): StateAdapter {
    return this.adapter;
  }

  /** @internal The runner is done with `id`. */
  forget(id: string): void {
    this.running.delete(id);
  }

  /** The stored task with what other processes added: cancellation, answers, a missed heartbeat. */
  private async view(id: string, owner: string | undefined): Promise<TaskRecord | undefined> {
    const records = this.adapter.records;
    const record = await records.get<TaskRecord>(taskKey(id));
    if (record === undefined || (owner !== undefined && record.owner !== owner)) return undefined;
    if (isTerminal(record.status)) return record;
    if ((await records.get(cancelKey(id))) !== undefined) {
      return {
        ...record,
        status: 'cancelled',
        statusMessage: 'Cancelled.',
        inputRequests: undefined,
      };
    }
    // Once lost, lost for good: a runner that comes back and beats again changes nothing.
    const ended = await records.get(endKey(id));
    const silent = ended === undefined && (await records.get(beatKey(id))) === undefined;
    if (ended === 'lost' || (silent && (await this.lost(record)))) {
      return {
        ...record,
        status: 'failed',
        statusMessage: `Contact with the process running this task was lost (no heartbeat for ${this.limits.lease} ms, taskLease).`,
        error: {
          code: ErrorCode.INTERNAL_ERROR,
          message: 'Contact with the process running this task was lost before it finished.',
        },
        inputRequests: undefined,
      };
    }
    if (record.status === 'input_required' && record.inputRequests !== undefined) {
      // Answers another process took in but the runner has not yet seen are no longer pending.
      const pending: Record<string, JsonObject> = {};
      for (const [key, request] of Object.entries(record.inputRequests)) {
        if ((await records.get(answerKey(id, key))) === undefined) pending[key] = request;
      }
      if (Object.keys(pending).length === 0) {
        return { ...record, status: 'working', inputRequests: undefined };
      }
      return { ...record, inputRequests: pending };
    }
    return record;
  }

  /**
   * Whether a silent runner's task is lost for good: the first process to find the lease run out
   * settles its end, so a runner that comes back later cannot change it; a runner that settled
   * first is storing its final state (not lost).
   */
  private async lost(record: TaskRecord): Promise<boolean> {
    const records = this.adapter.records;
    if (await records.add(endKey(record.id), 'lost', this.remaining(record))) return true;
    return (await records.get(endKey(record.id))) === 'lost';
  }

  async get(taskId: string, principal?: string): Promise<TaskSnapshot | undefined> {
    const record = await this.view(taskId, principal);
    return record === undefined ? undefined : snapshot(record);
  }

  async update(taskId: string, responses: JsonObject, principal: string): Promise<boolean> {
    const record = await this.view(taskId, principal);
    if (record === undefined) return false;
    if (record.status !== 'input_required' || record.inputRequests === undefined) return true;
    const ttl = this.remaining(record);
    let added = false;
    for (const [key, answer] of Object.entries(responses)) {
      // SEP-2663: answers to keys not outstanding are ignored; the first answer to a key counts.
      if (!Object.hasOwn(record.inputRequests, key) || !isObject(answer)) continue;
      added = (await this.adapter.records.add(answerKey(taskId, key), answer, ttl)) || added;
    }
    if (added) await this.adapter.bus.publish(channelOf(taskId), 'answer');
    return true;
  }

  async cancel(taskId: string, principal?: string): Promise<TaskSnapshot | undefined> {
    const record = await this.view(taskId, principal);
    if (record === undefined) return undefined;
    if (isTerminal(record.status)) return snapshot(record);
    await this.adapter.records.add(cancelKey(taskId), true, this.remaining(record));
    await this.adapter.bus.publish(channelOf(taskId), 'cancel');
    return this.get(taskId, principal);
  }

  async settled(
    taskId: string,
    principal: string,
    signal: AbortSignal,
    onInput?: (requests: Record<string, JsonObject>) => void,
  ): Promise<TaskSnapshot | undefined> {
    let wake: (() => void) | undefined;
    const stop = await this.adapter.bus.subscribe(channelOf(taskId), () => wake?.());
    try {
      for (;;) {
        const task = await this.get(taskId, principal);
        if (task === undefined || isTerminal(task.status) || signal.aborted) return task;
        if (task.status === 'input_required' && task.inputRequests !== undefined) {
          onInput?.(task.inputRequests);
        }
        // Woken by the runner's news, else looks again after a poll interval (the bus may drop).
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.limits.pollInterval);
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

  async watch(
    taskId: string,
    principal: string,
    listener: (task: TaskSnapshot) => void,
  ): Promise<(() => void) | undefined> {
    let last = await this.get(taskId, principal);
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
      const task = await this.get(taskId, principal).catch(() => last);
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
    // News from the runner on the bus; a dead runner's task is noticed on the heartbeat's pace.
    const timer = setInterval(() => void look(), this.limits.heartbeat);
    timer.unref();
    unsubscribe = await this.adapter.bus.subscribe(channelOf(taskId), () => void look());
    if (isTerminal(last.status)) stop();
    return stop;
  }

  async list(
    principal: string,
    cursor?: string,
  ): Promise<{ tasks: TaskSnapshot[]; nextCursor?: string }> {
    const all = await this.listAll(principal);
    const size = 50;
    const start = cursor === undefined ? 0 : Number.parseInt(cursor, 10);
    if (!Number.isInteger(start) || start < 0 || String(start) !== (cursor ?? '0')) {
      throw new Fault(ErrorCode.INVALID_PARAMS, 'Invalid params: tasks/list: unknown cursor', {
        reason: 'tasks/list: unknown cursor',
      });
    }
    const tasks = all.slice(start, start + size);
    return start + size < all.length ? { tasks, nextCursor: String(start + size) } : { tasks };
  }

  private async listAll(owner: string): Promise<TaskSnapshot[]> {
    const tasks: TaskSnapshot[] = [];
    for (let n = 0; n < this.limits.maxTasks; n++) {
      const id = await this.adapter.records.get<string>(slotKey(owner, n));
      if (id === undefined) continue;
      const task = await this.get(id, owner);
      if (task !== undefined) tasks.push(task);
    }
    // Newest first.
    return tasks.sort((a, b) =>
      a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
    );
  }

  /** The application's own view (`app.tasks`): every caller's tasks. */
  readonly control: TaskControl = {
    get: (taskId) => this.get(taskId),
    list: (owner) => this.listAll(owner),
    cancel: (taskId) => this.cancel(taskId),
  };

  /** ms left of a task's time to live (at least 1). */
  remaining(record: TaskRecord): number {
    return Math.max(1, Date.parse(record.createdAt) + record.ttlMs - Date.now());
  }

  /** Lets go of heartbeats and subscriptions (the tasks are left to expire), and of its own adapter. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.running.values()) await task.stop();
    this.running.clear();
    await this.own?.close();
  }
}

/** A task run by this process: the one writer of its record, and the call's {@link TaskChannel}. */
class Running implements TaskChannel {
  private readonly abort = new AbortController();
  private readonly waiting = new Map<
    string,
    { request: JsonObject; resolve: (answer: unknown) => void }
  >();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: TaskStore,
    readonly record: TaskRecord,
    private readonly capabilities: JsonObject,
    private readonly modern: boolean,
  ) {}

  get taskId(): string {
    return this.record.id;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Subscribes to the task's channel and starts the heartbeat. */
  async listen(): Promise<void> {
    const bus = this.store.state.bus;
    this.unsubscribe = await bus.subscribe(channelOf(this.record.id), (message) => {
      if (message === 'cancel' || message === 'answer') void this.look();
    });
    const every = this.store.limits.heartbeat;
    this.timer = setInterval(() => {
      void this.beat();
      void this.look();
    }, every);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    // Beats on while a final state waits to be stored: the runner is alive.
    await this.store.state.records
      .set(beatKey(this.record.id), Date.now(), this.store.limits.lease)
      .catch(() => {});
  }

  /** Looks for a cancellation and for answers to what the task waits on. */
  private async look(): Promise<void> {
    if (isTerminal(this.record.status)) return;
    const records = this.store.state.records;
    try {
      if ((await records.get(cancelKey(this.record.id))) !== undefined) {
        this.cancelled();
        return;
      }
      if ((await records.get(endKey(this.record.id))) === 'lost') {
        // Reported failed while this process was cut off: nobody will take its result.
        this.abort.abort(new Error('Contact with the shared state was lost; the task failed.'));
        this.end({ status: 'failed', statusMessage: 'Contact lost.' });
        return;
      }
      let answered = false;
      for (const [key, waiter] of [...this.waiting]) {
        const answer = await records.get(answerKey(this.record.id, key));
        if (answer === undefined || !this.waiting.has(key)) continue;
        this.waiting.delete(key);
        answered = true;
        waiter.resolve(answer);
      }
      if (answered) this.showAsks();
    } catch {
      // The store is unreachable for now: the next heartbeat looks again.
    }
  }

  private cancelled(): void {
    if (isTerminal(this.record.status)) return;
    this.end({ status: 'cancelled', statusMessage: 'Cancelled.', inputRequests: undefined });
    this.abort.abort(new Error('The task was cancelled.'));
    void this.stop();
  }

  status(message: string): void {
    if (isTerminal(this.record.status)) return;
    this.write({ statusMessage: message });
  }

  ask(key: string, capability: string, method: string, params: JsonObject): Promise<unknown> {
    if (isTerminal(this.record.status)) {
      return Promise.reject(
        new ToolError(`Cannot send ${method}: the task is ${this.record.status}.`),
      );
    }
    if (!isObject(this.capabilities[capability])) {
      return Promise.reject(
        this.modern
          ? new Fault(
              -32021,
              `Missing required client capability "${capability}": this task needs ${method}.`,
              { requiredCapabilities: { [capability]: {} } },
            )
          : new ToolError(
              `The client did not declare the "${capability}" capability, so it cannot answer ${method}.`,
            ),
      );
    }
    return new Promise<unknown>((resolve) => {
      this.waiting.set(key, { request: { method, params }, resolve });
      this.showAsks();
    });
  }

  /** Writes the asks still waiting as `inputRequests` (none: back to `working`). */
  private showAsks(): void {
    if (isTerminal(this.record.status)) return;
    if (this.waiting.size === 0) {
      this.write({ status: 'working', inputRequests: undefined });
      return;
    }
    const inputRequests: Record<string, JsonObject> = {};
    for (const [key, waiter] of this.waiting) inputRequests[key] = waiter.request;
    this.write({ status: 'input_required', inputRequests });
  }

  finish(result: JsonObject): void {
    if (isTerminal(this.record.status)) return;
    const size = Buffer.byteLength(JSON.stringify(result));
    const limit = this.store.limits.resultLimit;
    if (size > limit) {
      this.fail(
        {
          code: ErrorCode.INTERNAL_ERROR,
          message: `The task's result is ${size} bytes, over the server's limit of ${limit} (taskResultLimit).`,
        },
        'The result was too large to keep.',
      );
      return;
    }
    this.end({ status: 'completed', result, inputRequests: undefined, statusMessage: undefined });
  }

  fail(error: JsonObject, message: string): void {
    if (isTerminal(this.record.status)) return;
    this.end({ status: 'failed', error, statusMessage: message, inputRequests: undefined });
  }

  /**
   * Stores the final state, again and again while the store is unreachable (a partition), within
   * the task's ttl; the heartbeat goes on meanwhile, so other processes see a silent runner, not
   * a dead one, until the lease runs out. Then stops.
   */
  private end(change: Partial<TaskRecord>): void {
    const copy = this.change(change);
    const state = this.store.state;
    const id = copy.id;
    const retry = Math.min(this.store.limits.heartbeat, 1_000);
    const store = async (): Promise<void> => {
      for (;;) {
        try {
          const left = this.store.remaining(copy);
          // Another process found the lease run out first: the task stays failed.
          if (!(await state.records.add(endKey(id), 'runner', left))) {
            if ((await state.records.get(endKey(id))) === 'lost') return;
          }
          await state.records.set(taskKey(id), copy, left);
          await state.bus.publish(channelOf(id), 'status').catch(() => {});
          return;
        } catch {
          const expired = Date.parse(copy.createdAt) + copy.ttlMs <= Date.now() + retry;
          if (expired || this.store.closed) return;
          await new Promise((resolve) => setTimeout(resolve, retry).unref());
        }
      }
    };
    this.writes = this.writes.then(store);
    void this.stop();
  }

  /** Changes the record and stores it, in order; other processes are told on the bus. */
  private write(change: Partial<TaskRecord>): void {
    const copy = this.change(change);
    const state = this.store.state;
    this.writes = this.writes
      .then(() => state.records.set(taskKey(copy.id), copy, this.store.remaining(copy)))
      .then(() => state.bus.publish(channelOf(copy.id), 'status'))
      .catch(() => {});
  }

  /** Applies `change` to the record; a copy to store. */
  private change(change: Partial<TaskRecord>): TaskRecord {
    Object.assign(this.record, change, { lastUpdatedAt: new Date().toISOString() });
    for (const key of Object.keys(change) as (keyof TaskRecord)[]) {
      if (change[key] === undefined) delete this.record[key];
    }
    return { ...this.record };
  }

  /** Stops the heartbeat and the subscription once the record is written. */
  async stop(): Promise<void> {
    await this.writes;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.().catch(() => {});
    this.store.forget(this.record.id);
  }
}

/**
 * Whether one call of a tool runs as a task, by the tool's `task` support and what the request
 * says (2025-11-25: `params.task`; 2026-07-28: the client declares the tasks extension, and the
 * server decides). Throws the era's error for a call the tool cannot serve that way.
 */
export function runsAsTask(
  support: 'optional' | 'required' | undefined,
  call: McpCall,
  tool: string,
): boolean {
  if (call.modern) {
    if (support === undefined) return false; // SEP-2663: a legacy `task` hint is ignored.
    if (declaresTasks(call.clientCapabilities)) return true;
    if (support === 'required') throw missingTasksExtension(`tools/call of "${tool}"`);
    return false;
  }
  const asked = call.requestedTask !== undefined;
  // MCP 2025-11-25 server/tools: -32601, as the official SDK v1 answers (docs/tasks.md).
  if (asked && support === undefined) {
    throw new Fault(
      ErrorCode.METHOD_NOT_FOUND,
      `Tool "${tool}" does not run as a task (taskSupport: forbidden): call it without "task".`,
    );
  }
  if (!asked && support === 'required') {
    throw new Fault(
      ErrorCode.METHOD_NOT_FOUND,
      `Tool "${tool}" runs only as a task (taskSupport: required): call it with "task": { "ttl": … }.`,
    );
  }
  return asked;
}

/** The `ttl` a 2025-11-25 client asked for, when it is a whole number of ms. */
export function requestedTtl(call: McpCall): number | undefined {
  const ttl = call.requestedTask?.ttl;
  return typeof ttl === 'number' && Number.isInteger(ttl) && ttl > 0 ? ttl : undefined;
}
