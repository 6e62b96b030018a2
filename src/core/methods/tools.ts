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

  /**
   * A call whose arguments the request mirrors in headers: checked against them, then made. Not
   * async: with a listing and a tool that answer synchronously, so does the call (2026-07-28
   * stateless tools/call over HTTP ~2.5k fewer instructions, callgrind).
   */
  function mirrored(
    name: string,
    args: JsonObject,
    headers: RequestHeaders,
    context: C,
    call: McpCall,
  ): unknown {
    try {
      const listed = lister(context, call);
      if (isThenable(listed)) {
        return Promise.resolve(listed).then((tools) =>
          checked(tools, name, args, headers, context, call),
        );
      }
      return checked(listed, name, args, headers, context, call);
    } catch (error) {
      // As from the async function this was: a refusal or a tool's throw is a rejection.
      return Promise.reject(error);
    }
  }

  function checked(
    tools: readonly ToolDefinition[] | undefined,
    name: string,
    args: JsonObject,
    headers: RequestHeaders,
    context: C,
    call: McpCall,
  ): unknown {
    if (tools !== undefined && tools !== null) {
      for (const tool of tools) {
        if (tool.name !== name) continue;
        checkParamHeaders(paramsOf(tool), args, headers);
        break;
      }
    }
    const answered = caller(name, args, context, call);
    return isThenable(answered) ? Promise.resolve(answered).then(orEmpty) : orEmpty(answered);
  }
}
