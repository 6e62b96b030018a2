import { ErrorCode, Fault, type JsonObject, type McpCall, ModernErrorCode } from '../core';

/** The MCP extension that carries tasks in 2026-07-28 (SEP-2663). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The `_meta` key that ties a 2025-11-25 message to its task (basic/utilities/tasks). */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** How a tool declares tasks (`@Tool({ task })`): may run as one, must, or (absent) never. */
export type TaskSupport = 'optional' | 'required' | undefined;

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
 * Whether one call of a tool runs as a task, by the tool's `task` support and what the request
 * says (2025-11-25: `params.task`; 2026-07-28: the client declares the tasks extension, and the
 * server decides). Throws the revision's error for a call the tool cannot serve that way.
 */
export function runsAsTask(support: TaskSupport, call: McpCall, tool: string): boolean {
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
