import type { McpCall } from '../call';
import type { McpCoreOptions } from '../options';
import { checkParamHeaders, type ParamHeader, paramHeaders } from '../revisions/2026-07-28/headers';
import { isThenable, type JsonObject, type RequestHeaders, type ToolDefinition } from '../types';
import { argumentsOf, invalidParams, orEmpty } from './params';
import type { MethodTable } from './table';

/** `tools/list` and `tools/call`, in every revision; where the revision mirrors arguments in `Mcp-Param-*` headers (2026-07-28 over HTTP), checks them. */
export function registerTools<C>(table: MethodTable<C>, options: McpCoreOptions<C>): void {
  const { lister, caller } = options;
  // Computed once per definition object (definitions are built once, at start-up).
  const headersOf = new WeakMap<object, readonly ParamHeader[]>();
  const paramsOf = (tool: ToolDefinition): readonly ParamHeader[] => {
    let found = headersOf.get(tool);
    if (found === undefined) {
      found = paramHeaders(tool.inputSchema);
      headersOf.set(tool, found);
    }
    return found;
  };

  table.define('tools/list', {
    calls: true,
    cache: { list: 'tools' },
    run: async (_p, context, call) => ({ tools: (await lister(context, call!)) ?? [] }),
  });
  table.define('tools/call', {
    calls: true,
    subject: (p) => ({ name: String(p.name), args: p.arguments ?? {} }),
    // Not async: a caller that answers synchronously is answered synchronously (see withCall).
    run: (p, context, call, _request, inbound) => {
      const name = p.name;
      if (typeof name !== 'string') throw invalidParams('tools/call: "name" must be a string');
      const args = argumentsOf(p, 'tools/call');
      const headers = inbound.link?.headers;
      if (inbound.revision.mirrorsParams && headers !== undefined) {
        return mirrored(name, args, headers, context, call!);
      }
      // A call that became a task answers the revision's CreateTaskResult (src/tasks).
      const answered = caller(name, args, context, call!);
      return isThenable(answered) ? Promise.resolve(answered).then(orEmpty) : orEmpty(answered);
    },
  });

  /** A call whose arguments the request mirrors in headers: checked against them, then made. */
  async function mirrored(
    name: string,
    args: JsonObject,
    headers: RequestHeaders,
    context: C,
    call: McpCall,
  ): Promise<unknown> {
    const tools = (await lister(context, call)) ?? [];
    const tool = tools.find((t) => t.name === name);
    if (tool !== undefined) checkParamHeaders(paramsOf(tool), args, headers);
    return orEmpty(await caller(name, args, context, call));
  }
}
