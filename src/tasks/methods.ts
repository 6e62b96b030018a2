import {
  ErrorCode,
  Fault,
  type Inbound,
  invalidParams,
  isObject,
  type JsonObject,
  type MethodTable,
} from '../core';
import { RELATED_TASK } from './declaration';
import { isTerminal, type TaskHost, type TaskSnapshot } from './task';

/** How long one `tasks/result` waits before answering -32603 (the client may ask again). */
const RESULT_WAIT = 5 * 60_000;

function taskIdOf(params: JsonObject, method: string): string {
  const id = params.taskId;
  if (typeof id !== 'string' || id === '') {
    throw invalidParams(`${method}: "taskId" must be a non-empty string`);
  }
  return id;
}

function notFound(taskId: string): Fault {
  // SEP-2663 error handling and 2025-11-25 tasks: an unknown task is -32602.
  return new Fault(
    ErrorCode.INVALID_PARAMS,
    `Task not found: ${taskId} (unknown, expired, or not yours)`,
    { taskId },
  );
}

/**
 * The task methods, when the application has task tools (`McpCoreOptions.tasks`):
 * - 2026-07-28, extension `io.modelcontextprotocol/tasks` (SEP-2663): `tasks/get` (a
 *   `DetailedTask`), `tasks/update` (answers to `inputRequests`, acknowledged empty),
 *   `tasks/cancel` (acknowledged empty, a finished task too); -32021 for a client that did not
 *   declare the extension; `tasks/result` and `tasks/list` do not exist (-32601).
 * - 2025-11-25 (basic/utilities/tasks): `tasks/get`, `tasks/result` (blocks until terminal),
 *   `tasks/list` (paginated), `tasks/cancel` (-32602 on a terminal task).
 */
export function registerTaskMethods<C>(table: MethodTable<C>, host: TaskHost): void {
  const principal = (inbound: Inbound): string => inbound.link?.principal ?? '';
  const gate = (inbound: Inbound, method: string): void => {
    inbound.revision.tasks.gate(inbound, method);
  };
  // A later request about a task links its span to the request that created the task.
  const linked = <T extends TaskSnapshot | undefined>(task: T): T => {
    if (task?.trace !== undefined) table.options.telemetry?.linkTo(task.trace);
    return task;
  };
  const find = async (
    params: JsonObject,
    method: string,
    inbound: Inbound,
  ): Promise<TaskSnapshot> => {
    const id = taskIdOf(params, method);
    const task = linked(await host.get(id, principal(inbound)));
    if (task === undefined) throw notFound(id);
    return task;
  };

  table.define('tasks/get', {
    run: async (p, _context, _call, _request, inbound) => {
      gate(inbound, 'tasks/get');
      const task = await find(p, 'tasks/get', inbound);
      return inbound.revision.tasks.task(task, true);
    },
  });

  table.define('tasks/update', {
    run: async (p, _context, _call, _request, inbound) => {
      gate(inbound, 'tasks/update');
      const id = taskIdOf(p, 'tasks/update');
      const responses = p.inputResponses;
      if (!isObject(responses)) {
        throw invalidParams('tasks/update: "inputResponses" must be an object of answers by key');
      }
      const task = linked(await host.update(id, responses, principal(inbound)));
      if (task === undefined) throw notFound(id);
      // And to the CLIENT spans of the asks it answers (their context is in each ask's _meta).
      const telemetry = table.options.telemetry;
      if (telemetry?.on && task.inputRequests !== undefined) {
        for (const key of Object.keys(responses)) {
          const asked = task.inputRequests[key]?.params;
          if (isObject(asked) && isObject(asked._meta)) telemetry.linkTo(asked._meta.traceparent);
        }
      }
      return {};
    },
  });

  table.define('tasks/cancel', {
    run: async (p, _context, _call, _request, inbound) => {
      gate(inbound, 'tasks/cancel');
      const id = taskIdOf(p, 'tasks/cancel');
      if (inbound.revision.tasks.cancelAcknowledges) {
        // SEP-2663: an empty acknowledgement, a finished task's too (cancelling is idempotent).
        if (linked(await host.cancel(id, principal(inbound))) === undefined) throw notFound(id);
        return {};
      }
      const before = linked(await host.get(id, principal(inbound)));
      if (before === undefined) throw notFound(id);
      if (isTerminal(before.status)) {
        // MCP 2025-11-25 basic/utilities/tasks: cancelling a terminal task is -32602.
        throw invalidParams(`tasks/cancel: task ${id} is already ${before.status}`);
      }
      const after = await host.cancel(id, principal(inbound));
      if (after === undefined) throw notFound(id);
      return inbound.revision.tasks.task(after, false);
    },
  });

  table.define('tasks/result', {
    calls: true,
    run: async (p, _context, call, _request, inbound) => {
      const id = taskIdOf(p, 'tasks/result');
      const who = principal(inbound);
      const signal = AbortSignal.any([call!.signal, AbortSignal.timeout(RESULT_WAIT)]);
      const related = { [RELATED_TASK]: { taskId: id } };
      // MCP 2025-11-25 basic/utilities/tasks: a task's asks reach the client as requests on the
      // tasks/result stream, tagged with the task; the answers go back to the task by key.
      const relayAsk = inbound.revision.tasks.relay!;
      const relayed = new Set<string>();
      const relay = (requests: Record<string, JsonObject>): void => {
        for (const [key, request] of Object.entries(requests)) {
          if (relayed.has(key) || typeof request.method !== 'string') continue;
          relayed.add(key);
          const params = isObject(request.params) ? request.params : {};
          const meta = isObject(params._meta) ? params._meta : {};
          relayAsk(call!, request.method, { ...params, _meta: { ...meta, ...related } }).then(
            (answer) => host.update(id, { [key]: answer as JsonObject }, who),
            () => relayed.delete(key),
          );
        }
      };
      const task = linked(await host.settled(id, who, signal, relay));
      if (task === undefined) throw notFound(id);
      if (!isTerminal(task.status)) {
        throw new Fault(
          ErrorCode.INTERNAL_ERROR,
          `Task ${id} is still ${task.status}: send tasks/result again to keep waiting.`,
          { taskId: id },
        );
      }
      if (task.status === 'completed') {
        const result = task.result ?? {};
        const meta = isObject(result._meta) ? result._meta : {};
        return { ...result, _meta: { ...meta, ...related } };
      }
      if (task.status === 'failed' && task.error !== undefined) {
        const { code, message, data } = task.error;
        throw new Fault(
          typeof code === 'number' ? code : ErrorCode.INTERNAL_ERROR,
          typeof message === 'string' ? message : 'Task failed',
          data,
        );
      }
      throw invalidParams(`tasks/result: task ${id} was cancelled and has no result`);
    },
  });

  table.define('tasks/list', {
    run: async (p, _context, _call, _request, inbound) => {
      const cursor = p.cursor;
      if (cursor !== undefined && typeof cursor !== 'string') {
        throw invalidParams('tasks/list: "cursor" must be a string');
      }
      // No identity and no session: every such caller would share one list (see `Link.anonymous`).
      if (inbound.link?.anonymous === true) return { tasks: [] };
      const page = await host.list(principal(inbound), cursor);
      const result: JsonObject = {
        tasks: page.tasks.map((task) => inbound.revision.tasks.task(task, false)),
      };
      if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
      return result;
    },
  });
}
