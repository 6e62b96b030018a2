import type { Completer, DefinitionKind, Interceptor, Invocation } from '../../decorators';
import {
  type CacheHint,
  ConfigurationError,
  type JsonObject,
  type McpCall,
  setMember,
} from '../core';
import { type CompiledSchema, compileSchema } from '../schema';
import type { ScannedMember } from './scan';
import type { UriTemplate } from './uri-template';

/** What every kind of entry has. */
interface EntryBase {
  readonly kind: DefinitionKind;
  /** Tool/prompt name, resource URI, or URI template. */
  readonly key: string;
  /** What the list shows (frozen). */
  readonly definition: Readonly<JsonObject>;
  readonly member: ScannedMember;
  readonly scopes: readonly string[] | undefined;
  enabled: boolean;
  /** Shown by its list (`listed: false` keeps a resource out of `resources/list`, still readable). */
  readonly listed: boolean;
  /**
   * Runs the method (through its interceptors) with validated data: what the method returned (a
   * value or a promise; a method without interceptors is not wrapped in one), or a synchronous throw.
   */
  readonly invoke: (data: unknown, context: unknown, call: McpCall) => unknown;
  /** How errors name it, e.g. `Tool "forecast" (WeatherTools.forecast)`: built once, not per call. */
  readonly label: string;
  /** Its own caching hint (`@Tool({ cache })`…), when it has one. */
  readonly cache: CacheHint | undefined;
}

/** Completers of arguments or template variables, by name. */
export type Completers = Readonly<Record<string, Completer>>;

/** A tool: its arguments are always validated, its result checked when it declares an output. */
export interface ToolEntry extends EntryBase {
  readonly kind: 'tool';
  readonly input: CompiledSchema;
  readonly output: CompiledSchema | undefined;
  /** MCP Apps: the tool's `ui://` view. */
  readonly view: string | undefined;
  /** Its task support (`@Tool({ task })`); undefined: never a task. */
  readonly task?: 'optional' | 'required';
  /** A task tool starts its task where its method calls `call.startTask()`. */
  readonly manualTask?: boolean;
}

/** A prompt: validated arguments, optional completers. */
export interface PromptEntry extends EntryBase {
  readonly kind: 'prompt';
  readonly input: CompiledSchema;
  readonly complete: Completers | undefined;
}

/** A fixed resource, read by its exact URI. */
export interface ResourceEntry extends EntryBase {
  readonly kind: 'resource';
  /** Validates `{}` when the resource declares `variables` (rare for a fixed one). */
  readonly input: CompiledSchema | undefined;
  readonly mimeType: string | undefined;
  /** MCP Apps: a view's `_meta` (`{ ui }`) for its read contents. */
  readonly contentsMeta: Readonly<JsonObject> | undefined;
}

/** A resource template: matched against a URI, its variables validated when it declares them. */
export interface TemplateEntry extends EntryBase {
  readonly kind: 'template';
  readonly template: UriTemplate;
  readonly input: CompiledSchema | undefined;
  readonly complete: Completers | undefined;
  readonly mimeType: string | undefined;
  /** MCP Apps: a view's `_meta` (`{ ui }`) for its read contents. */
  readonly contentsMeta: Readonly<JsonObject> | undefined;
}

/** One tool, resource, template or prompt, built once at start-up. */
export type Entry = ToolEntry | PromptEntry | ResourceEntry | TemplateEntry;

const BUILTINS = new Set<unknown>([
  Object,
  String,
  Number,
  Boolean,
  Array,
  Promise,
  Function,
  Symbol,
  BigInt,
  Date,
  Map,
  Set,
]);

/** Accepts any arguments object: the schema of a method that takes none. */
export const EMPTY_OBJECT_SCHEMA: CompiledSchema = Object.freeze({
  kind: 'json-schema' as const,
  jsonSchema: Object.freeze({ type: 'object', properties: Object.freeze({}) }) as JsonObject,
  validate: (value: unknown) => ({ ok: true as const, value }),
});

/**
 * The schema of a method's arguments: the explicit one when given, else the DTO class of the
 * data parameter from `design:paramtypes`, else (no data parameter) the empty object schema.
 */
export function argumentSchema(
  member: ScannedMember,
  explicit: unknown,
  option: string,
  label: string,
): CompiledSchema {
  if (explicit !== undefined) return compileSchema(explicit, { where: label, io: 'input' });
  const { dataIndex, paramTypes, where } = member;
  if (dataIndex === undefined) return EMPTY_OBJECT_SCHEMA;
  if (paramTypes === undefined) {
    throw new ConfigurationError(
      `${label}: no parameter types were emitted for ${where}, so its input schema cannot be derived. Turn on "emitDecoratorMetadata" and "experimentalDecorators" and compile with tsc or ts-jest (tsx, esbuild and swc without its decorator option drop the metadata), or pass ${option}: z.object({ … }).`,
    );
  }
  const type = paramTypes[dataIndex];
  if (typeof type !== 'function' || BUILTINS.has(type)) {
    const got = typeof type === 'function' ? type.name : String(type);
    throw new ConfigurationError(
      `${label}: parameter ${dataIndex} of ${where} has type ${got}, which says nothing about its fields. Type it as a class-validator DTO class, or pass ${option}: z.object({ … }). Mark the context parameter with @Context() and the call channel with @Call().`,
    );
  }
  return compileSchema(type, { where: label, io: 'input' });
}

/**
 * The function that calls the method: places the data, the context and the call in their
 * parameters, and wraps it in the interceptors (onion order), composed once.
 */
export function invoker(
  member: ScannedMember,
  instance: object,
  appInterceptors: readonly Interceptor[],
  describe: () => { kind: DefinitionKind; name: string; definition: Readonly<JsonObject> },
): Entry['invoke'] {
  const { arity, dataIndex, contextIndex, callIndex } = member;
  const method = (instance as Record<string, (...args: unknown[]) => unknown>)[
    member.record.method
  ];
  // The method's own value, not wrapped: a synchronous tool's result is mapped at once, without
  // the promise and the two async hops a wrapper costs (~8 % of an in-process tools/call, callgrind).
  // A method of its data alone (the usual tool) is called without an array of its arguments
  // (~120 instructions of an in-process tools/call, callgrind).
  const direct: Entry['invoke'] =
    arity === 1 && dataIndex === 0
      ? (data) => method.call(instance, data)
      : (data, context, call) => {
          const args = new Array<unknown>(arity);
          if (dataIndex !== undefined) args[dataIndex] = data;
          if (contextIndex !== undefined) args[contextIndex] = context;
          if (callIndex !== undefined) args[callIndex] = call;
          return method.apply(instance, args);
        };
  const chain = [...appInterceptors, ...member.interceptors];
  if (chain.length === 0) return direct;
  return (data, context, call) => {
    const { kind, name, definition } = describe();
    const invocation: Invocation = {
      kind,
      name,
      definition,
      args: data,
      context,
      call,
      provider: member.provider,
      method: member.record.method,
    };
    // Each invocation may pass each layer once: a second `next()` from the same interceptor
    // would run the rest of the chain, and the method, twice (koa-compose and Hono refuse it too).
    let reached = -1;
    const run = (index: number): Promise<unknown> => {
      if (index <= reached) {
        return Promise.reject(
          new Error(
            `next() called more than once (interceptor ${index} of ${chain.length} around ${kind} "${name}"): call it at most once per invocation, and keep its promise to reuse the result.`,
          ),
        );
      }
      reached = index;
      return Promise.resolve(
        index === chain.length
          ? direct(data, context, call)
          : chain[index](invocation, () => run(index + 1)),
      );
    };
    return run(0);
  };
}

/** Drops the members of a definition whose value is `undefined`. */
export function compact(definition: JsonObject): JsonObject {
  for (const key of Object.keys(definition))
    if (definition[key] === undefined) delete definition[key];
  return definition;
}

/**
 * A deep copy of plain JSON data (objects and arrays), every level frozen, so a listed object
 * can never be changed by a caller, and nothing the user passed in (a shared `ICONS` array, an
 * `annotations` object) is frozen or changed.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  const copy: JsonObject = {};
  for (const key of Object.keys(value))
    setMember(copy, key, frozenCopy((value as Record<string, unknown>)[key]));
  return Object.freeze(copy) as T;
}
