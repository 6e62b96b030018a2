import { ErrorCode } from '../error-codes';
import { Fault } from '../errors';
import type { McpCoreOptions } from '../options';
import { uriOf } from './params';
import type { MethodTable } from './table';

/**
 * `resources/list`, `resources/templates/list`, `resources/read` in every revision, and (2025 only)
 * `resources/subscribe` / `unsubscribe`, whose URIs the transport's peer keeps. In 2026-07-28 a
 * resource that is not found is -32602 with `data.uri` (changelog, minor change 6); before, -32002.
 */
export function registerResources<C>(table: MethodTable<C>, options: McpCoreOptions<C>): void {
  const { resources, templates, reader } = options;
  if (typeof resources !== 'function' || typeof reader !== 'function') return;
  table.define('resources/list', {
    calls: true,
    cache: { list: 'resources' },
    run: async (_p, context, call) => ({ resources: (await resources(context, call!)) ?? [] }),
  });
  table.define('resources/templates/list', {
    calls: true,
    cache: { list: 'resourceTemplates' },
    run: async (_p, context, call) => ({
      resourceTemplates: (templates ? await templates(context, call!) : undefined) ?? [],
    }),
  });
  table.define('resources/read', {
    calls: true,
    cache: { single: (result) => result.contents },
    subject: (p) => ({ name: String(p.uri), args: {} }),
    run: async (p, context, call, _request, inbound) => {
      const uri = uriOf(p, 'resources/read');
      try {
        return { contents: (await reader(uri, context, call!)) ?? [] };
      } catch (error) {
        if (Fault.is(error) && error.code === ErrorCode.RESOURCE_NOT_FOUND) {
          throw inbound.revision.resourceNotFound(error, uri);
        }
        throw error;
      }
    },
  });
  if (options.subscriptions === true) {
    table.define('resources/subscribe', {
      run: (p, _context, _call, _request, inbound) => {
        inbound.link?.peer.subscribe(uriOf(p, 'resources/subscribe'));
        return {};
      },
    });
    table.define('resources/unsubscribe', {
      run: (p, _context, _call, _request, inbound) => {
        inbound.link?.peer.unsubscribe(uriOf(p, 'resources/unsubscribe'));
        return {};
      },
    });
  }
}
