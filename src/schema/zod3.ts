/**
 * Zod 3 (`zod@3`, or `zod/v3` inside zod 4): JSON Schema from zod-to-json-schema, validation by
 * `safeParse`.
 */
import type { ZodTypeAny } from 'zod/v3';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { ConfigurationError, type JsonObject } from '../core';
import { cleanGenerated, deepFreeze } from './emit';
import { assertObjectSchema } from './object-schema';
import type { CompiledSchema, CompileSchemaOptions, Validation } from './types';
import { zodIssues } from './zod-issues';

/** Compiles a zod 3 schema: its JSON Schema once, a `safeParse` validator. */
export function compileZod3(schema: ZodTypeAny, options: CompileSchemaOptions): CompiledSchema {
  const io = options.io ?? 'input';
  let generated: JsonObject;
  try {
    // jsonSchema7 output without $ref (every sub-schema inlined) is also valid 2020-12 and what
    // draft-07 clients read; pipes are described from the side the schema is used for.
    generated = zodToJsonSchema(schema, {
      target: 'jsonSchema7',
      $refStrategy: 'none',
      pipeStrategy: io,
    }) as JsonObject;
  } catch (error) {
    throw new ConfigurationError(
      `${options.where}: ${io} schema cannot be turned into JSON Schema (${(error as Error).message}).`,
    );
  }
  const jsonSchema = cleanGenerated(generated);
  assertObjectSchema(jsonSchema, schema, 'zod3', options);
  deepFreeze(jsonSchema);
  return {
    kind: 'zod3',
    jsonSchema,
    validate(value: unknown): Validation {
      const result = schema.safeParse(value);
      if (result.success) return { ok: true, value: result.data };
      return { ok: false, issues: zodIssues(result.error.issues) };
    },
  };
}
