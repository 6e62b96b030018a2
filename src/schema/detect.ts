/**
 * Telling schema sources apart: zod 4, zod 3 (including `zod/v3`), a DTO class, or a plain
 * JSON Schema object. Checks are structural, so schemas from a second installed copy of zod work.
 */
import type { JsonObject } from '../core';

// The shapes below are structural and written here, not imported: this file's declarations are
// part of the package's types, which must compile for a user who has no zod (or another version).

/** A zod 4 schema (classic or mini), as far as detection needs it. */
export interface Zod4Like {
  readonly _zod: object;
}

/** A zod 3 schema (`zod@3` or `zod/v3`), as far as detection needs it. */
export interface Zod3Like {
  readonly _def: object;
  safeParse(value: unknown): unknown;
}

/** One issue of a Standard Schema validation (Standard Schema V1). */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

/**
 * A schema implementing Standard Schema V1 (`~standard.validate`) and Standard JSON Schema V1
 * (`~standard.jsonSchema`), as `@standard-schema/spec` 1.1 defines them: zod ≥ 4.2, arktype 2,
 * valibot through `toStandardJsonSchema`.
 */
export interface StandardJsonSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value?: unknown; readonly issues?: ReadonlyArray<StandardIssue> }
      | Promise<unknown>;
    readonly jsonSchema: {
      readonly input: (options: {
        target: string;
        libraryOptions?: Record<string, unknown>;
      }) => Record<string, unknown>;
      readonly output: (options: {
        target: string;
        libraryOptions?: Record<string, unknown>;
      }) => Record<string, unknown>;
    };
  };
}

/** Keywords that mark a plain object as a JSON Schema (annotations like `description` do not). */
const SCHEMA_KEYWORDS = [
  'type',
  'properties',
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'definitions',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'enum',
  'const',
  'items',
  'prefixItems',
  'required',
  'additionalProperties',
  'patternProperties',
];

/** True for a zod 4 schema (classic or mini): it carries `_zod`. */
export function isZod4(value: unknown): value is Zod4Like {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { _zod?: unknown })._zod === 'object'
  );
}

/** True for a zod 3 schema (`zod@3` or `zod/v3`): `_def` and `safeParse`, no `_zod`. */
export function isZod3(value: unknown): value is Zod3Like {
  if (typeof value !== 'object' || value === null || isZod4(value)) return false;
  const candidate = value as { _def?: unknown; safeParse?: unknown };
  return (
    typeof candidate._def === 'object' &&
    candidate._def !== null &&
    typeof candidate.safeParse === 'function'
  );
}

/** The `~standard` properties of `value` when it implements Standard Schema V1, else undefined. */
function standardProps(value: unknown): Record<string, unknown> | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return;
  const props = (value as { '~standard'?: unknown })['~standard'];
  if (typeof props !== 'object' || props === null) return;
  const { version, validate } = props as { version?: unknown; validate?: unknown };
  return version === 1 && typeof validate === 'function'
    ? (props as Record<string, unknown>)
    : undefined;
}

/** True for a Standard Schema V1 (`~standard.validate`), with or without a JSON Schema. */
export function isStandardSchema(value: unknown): boolean {
  return standardProps(value) !== undefined;
}

/** True for a Standard Schema V1 that also implements Standard JSON Schema V1 (`~standard.jsonSchema`). */
export function isStandardJsonSchema(value: unknown): value is StandardJsonSchema {
  const converter = standardProps(value)?.jsonSchema as
    | { input?: unknown; output?: unknown }
    | undefined;
  return typeof converter?.input === 'function' && typeof converter.output === 'function';
}

/** The vendor a Standard Schema names (`zod`, `valibot`, `arktype`, …). */
export function standardVendor(value: unknown): string | undefined {
  const vendor = standardProps(value)?.vendor;
  return typeof vendor === 'string' ? vendor : undefined;
}

/** True for an object whose prototype is `Object.prototype` or `null`. */
export function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True for a plain object carrying at least one structural JSON Schema keyword. */
export function isJsonSchemaLike(value: unknown): value is JsonObject {
  return isPlainObject(value) && SCHEMA_KEYWORDS.some((keyword) => keyword in value);
}

/**
 * True when `value` is something {@link compileSchema} accepts: a zod 4 or zod 3 schema, any
 * Standard Schema (valibot, arktype, …), a class
 * (any function; a DTO decorated with class-validator), or a plain object that looks like a JSON
 * Schema (it has `type`, `properties`, `$ref`, `anyOf`, …; `title` or `description` alone do not
 * count, so an options object is not mistaken for a schema).
 *
 * @example
 * isSchemaSource(z.object({ city: z.string() })); // true
 * isSchemaSource({ type: 'object' });              // true
 * isSchemaSource({ description: 'Forecast' });     // false
 */
export function isSchemaSource(value: unknown): boolean {
  return (
    isZod4(value) ||
    isZod3(value) ||
    isStandardSchema(value) ||
    typeof value === 'function' ||
    isJsonSchemaLike(value)
  );
}

const BUILTINS = new Set<unknown>([
  Object,
  Array,
  String,
  Number,
  Boolean,
  Symbol,
  BigInt,
  Function,
  Promise,
  Date,
  RegExp,
  Map,
  Set,
  Error,
]);

/**
 * True for JavaScript's own constructors (`Object`, `Number`, `Promise`, …): what
 * `design:paramtypes` or `design:returntype` report for interfaces, primitives and promises, never
 * a DTO.
 */
export function isBuiltinConstructor(value: unknown): boolean {
  return BUILTINS.has(value);
}

/** A short name for a source, for error messages: `ZodString`, `Number`, `a string`. */
export function describeSource(value: unknown): string {
  if (isZod4(value) || isZod3(value)) {
    const typeName = (value as { _def?: { typeName?: unknown } })._def?.typeName;
    if (typeof typeName === 'string') return typeName;
    const name = (value as object).constructor?.name;
    return name && name !== 'Object' ? name : 'a zod schema';
  }
  const vendor = (value as { '~standard'?: { vendor?: unknown } } | null)?.['~standard']?.vendor;
  if (typeof vendor === 'string') return `a ${vendor} schema`;
  if (typeof value === 'function') return value.name || 'an anonymous class';
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (isPlainObject(value)) return 'a plain object';
  if (typeof value === 'object') return value.constructor?.name || 'an object';
  return `a ${typeof value}`;
}
