/**
 * Any schema that implements Standard Schema V1 with Standard JSON Schema (`@standard-schema/spec`
 * 1.1): zod ≥ 4.2, arktype 2, valibot 1 through `toStandardJsonSchema`, and whatever library comes
 * next. Its JSON Schema comes from `~standard.jsonSchema`, its validation from `~standard.validate`:
 * the framework calls the user's own copy of the library and never loads one of its own.
 */
import { ConfigurationError, type JsonObject } from '../core';
import type { StandardIssue, StandardJsonSchema } from './detect';
import { cleanGenerated, deepFreeze } from './emit';
import { assertObjectSchema } from './object-schema';
import type { CompiledSchema, CompileSchemaOptions, SchemaIssue, Validation } from './types';
import { zodIssues } from './zod-issues';

// Options a vendor's converter takes beyond the standard ones. zod: a type JSON Schema cannot
// express (a date, a transform's output) becomes `{}` instead of a thrown error, as with the
// rest of the schema layer.
const LIBRARY_OPTIONS: Record<string, Record<string, unknown>> = {
  zod: { unrepresentable: 'any' },
};

/**
 * Compiles a Standard JSON Schema: its JSON Schema once (draft 2020-12, the side `io` names), a
 * validator calling `~standard.validate`. zod's schemas keep the kind `zod4`.
 */
export function compileStandard(
  schema: StandardJsonSchema,
  options: CompileSchemaOptions,
): CompiledSchema {
  const io = options.io ?? 'input';
  const props = schema['~standard'];
  const kind = props.vendor === 'zod' ? 'zod4' : 'standard';
  let generated: JsonObject;
  try {
    generated = props.jsonSchema[io]({
      target: 'draft-2020-12',
      libraryOptions: LIBRARY_OPTIONS[props.vendor],
    }) as JsonObject;
  } catch (error) {
    throw new ConfigurationError(
      `${options.where}: ${io} schema cannot be turned into JSON Schema by ${props.vendor} (${(error as Error).message}).`,
    );
  }
  const jsonSchema = cleanGenerated(generated);
  assertObjectSchema(jsonSchema, schema, kind, options);
  deepFreeze(jsonSchema);
  return {
    kind,
    jsonSchema,
    validate(value: unknown): Validation {
      const result = props.validate(value);
      if (typeof (result as Promise<unknown>)?.then === 'function') {
        (result as Promise<unknown>).then(undefined, () => {});
        // zod answers a promise for a check that threw as well as for an async one: its own
        // safeParse tells them apart, rethrowing the check's error (the reporter's, -32603).
        rethrowSyncFailure(schema, value);
        throw new ConfigurationError(
          `${options.where}: ${io} schema has an async refinement or transform; use synchronous ones.`,
        );
      }
      const outcome = result as { value?: unknown; issues?: readonly StandardIssue[] | null };
      if (outcome.issues === undefined || outcome.issues === null) {
        return { ok: true, value: outcome.value };
      }
      return { ok: false, issues: standardIssues(outcome.issues) };
    },
  };
}

/**
 * Standard Schema issues as {@link SchemaIssue}s: path segments (keys or `{ key }`) joined, an
 * unrecognized-keys issue split per key, and a message that already starts with its own path
 * (arktype writes `city must be a string`) not prefixed twice.
 */
export function standardIssues(issues: readonly StandardIssue[]): SchemaIssue[] {
  const flat = issues.map((issue) => ({
    ...(issue as object),
    message: issue.message,
    path: (issue.path ?? []).map((segment) =>
      typeof segment === 'object' && segment !== null ? segment.key : segment,
    ),
  }));
  return zodIssues(flat).map((issue) =>
    issue.path !== '' && issue.message.startsWith(`${issue.path} `)
      ? { path: issue.path, message: issue.message.slice(issue.path.length + 1) }
      : issue,
  );
}

/** Runs the schema's own `safeParse` (zod's) when it has one; rethrows what a check threw. */
function rethrowSyncFailure(schema: object, value: unknown): void {
  const safeParse = (schema as { safeParse?: unknown }).safeParse;
  if (typeof safeParse !== 'function') return;
  try {
    safeParse.call(schema, value);
  } catch (error) {
    // zod's "asynchronous check in a synchronous parse": the promise was right.
    if ((error as Error | undefined)?.constructor?.name === '$ZodAsyncError') return;
    throw error;
  }
}
