import type { Interceptor } from '../../decorators';
import {
  CACHE_HINT,
  type CacheHint,
  ConfigurationError,
  checkCacheHint as checkHint,
} from '../core';
import { compileSchema, promptArguments } from '../schema';
import { toolMeta, viewOf } from './apps';
import {
  argumentSchema,
  type Completers,
  compact,
  type Entry,
  frozenCopy,
  invoker,
} from './entries';
import type { ScannedMember } from './scan';
import { parseUriTemplate } from './uri-template';

// MCP 2025-11-25 server/tools: tool names are 1–128 characters of A-Z a-z 0-9 _ - .
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Builds one tool, prompt, resource or template from a scanned member, once at start-up:
 * checks its options, compiles its schemas, freezes what the list shows and composes the
 * invoker. Every mistake is a {@link ConfigurationError} that names the class and method.
 */
export function buildEntry(
  member: ScannedMember,
  instance: object,
  interceptors: readonly Interceptor[],
): Entry {
  const { record, where } = member;
  const method = record.method;
  let entry: Unfinished;
  if (record.kind === 'tool') {
    const o = record.options;
    const name = o.name ?? method;
    const label = `Tool "${name}" on ${where}`;
    if (!TOOL_NAME.test(name)) {
      throw new ConfigurationError(
        `${label}: a tool name is 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "." (MCP 2025-11-25). Set name: 'a_valid_name'.`,
      );
    }
    const input = argumentSchema(member, o.input, 'input', label);
    const { meta, view } = toolMeta(o, label);
    const output =
      o.output === undefined
        ? undefined
        : compileSchema(o.output, { where: `${label} (output)`, io: 'output' });
    const task = taskOf(o.task, o.taskStart, label);
    entry = {
      ...task,
      kind: 'tool',
      key: name,
      definition: frozenCopy(
        compact({
          name,
          title: o.title,
          description: o.description,
          inputSchema: input.jsonSchema,
          outputSchema: output?.jsonSchema,
          annotations: o.annotations,
          icons: o.icons,
          // MCP 2025-11-25 server/tools: absent means "forbidden".
          execution: task.task === undefined ? undefined : { taskSupport: task.task },
          _meta: meta,
        }),
      ),
      member,
      scopes: scopesOf(o.scopes, label),
      enabled: o.enabled !== false,
      input,
      output,
      listed: true,
      view,
    };
  } else if (record.kind === 'prompt') {
    const o = record.options;
    const name = o.name ?? method;
    const label = `Prompt "${name}" on ${where}`;
    const input = argumentSchema(member, o.args, 'args', label);
    const args = promptArguments(input.jsonSchema);
    entry = {
      kind: 'prompt',
      key: name,
      definition: frozenCopy(
        compact({
          name,
          title: o.title,
          description: o.description,
          arguments: args.length > 0 ? args : undefined,
          icons: o.icons,
        }),
      ),
      member,
      scopes: scopesOf(o.scopes, label),
      enabled: o.enabled !== false,
      input,
      complete: completersOf(
        o.complete,
        label,
        args.map((a) => a.name),
      ),
      listed: true,
    };
  } else {
    const o = record.options;
    const name = o.name ?? method;
    const uri = typeof o.uri === 'string' && o.uri !== '' ? o.uri : undefined;
    const uriTemplate =
      typeof o.uriTemplate === 'string' && o.uriTemplate !== '' ? o.uriTemplate : undefined;
    const hasTemplate = uriTemplate !== undefined;
    if ((uri === undefined) !== hasTemplate) {
      throw new ConfigurationError(
        `Resource "${name}" on ${where}: give exactly one of uri: 'scheme://fixed' or uriTemplate: 'scheme://{variable}'.`,
      );
    }
    const label = `Resource "${uri ?? uriTemplate}" on ${where}`;
    let template: ReturnType<typeof parseUriTemplate> | undefined;
    if (uriTemplate !== undefined) {
      try {
        template = parseUriTemplate(uriTemplate);
      } catch (error) {
        throw new ConfigurationError(
          `${label}: the URI template does not parse: ${(error as Error).message}. Use RFC 6570 syntax, e.g. 'notes://{slug}'.`,
        );
      }
    } else if (o.complete !== undefined) {
      throw new ConfigurationError(
        `${label}: "complete" completes template variables; a fixed resource has none.`,
      );
    }
    const view = viewOf(o, label);
    const mimeType = view?.mimeType ?? o.mimeType;
    if (o.listed !== undefined && typeof o.listed !== 'boolean') {
      throw new ConfigurationError(`${label}: "listed" must be true or false.`);
    }
    if (o.listed === false && hasTemplate) {
      throw new ConfigurationError(
        `${label}: "listed: false" applies to fixed resources (resources/list). To hide a template, use enabled: false or scopes.`,
      );
    }
    const input =
      o.variables === undefined
        ? undefined
        : compileSchema(o.variables, { where: `${label} (variables)`, io: 'input' });
    const common = {
      key: template ? template.template : (uri as string),
      definition: frozenCopy(
        compact({
          ...(template ? { uriTemplate } : { uri }),
          name,
          title: o.title,
          description: o.description,
          mimeType,
          size: hasTemplate ? undefined : o.size,
          icons: o.icons,
          _meta: view?.meta,
        }),
      ),
      member,
      scopes: scopesOf(o.scopes, label),
      enabled: o.enabled !== false,
      input,
      mimeType,
      listed: o.listed !== false,
      contentsMeta: view?.meta === undefined ? undefined : frozenCopy(view.meta),
    };
    entry = template
      ? {
          ...common,
          kind: 'template',
          template,
          complete: completersOf(o.complete, label, template.variables),
        }
      : { ...common, kind: 'resource' };
  }
  const built = entry;
  const noun = built.kind === 'tool' ? 'Tool' : built.kind === 'prompt' ? 'Prompt' : 'Resource';
  const label = `${noun} "${built.key}" (${member.where})`;
  const cache = cacheOf((record.options as { cache?: unknown }).cache, label);
  return {
    ...built,
    // The hint rides on the listed definition under a symbol: JSON leaves it out.
    definition:
      cache === undefined
        ? built.definition
        : Object.freeze({ ...built.definition, [CACHE_HINT]: cache }),
    cache,
    label,
    invoke: invoker(member, instance, interceptors, () => ({
      kind: built.kind,
      name: built.key,
      definition: built.definition,
    })),
  } as Entry;
}

function cacheOf(cache: unknown, label: string): CacheHint | undefined {
  try {
    return checkHint(cache as Partial<CacheHint> | undefined, label);
  } catch (error) {
    throw new ConfigurationError((error as Error).message);
  }
}

/** An entry of any kind before its label and invoker are added. */
type Unfinished = Entry extends infer E
  ? E extends Entry
    ? Omit<E, 'invoke' | 'label' | 'cache'>
    : never
  : never;

function scopesOf(scopes: unknown, label: string): readonly string[] | undefined {
  if (scopes === undefined) return undefined;
  if (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string')) {
    throw new ConfigurationError(
      `${label}: "scopes" must be an array of strings, e.g. scopes: ['orders:write'].`,
    );
  }
  return scopes.length === 0 ? undefined : Object.freeze([...scopes]);
}

function completersOf(
  complete: unknown,
  label: string,
  names: readonly string[],
): Completers | undefined {
  if (complete === undefined) return undefined;
  if (typeof complete !== 'object' || complete === null)
    throw new ConfigurationError(`${label}: "complete" must map argument names to functions.`);
  for (const [name, fn] of Object.entries(complete)) {
    if (typeof fn !== 'function')
      throw new ConfigurationError(
        `${label}: complete.${name} must be a function (value, { arguments, context }) => string[].`,
      );
    if (!names.includes(name)) {
      throw new ConfigurationError(
        `${label}: complete.${name} names no argument (known: ${names.join(', ') || 'none'}).`,
      );
    }
  }
  // Without a prototype, an argument a client names `valueOf` or `constructor` finds no completer.
  return Object.freeze(Object.assign(Object.create(null), complete) as Completers);
}

/** Checks `@Tool({ task, taskStart })`. */
function taskOf(
  task: unknown,
  start: unknown,
  label: string,
): { task?: 'optional' | 'required'; manualTask?: boolean } {
  if (task !== undefined && task !== 'optional' && task !== 'required') {
    throw new ConfigurationError(
      `${label}: "task" must be 'optional' or 'required' (got ${JSON.stringify(task)}); leave it out for a tool that never runs as a task.`,
    );
  }
  if (start !== undefined && start !== 'immediate' && start !== 'manual') {
    throw new ConfigurationError(
      `${label}: "taskStart" must be 'immediate' or 'manual' (got ${JSON.stringify(start)}).`,
    );
  }
  if (start !== undefined && task === undefined) {
    throw new ConfigurationError(
      `${label}: "taskStart" needs "task" ('optional' or 'required'); add it, or remove taskStart.`,
    );
  }
  return task === undefined ? {} : { task, manualTask: start === 'manual' };
}
