import type { JsonObject } from '../core';
import type { TaskSnapshot, TaskStatus } from './task';

/** A task as the store keeps it (written only by the process that runs it). */
export interface TaskRecord {
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
  /** The creating request's `traceparent`, when traced. */
  trace?: string;
}

// Record keys and bus channels, all under one prefix.
export const taskKey = (id: string) => `mcp:task:${id}`;
export const beatKey = (id: string) => `mcp:task:${id}:beat`;
export const cancelKey = (id: string) => `mcp:task:${id}:cancel`;
export const answerKey = (id: string, key: string) => `mcp:task:${id}:answer:${key}`;
/** Who settled a task's end: its runner (`'runner'`), or another process once the lease ran out (`'lost'`). */
export const endKey = (id: string) => `mcp:task:${id}:end`;
/** The index of one owner's tasks (the state adapter's `indexes`), ordered newest first. */
export const ownerIndex = (owner: string) => `mcp:tasks:${encodeURIComponent(owner)}`;
export const channelOf = (id: string) => `mcp:task:${id}`;

/** The record as the methods show it: without its owner and tool. */
export function snapshot(record: TaskRecord): TaskSnapshot {
  const { id, owner: _owner, tool: _tool, ...rest } = record;
  return { taskId: id, ...rest };
}

/** ms left of a task's time to live (at least 1). */
export function remaining(record: TaskRecord): number {
  return Math.max(1, Date.parse(record.createdAt) + record.ttlMs - Date.now());
}
