import type { SkillHost } from '../skills';
import type { JsonObject } from '../types';
import { invalidParams, uriOf } from './params';
import type { MethodTable } from './table';

function cursorOf(params: JsonObject, method: string): string | undefined {
  const cursor = params.cursor;
  if (cursor !== undefined && typeof cursor !== 'string') {
    throw invalidParams(`${method}: "cursor" must be a string`);
  }
  return cursor;
}

/**
 * The Skills extension's methods (SEP-2640) in every revision: `skills/list` (paginated, with the
 * list-caching attributes in 2026-07-28), `skills/get` (no cursor; cache hints as a single
 * result) and `resources/directory/read` (the `directoryRead` setting).
 */
export function registerSkills<C>(table: MethodTable<C>, host: SkillHost<C>): void {
  table.define('skills/list', {
    cache: { list: 'skills' },
    run: async (p, context) => {
      const page = await host.list(cursorOf(p, 'skills/list'), context);
      const result: JsonObject = { skills: page.items };
      if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
      return result;
    },
  });
  table.define('skills/get', {
    cache: { single: (result) => result.skill },
    run: async (p, context) => ({ skill: await host.get(uriOf(p, 'skills/get'), context) }),
  });
  table.define('resources/directory/read', {
    cache: { list: 'resources' },
    run: async (p, context) => {
      const method = 'resources/directory/read';
      const page = await host.directory(uriOf(p, method), cursorOf(p, method), context);
      const result: JsonObject = { resources: page.items };
      if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
      return result;
    },
  });
}
