import type { StateAdapter } from '../adapter';
import {
  CancelledError,
  ErrorCode,
  isObject,
  type JsonObject,
  type Revision,
  type TaskChannel,
  ToolError,
} from '../core';
import type { ResolvedTaskLimits } from './limits';
import {
  answerKey,
  beatKey,
  cancelKey,
  channelOf,
  endKey,
  remaining,
  type TaskRecord,
  taskKey,
} from './record';
import { isTerminal } from './task';

/** What a {@link TaskRunner} needs of the store that made it. */
export interface RunnerHost {
  readonly state: StateAdapter;
  readonly limits: ResolvedTaskLimits;
  /** Closed: final states no longer wait for the store to come back. */
  readonly closed: boolean;
  /** The runner is done with the task `id`. */
  forget(id: string): void;
}

/** A task run by this process: the one writer of its record, and the call's {@link TaskChannel}. */
export class TaskRunner implements TaskChannel {
  private readonly abort = new AbortController();
  private readonly waiting = new Map<
    string,
    {
      request: JsonObject;
      resolve: (answer: unknown) => void;
      dropped: ((reason: Error) => void) | undefined;
    }
  >();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: RunnerHost,
    readonly record: TaskRecord,
    private readonly capabilities: JsonObject,
    /** The revision of the request that started the task: how its asks are refused. */
    private readonly revision: Revision,
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

  ask(
    key: string,
    capability: string,
    method: string,
    params: JsonObject,
    dropped?: (reason: Error) => void,
  ): Promise<unknown> {
    if (isTerminal(this.record.status)) {
      return Promise.reject(
        new ToolError(`Cannot send ${method}: the task is ${this.record.status}.`),
      );
    }
    if (!isObject(this.capabilities[capability])) {
      return Promise.reject(this.revision.tasks.missingCapability(capability, method));
    }
    return new Promise<unknown>((resolve) => {
      this.waiting.set(key, { request: { method, params }, resolve, dropped });
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
    this.drop(copy.status);
    const state = this.store.state;
    const id = copy.id;
    const retry = Math.min(this.store.limits.heartbeat, 1_000);
    const store = async (): Promise<void> => {
      for (;;) {
        try {
          const left = remaining(copy);
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

  /** The asks still unanswered as the task ends: their askers are told, and none waits on. */
  private drop(status: string): void {
    if (this.waiting.size === 0) return;
    const reason =
      status === 'cancelled'
        ? new CancelledError('the task was cancelled before this ask was answered')
        : new Error(`The task is ${status}: this ask was never answered.`);
    for (const waiter of this.waiting.values()) waiter.dropped?.(reason);
    this.waiting.clear();
  }

  /** Changes the record and stores it, in order; other processes are told on the bus. */
  private write(change: Partial<TaskRecord>): void {
    const copy = this.change(change);
    const state = this.store.state;
    this.writes = this.writes
      .then(() => state.records.set(taskKey(copy.id), copy, remaining(copy)))
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
