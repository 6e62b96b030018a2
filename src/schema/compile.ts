/**
 * The entry of the schema layer: one call per tool, prompt or template at start-up turns whatever
 * the user wrote (zod 4, zod 3, a DTO class, a JSON Schema) into a {@link CompiledSchema}.
 */
import { ConfigurationError } from '../core';
import { describeSource, isJsonSchemaLike, isPlainObject, isZod3, isZod4 } from './detect';
import type { CompiledSchema, CompileSchemaOptions } from './types';

// Each compiler is loaded on first use, with its library: a server pays at start-up only for the
// schema kinds it uses (class-validator and its JSON Schema generator, ajv, zod-to-json-schema
// are most of the package's load time).
const zod4 = (): typeof import('./zod4') => require('./zod4');
const zod3 = (): typeof import('./zod3') => require('./zod3');
const dto = (): typeof import('./dto') => require('./dto');
const jsonSchema = (): typeof import('./json-schema') => require('./json-schema');

/**
 * Compiles a schema source once: its JSON Schema (frozen, cleaned for MCP clients) and a fast,
 * synchronous validator. Throws a {@link ConfigurationError} naming `options.where` when the
 * source is not supported or (unless `requireObject: false`) not an object schema.
 *
 * - zod 4 → `z.toJSONSchema` (draft 2020-12, `io` as given); validation by `safeParse`.
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
  if (isZod4(source)) return zod4().compileZod4(source, options);
  if (isZod3(source)) return zod3().compileZod3(source, options);
  if (typeof source === 'function') return dto().compileDto(source, options);
  if (isPlainObject(source) && (isJsonSchemaLike(source) || Object.keys(source).length === 0)) {
    return jsonSchema().compileJsonSchema(source, options);
  }
  const io = options.io ?? 'input';
  throw new ConfigurationError(
    `${options.where}: ${io} schema is not a schema (got ${describeSource(source)}). Pass a zod schema, a class with class-validator decorators, or a JSON Schema object ({ type: 'object', properties: { … } }).`,
  );
}
