import { DISCOVERED_VERSIONS } from '../revisions';
import type { JsonObject } from '../types';
import type { MethodTable } from './table';

/**
 * `server/discover` (MCP 2026-07-28 server/discover): the revisions, capabilities and
 * instructions, with the server's identity in `_meta` (added by the table). Answered in every
 * revision: a 2025 client may probe with it and still `initialize` afterwards (nothing is stored).
 */
export function registerDiscover<C>(
  table: MethodTable<C>,
  server: { capabilities: JsonObject; instructions: string | undefined },
): void {
  table.define('server/discover', {
    cache: { single: () => undefined },
    run: () => {
      const result: JsonObject = {
        supportedVersions: [...DISCOVERED_VERSIONS],
        capabilities: server.capabilities,
      };
      if (server.instructions !== undefined) result.instructions = server.instructions;
      return result;
    },
  });
}
