import { ToolError } from './errors';
import type { AskTracing } from './revisions/revision';
import type { TaskChannel } from './task-channel';
import type { JsonObject } from './types';
import { isObject } from './types';

/** Options of a server→client request made by a call. */
export interface AskOptions {
  /** A stable key for this request within its call (default: method and position, e.g. `elicit#0`). */
  key?: string;
  /** Timeout in ms (default: the peer's `clientRequestTimeout`). */
  timeout?: number;
}

/** The answer to an elicitation: what the user did, and the content when they accepted. */
export type ElicitResult =
  | { action: 'accept'; content: JsonObject }
  | { action: 'decline' }
  | { action: 'cancel' };

/** A flat object schema of primitive fields, as elicitation allows. */
export interface ElicitSchema {
  type: 'object';
  properties: Record<string, JsonObject>;
  required?: string[];
  [key: string]: unknown;
}

/**
 * The client's answer to `elicitation/create`, checked: a valid `action`, and accepted content
 * that matches `schema` (required fields, primitive types, enums). Throws a {@link ToolError}
 * otherwise (a tool that does not catch it answers an isError result the model can read).
 */
export function elicited(result: unknown, schema: ElicitSchema): ElicitResult {
  if (!isObject(result) || !['accept', 'decline', 'cancel'].includes(result.action as string)) {
    throw new ToolError('The client answered elicitation/create with no valid "action".');
  }
  if (result.action !== 'accept') return { action: result.action as 'decline' | 'cancel' };
  const content = isObject(result.content) ? result.content : {};
  const problems = checkElicited(content, schema);
  if (problems.length > 0) {
    throw new ToolError(
      `The client's elicitation answer does not match the requested schema: ${problems.join('; ')}`,
    );
  }
  return { action: 'accept', content };
}

/** Checks an accepted elicitation against its flat schema: required fields, primitive types, enums. */
function checkElicited(content: JsonObject, schema: ElicitSchema): string[] {
  const problems: string[] = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const name of Array.isArray(schema.required) ? schema.required : []) {
    if (content[name] === undefined) problems.push(`${name}: required`);
  }
  for (const [name, value] of Object.entries(content)) {
    const field = properties[name];
    if (!isObject(field)) continue;
    const type = field.type;
    const ok =
      (type === 'string' && typeof value === 'string') ||
      (type === 'number' && typeof value === 'number') ||
      (type === 'integer' && Number.isInteger(value)) ||
      (type === 'boolean' && typeof value === 'boolean') ||
      (type === 'array' && Array.isArray(value)) ||
      type === undefined;
    if (!ok) problems.push(`${name}: expected ${String(type)}`);
    else if (Array.isArray(field.enum) && !field.enum.includes(value)) {
      problems.push(
        `${name}: must be one of ${field.enum.map((v) => JSON.stringify(v)).join(', ')}`,
      );
    }
  }
  return problems;
}

/** The roots in the client's answer to `roots/list` (none when it sent no list). */
export function rootsOf(result: unknown): Array<{ uri: string; name?: string }> {
  return isObject(result) && Array.isArray(result.roots)
    ? (result.roots as Array<{ uri: string }>)
    : [];
}

/**
 * An ask of a call that became a task, traced when `tracer` is on: a CLIENT span (child of the
 * call's span, which the task's work runs in) from the ask until its answer, or until the task
 * ends unanswered; the span's context rides in the ask's `_meta`, so the client that answers it
 * (2026-07-28 `tasks/update`) can continue the trace.
 */
export function askInTask(
  channel: TaskChannel,
  tracer: AskTracing | undefined,
  key: string,
  capability: string,
  method: string,
  params: JsonObject,
): Promise<unknown> {
  const asking = tracer?.open(method, params);
  if (asking === undefined) return channel.ask(key, capability, method, params);
  return channel.ask(key, capability, method, asking.params, asking.end).then(
    (answer) => {
      asking.end();
      return answer;
    },
    (error: unknown) => {
      asking.end(error);
      throw error;
    },
  );
}
