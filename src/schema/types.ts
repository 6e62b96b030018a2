/**
 * The shapes the schema layer hands to the registry: a schema compiled once at start-up, and the
 * outcome of validating one value against it.
 */
import type { JsonObject } from '../core';

/** One problem found in a value: where it is and what is wrong with it. */
export interface SchemaIssue {
  /** Where the problem is: `'address.city'`, `'items[2]'`, or `''` for the value itself. */
  path: string;
  /** What is wrong, in words a model (or a person) can act on. */
  message: string;
}

/**
 * The outcome of {@link CompiledSchema.validate}: the accepted value, or every issue found.
 *
 * @example
 * const result = schema.validate(args);
 * if (!result.ok) return formatIssues(result.issues);
 */
export type Validation<T = unknown> = { ok: true; value: T } | { ok: false; issues: SchemaIssue[] };

/** Which kind of source a {@link CompiledSchema} was built from. */
export type SchemaKind = 'zod4' | 'zod3' | 'standard' | 'dto' | 'json-schema';

/**
 * A schema prepared once at start-up: its JSON Schema (for `tools/list`) and a synchronous
 * validator (for each call). Nothing is converted or reflected upon per call.
 */
export interface CompiledSchema<T = unknown> {
  /** The kind of source it was built from. */
  readonly kind: SchemaKind;
  /** The JSON Schema clients see; deeply frozen, computed once. */
  readonly jsonSchema: JsonObject;
  /**
   * Checks one value. `value` is what the method should receive: the schema library's output
   * (zod, valibot, arktype: defaults applied, transforms run), the DTO class instance, or the
   * input itself for a JSON Schema.
   */
  validate(value: unknown): Validation<T>;
}

/** Options of {@link compileSchema}. */
export interface CompileSchemaOptions {
  /**
   * Who the schema belongs to, for error messages: `'Tool "forecast" on WeatherTools'` gives
   * `Tool "forecast" on WeatherTools: input schema must be an object schema (got ZodString). …`
   */
  where: string;
  /**
   * Which side the schema describes: what callers send (`'input'`, the default) or what a method
   * returns (`'output'`). Zod schemas differ between the two (a field with a default is optional
   * on input, always present on output); error messages name it ("input schema").
   */
  io?: 'input' | 'output';
  /** Require an object schema (`type: 'object'`), as MCP does for tool schemas. Default `true`. */
  requireObject?: boolean;
}
