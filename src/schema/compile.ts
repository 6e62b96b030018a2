/**
 * The entry of the schema layer: one call per tool, prompt or template at start-up turns whatever
 * the user wrote (a Standard JSON Schema such as zod 4, valibot or arktype; zod 3; a DTO class; a
 * JSON Schema) into a {@link CompiledSchema}.
 */
import { ConfigurationError } from '../core';
import {
  describeSource,
  isJsonSchemaLike,
  isPlainObject,
  isStandardJsonSchema,
  isStandardSchema,
  isZod3,
  isZod4,
  standardVendor,
} from './detect';
import type { CompiledSchema, CompileSchemaOptions } from './types';

// Each compiler is loaded on first use, with its library: a server pays at start-up only for the
// schema kinds it uses (class-validator and its JSON Schema generator, ajv, zod-to-json-schema
// are most of the package's load time).
const standard = (): typeof import('./standard') => require('./standard');
const zod4 = (): typeof import('./zod4') => require('./zod4');
const zod3 = (): typeof import('./zod3') => require('./zod3');
const dto = (): typeof import('./dto') => require('./dto');
const jsonSchema = (): typeof import('./json-schema') => require('./json-schema');

/**
 * Compiles a schema source once: its JSON Schema (frozen, cleaned for MCP clients) and a fast,
 * synchronous validator. Throws a {@link ConfigurationError} naming `options.where` when the
 * source is not supported or (unless `requireObject: false`) not an object schema.
 *
 * - a Standard JSON Schema (zod ≥ 4.2, arktype, valibot's `toStandardJsonSchema`, …) →
 *   `~standard.jsonSchema` (draft 2020-12, `io` as given); validation by `~standard.validate`,
 *   through the user's own copy of the library.
 * - zod 4 mini (no `~standard.jsonSchema`) → zod's `toJSONSchema`; validation by `safeParse`.
 * - zod 3 / `zod/v3` → zod-to-json-schema (draft-07 shape, no `$ref`s); validation by `safeParse`.
 * - a class → class-validator metadata (nested DTOs inlined); validation by class-transformer +
 *   class-validator, the value being the class instance.
 * - a plain object → used as JSON Schema unchanged; validation by ajv.
 *
 * @example
 * const input = compileSchema(z.object({ city: z.string() }), { where: 'Tool "forecast" on WeatherTools' });
 * input.jsonSchema;                 // { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
 * input.validate({ city: 'Oslo' }); // { ok: true, value: { city: 'Oslo' } }
 */
export function compileSchema(source: unknown, options: CompileSchemaOptions): CompiledSchema {
  if (isStandardJsonSchema(source)) return standard().compileStandard(source, options);
  if (isZod4(source)) return zod4().compileZod4(source as never, options);
  if (isZod3(source)) return zod3().compileZod3(source as never, options);
  const io = options.io ?? 'input';
  if (isStandardSchema(source)) {
    const vendor = standardVendor(source) ?? 'its library';
    const hint =
      vendor === 'valibot'
        ? " Wrap it: toStandardJsonSchema(schema) from '@valibot/to-json-schema'."
        : ' Use a version of the library that implements it, or pass a JSON Schema object.';
    throw new ConfigurationError(
      `${options.where}: ${io} schema is a Standard Schema from ${vendor} without Standard JSON Schema (~standard.jsonSchema), so it cannot be listed to clients.${hint}`,
    );
  }
  if (typeof source === 'function') return dto().compileDto(source, options);
  if (isPlainObject(source) && (isJsonSchemaLike(source) || Object.keys(source).length === 0)) {
    return jsonSchema().compileJsonSchema(source, options);
  }
  throw new ConfigurationError(
    `${options.where}: ${io} schema is not a schema (got ${describeSource(source)}). Pass a zod, valibot or arktype schema (any Standard JSON Schema), a class with class-validator decorators, or a JSON Schema object ({ type: 'object', properties: { … } }).`,
  );
}
