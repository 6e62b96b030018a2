import { ConfigurationError } from '../core';

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

/** {@link TaskLimits} checked, with every default filled in. */
export interface ResolvedTaskLimits {
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
export function resolveTaskLimits(limits: TaskLimits): ResolvedTaskLimits {
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
