import { keptClientState } from '../client-state';
import { invalidParams } from '../errors';
import { LOGGING_LEVELS, type LoggingLevel } from '../logging';
import type { McpCoreOptions } from '../options';
import { negotiate } from '../revisions/2025-11-25';
import type { JsonObject } from '../types';
import type { MethodTable } from './table';

/**
 * The session methods of the 2025 revisions: `initialize` (stores the revision and the client's capabilities
 * in the transport's peer), the two client notifications, `ping` and `logging/setLevel`. MCP
 * 2026-07-28 removed all but `notifications/cancelled` (changelog, major changes 2 and 5).
 */
export function registerLifecycle<C>(
  table: MethodTable<C>,
  options: McpCoreOptions<C>,
  server: { capabilities: JsonObject; serverInfo: JsonObject; instructions: string | undefined },
): void {
  const { initializer } = options;
  table.define('initialize', {
    run: async (p, context, _call, _request, inbound) => {
      const revision = negotiate(p.protocolVersion);
      const link = inbound.link;
      if (link !== undefined) {
        link.peer.revision = revision;
        // Kept for the session's life: only what MCP defines, within a budget.
        const kept = keptClientState(p);
        link.peer.remember(kept.capabilities, kept.clientInfo);
      }
      if (initializer) await initializer(revision, p, context);
      const result: JsonObject = {
        protocolVersion: revision,
        capabilities:
          link?.anonymous === true ? unlisted(server.capabilities) : server.capabilities,
        serverInfo: server.serverInfo,
      };
      if (server.instructions !== undefined) result.instructions = server.instructions;
      return result;
    },
  });
  // Sent with an id by mistake, these still answer an object: MCP results are never null.
  table.define('notifications/initialized', { run: () => ({}) });
  table.define('notifications/cancelled', {
    run: (p, _context, _call, _request, inbound) => {
      const id = p.requestId;
      if (inbound.link !== undefined && (typeof id === 'string' || typeof id === 'number'))
        inbound.link.peer.cancel(id, p.reason);
      return {};
    },
  });
  table.define('ping', { run: () => ({}) });
}

/**
 * The capabilities without `tasks.list`, for a caller nothing tells apart from others: a list
 * would hand out other callers' task ids, their only protection (MCP 2025-11-25
 * basic/utilities/tasks, security considerations).
 */
function unlisted(capabilities: JsonObject): JsonObject {
  const tasks = capabilities.tasks;
  if (typeof tasks !== 'object' || tasks === null) return capabilities;
  const { list: _list, ...rest } = tasks as JsonObject;
  return { ...capabilities, tasks: rest };
}

/**
 * `logging/setLevel` (2025 only; in 2026-07-28 each request's `_meta` carries its level), when
 * the `logging` option is on. The level is kept in the transport's peer.
 */
export function registerLogging<C>(table: MethodTable<C>, options: McpCoreOptions<C>): void {
  if (options.logging === true) {
    table.define('logging/setLevel', {
      run: (p, _context, _call, _request, inbound) => {
        const level = p.level;
        if (!LOGGING_LEVELS.includes(level as LoggingLevel)) {
          const reason = `logging/setLevel: "level" must be one of ${LOGGING_LEVELS.join(', ')}`;
          throw invalidParams(reason);
        }
        if (inbound.link !== undefined) inbound.link.peer.logLevel = level as LoggingLevel;
        return {};
      },
    });
  }
}
