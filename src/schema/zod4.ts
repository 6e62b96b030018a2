/**
 * Zod 4 (classic or mini): JSON Schema from zod's own `toJSONSchema`, validation by `safeParse`.
 * Feeding zod 4 to zod-to-json-schema silently yields `{}`; zod's converter never does.
 */
import * as zod from 'zod/v4/core';
import { ConfigurationError, type JsonObject } from '../core';
import { cleanGenerated, deepFreeze } from './emit';
import { assertObjectSchema } from './object-schema';
import type { CompiledSchema, CompileSchemaOptions, Validation } from './types';
import { zodIssues } from './zod-issues';

/** Compiles a zod 4 schema: its JSON Schema once, a `safeParse` validator. */
export function compileZod4(schema: zod.$ZodType, options: CompileSchemaOptions): CompiledSchema {
  const io = options.io ?? 'input';
  let generated: JsonObject;
  try {
    generated = zod.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
    }) as JsonObject;
  } catch (error) {
    throw new ConfigurationError(
      `${options.where}: ${io} schema cannot be turned into JSON Schema (${(error as Error).message}).`,
    );
  }
  const jsonSchema = cleanGenerated(generated);
  assertObjectSchema(jsonSchema, schema, 'zod4', options);
  deepFreeze(jsonSchema);
  return {
    kind: 'zod4',
    jsonSchema,
    validate(value: unknown): Validation {
      let result: zod.util.SafeParseResult<unknown>;
      try {
        result = zod.safeParse(schema, value);
      } catch (error) {
        if (error instanceof zod.$ZodAsyncError) {
          throw new ConfigurationError(
            `${options.where}: ${io} schema has an async refinement or transform; use synchronous ones.`,
          );
        }
        throw error;
      }
      if (result.success) return { ok: true, value: result.data };
      return { ok: false, issues: zodIssues(result.error.issues) };
    },
  };
}
