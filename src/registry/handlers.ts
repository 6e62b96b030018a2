import {
  APP_MIME_TYPE,
  CACHE_HINT,
  type Completion,
  type CompletionReference,
  ErrorCode,
  Fault,
  isThenable,
  type JsonObject,
  type McpCall,
  type Reporter,
  ToolError,
} from '../core';
import { formatIssues } from '../schema';
import { requestedTtl, runsAsTask, type TaskStore } from '../tasks';
import { viewContents } from './apps';
import type { Catalog } from './catalog';
import type { Entry, ToolEntry } from './entries';
import { toContents, toolFailure, toPromptResult, toToolResult } from './results';

const NOT_ALLOWED_TEXT = 'Not allowed.';
const NOT_ALLOWED = Object.freeze({
  content: Object.freeze([{ type: 'text', text: NOT_ALLOWED_TEXT }]),
  isError: true,
});

/**
 * The one policy for denied access, alike for tools, resources and prompts: lists show only
 * what the context may use; a call to a definition it may not use is refused, saying so
 * ("Not allowed."), and the transport is told the scopes it lacks (Streamable HTTP with
 * `scopeChallenge` answers `403 insufficient_scope` instead).
 */
function refuse<T>(entry: Entry, call: McpCall, answer: T): T {
  if (entry.scopes !== undefined) call.challengeScopes(entry.scopes);
  return answer;
}

/**
 * The answers to `tools/call`, `resources/read`, `prompts/get` and `completion/complete` for an
 * application's catalog: find the entry, check the caller may use it, validate, run it through
 * its interceptors, and map what it returns to the MCP result. These become the core's closures.
 */
export class RequestHandlers<C> {
  constructor(
    private readonly catalog: Catalog<C>,
    /** The application's tasks, when a tool may run as one. */
    private readonly tasks?: TaskStore,
    private readonly reporter?: Reporter<C>,
  ) {}

  /**
   * `tools/call`: unknown → -32602; not allowed, invalid arguments or a ToolError → an `isError`
   * result. Not async: a tool without scopes whose method answers synchronously is answered
   * synchronously (the core awaits only what is a promise).
   */
  callTool(name: string, args: JsonObject, context: C, call: McpCall): unknown {
    const entry = this.catalog.tool(name);
    if (entry === undefined) throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
    if (entry.scopes !== undefined) return this.callScoped(entry, name, args, context, call);
    return this.callAllowed(entry, name, args, context, call);
  }

  /** {@link callTool} of a tool with scopes: whether the context may use it decides first. */
  private async callScoped(
    entry: ToolEntry,
    name: string,
    args: JsonObject,
    context: C,
    call: McpCall,
  ): Promise<unknown> {
    if (!(await this.catalog.allowed(entry, context))) return refuse(entry, call, NOT_ALLOWED);
    return this.callAllowed(entry, name, args, context, call);
  }

  /** {@link callTool} once the call is allowed: validation, then the tool or its task. */
  private callAllowed(
    entry: ToolEntry,
    name: string,
    args: JsonObject,
    context: C,
    call: McpCall,
  ): unknown {
    const checked = entry.input.validate(args);
    if (!checked.ok) return toolFailure(formatIssues(checked.issues));
    // A task tool's call may become a task (docs/tasks.md): answered at once, run on.
    // (The plain call makes no closure for it: one fewer object and async frame per call.)
    if (this.tasks === undefined || !runsAsTask(entry.task, call, name)) {
      return runTool(entry, checked.value, context, call);
    }
    return this.tasks.run(call, {
      tool: name,
      work: async () => runTool(entry, checked.value, context, call),
      manual: entry.manualTask === true,
      ttl: requestedTtl(call),
      report: (error) =>
        this.reporter?.(error, { jsonrpc: '2.0', method: 'tools/call', params: { name } }, context),
    });
  }

  /** `resources/read`: a fixed resource, else the first template that matches. */
  async read(uri: string, context: C, call: McpCall): Promise<unknown> {
    const found = this.catalog.resolve(uri);
    if (found === undefined) {
      throw new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { uri });
    }
    const { entry } = found;
    if (!(await this.catalog.allowed(entry, context))) {
      refuse(entry, call, undefined);
      throw new Fault(ErrorCode.INVALID_PARAMS, NOT_ALLOWED_TEXT, { uri });
    }
    let data: unknown = found.variables ?? {};
    if (entry.input !== undefined) {
      const checked = entry.input.validate(data);
      if (!checked.ok)
        throw new Fault(ErrorCode.INVALID_PARAMS, formatIssues(checked.issues), { uri });
      data = checked.value;
    }
    const value = await invokeOrFault(entry, data, context, call, { uri });
    const contents =
      entry.contentsMeta === undefined && entry.mimeType !== APP_MIME_TYPE
        ? toContents(value, uri, entry.mimeType)
        : viewContents(value, uri, entry.mimeType ?? APP_MIME_TYPE, entry.contentsMeta);
    if (entry.cache !== undefined && typeof contents === 'object' && contents !== null) {
      // The core reads the hint of resources/read from the contents (MCP 2026-07-28 caching).
      Object.defineProperty(contents, CACHE_HINT, { value: entry.cache });
    }
    return contents;
  }

  /** `prompts/get`: unknown → -32602 `Unknown prompt`; not allowed → -32602 `Not allowed.`. */
  async prompt(name: string, args: JsonObject, context: C, call: McpCall): Promise<unknown> {
    const entry = this.catalog.prompt(name);
    if (entry === undefined) throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown prompt: ${name}`);
    if (!(await this.catalog.allowed(entry, context))) {
      refuse(entry, call, undefined);
      throw new Fault(ErrorCode.INVALID_PARAMS, NOT_ALLOWED_TEXT, { prompt: name });
    }
    const checked = entry.input.validate(args);
    if (!checked.ok)
      throw new Fault(ErrorCode.INVALID_PARAMS, formatIssues(checked.issues), { prompt: name });
    return toPromptResult(
      await invokeOrFault(entry, checked.value, context, call, { prompt: name }),
      entry.definition.description as string | undefined,
      entry.label,
    );
  }

  /** `completion/complete`: the entry's completer of that argument, or no values. */
  async complete(
    ref: CompletionReference,
    argument: { name: string; value: string },
    completion: { arguments?: Record<string, string> },
    context: C,
  ): Promise<Completion> {
    const entry =
      ref.type === 'ref/prompt'
        ? this.catalog.prompt(ref.name)
        : this.catalog.resourceOrTemplate(ref.uri);
    if (entry === undefined) {
      throw new Fault(
        ErrorCode.INVALID_PARAMS,
        ref.type === 'ref/prompt'
          ? `Unknown prompt: ${ref.name}`
          : `Unknown resource template: ${ref.uri}`,
      );
    }
    if (!(await this.catalog.allowed(entry, context))) {
      throw new Fault(
        ErrorCode.INVALID_PARAMS,
        NOT_ALLOWED_TEXT,
        ref.type === 'ref/prompt' ? { prompt: ref.name } : { uri: ref.uri },
      );
    }
    const completer = entry.kind === 'resource' ? undefined : entry.complete?.[argument.name];
    if (completer === undefined) return { values: [] };
    const values = await completer(argument.value, {
      arguments: completion.arguments ?? {},
      context,
    });
    return { values: Array.isArray(values) ? values.map(String) : [] };
  }
}

/**
 * Runs a tool's method: its result as MCP's, a `ToolError` as an `isError` result. A method that
 * answers synchronously is mapped synchronously (no promise of its own; the core awaits anyway).
 */
function runTool(entry: ToolEntry, data: unknown, context: unknown, call: McpCall): unknown {
  let value: unknown;
  try {
    value = entry.invoke(data, context, call);
    if (isThenable(value)) {
      return Promise.resolve(value).then(
        (settled) => toToolResult(settled, entry.output, entry.label),
        toolRefusal,
      );
    }
  } catch (error) {
    return toolRefusal(error);
  }
  return toToolResult(value, entry.output, entry.label);
}

/** A `ToolError` from a tool's method: its `isError` result. Anything else goes on up. */
function toolRefusal(error: unknown): unknown {
  if (ToolError.is(error)) return toolFailure(error.message);
  throw error;
}

/**
 * Runs a resource or prompt method. A `ToolError` thrown there is the method's readable
 * refusal: outside `tools/call` there is no `isError` result, so it becomes `-32602` with its message.
 */
async function invokeOrFault(
  entry: Entry,
  data: unknown,
  context: unknown,
  call: McpCall,
  detail: JsonObject,
): Promise<unknown> {
  try {
    return await entry.invoke(data, context, call);
  } catch (error) {
    if (ToolError.is(error)) throw new Fault(ErrorCode.INVALID_PARAMS, error.message, detail);
    throw error;
  }
}
