import type { McpCall } from '../core';

// The tasks extension belongs to 2026-07-28's module in the core; the layer's face names it too.
export { declaresTasks, missingTasksExtension, TASKS_EXTENSION } from '../core';

/** The `_meta` key that ties a 2025-11-25 message to its task (basic/utilities/tasks). */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** How a tool declares tasks (`@Tool({ task })`): may run as one, must, or (absent) never. */
export type TaskSupport = 'optional' | 'required' | undefined;

/**
 * Whether one call of a tool runs as a task, by the tool's `task` support and what the request
 * says (2025-11-25: `params.task`; 2026-07-28: the client declares the tasks extension, and the
 * server decides). Throws the revision's error for a call the tool cannot serve that way.
 */
export function runsAsTask(support: TaskSupport, call: McpCall, tool: string): boolean {
  // The call itself is what the revision reads (its getters): nothing is made per call.
  return call.inbound.revision.tasks.runs(support, call, tool);
}

/** The `ttl` a 2025-11-25 client asked for, when it is a whole number of ms. */
export function requestedTtl(call: McpCall): number | undefined {
  const ttl = call.requestedTask?.ttl;
  return typeof ttl === 'number' && Number.isInteger(ttl) && ttl > 0 ? ttl : undefined;
}
