/**
 * A plain JSON Schema: passed to clients exactly as given, checked with ajv (compiled once).
 * Ajv2020 unless `$schema` names an older draft.
 */
import Ajv, { type ErrorObject } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';
import { ConfigurationError, type JsonObject } from '../core';
import { deepFreeze } from './emit';
import { joinPath } from './issues';
import { assertObjectSchema } from './object-schema';
import type { CompiledSchema, CompileSchemaOptions, SchemaIssue, Validation } from './types';

type Draft = 'draft-06' | 'draft-07' | '2019-09' | '2020-12';
type AnyAjv = Ajv | Ajv2019 | Ajv2020;

// `format` stays an annotation (as 2020-12 has it by default): no format list to ship or guess.
const AJV_OPTIONS = { strict: false, allErrors: true, validateFormats: false } as const;

function newAjv(draft: Draft, validateSchema: boolean): AnyAjv {
  const options = { ...AJV_OPTIONS, validateSchema };
  if (draft === '2020-12') return new Ajv2020(options);
  if (draft === '2019-09') return new Ajv2019(options);
  const ajv = new Ajv(options);
  if (draft === 'draft-06') ajv.addMetaSchema(draft06);
  return ajv;
}

// Checking a schema against its meta-schema costs ~10 ms per fresh ajv, so one checker per draft
// is kept. It only runs validateSchema, which stores nothing of the user's schemas; each schema
// is compiled in its own ajv, so `$id`s of different tools never meet.
const metaCheckers = new Map<Draft, AnyAjv>();

function metaChecker(draft: Draft): AnyAjv {
  let ajv = metaCheckers.get(draft);
  if (!ajv) {
    ajv = newAjv(draft, true);
    metaCheckers.set(draft, ajv);
  }
  return ajv;
}

/** Which draft `$schema` names; `undefined` for a URI we do not know (then no meta-schema check). */
function draftOf(schema: JsonObject, where: string): Draft | undefined {
  const uri = schema.$schema;
  if (uri === undefined) return '2020-12';
  if (typeof uri !== 'string') throw new ConfigurationError(`${where}: $schema must be a string.`);
  if (/json-schema\.org\/draft\/2020-12\/schema/.test(uri)) return '2020-12';
  if (/json-schema\.org\/draft\/2019-09\/schema/.test(uri)) return '2019-09';
  if (/json-schema\.org\/draft-07\/schema/.test(uri)) return 'draft-07';
  if (/json-schema\.org\/draft-06\/schema/.test(uri)) return 'draft-06';
  if (/json-schema\.org\/draft-0[0-5]\/schema/.test(uri)) {
    throw new ConfigurationError(
      `${where}: ${uri} is not supported. Use draft-07 or 2020-12 (https://json-schema.org/draft/2020-12/schema).`,
    );
  }
  return undefined;
}

/** Compiles a JSON Schema given as a plain object. Its `jsonSchema` is a frozen deep copy. */
export function compileJsonSchema(
  schema: JsonObject,
  options: CompileSchemaOptions,
): CompiledSchema {
  const where = `${options.where}: ${options.io ?? 'input'} schema`;
  const jsonSchema = deepFreeze(structuredClone(schema));
  assertObjectSchema(jsonSchema, schema, 'json-schema', options);
  const draft = draftOf(jsonSchema, where);
  if (draft !== undefined) {
    const checker = metaChecker(draft);
    if (!checker.validateSchema(jsonSchema)) {
      throw new ConfigurationError(
        `${where} is not a valid JSON Schema: ${checker.errorsText(checker.errors, { dataVar: 'schema' })}.`,
      );
    }
  }
  let check: ReturnType<AnyAjv['compile']>;
  try {
    check = newAjv(draft ?? '2020-12', false).compile(jsonSchema);
  } catch (error) {
    throw new ConfigurationError(`${where} cannot be compiled: ${(error as Error).message}.`);
  }
  return {
    kind: 'json-schema',
    jsonSchema,
    validate(value: unknown): Validation {
      if (check(value)) return { ok: true, value };
      return { ok: false, issues: ajvIssues(check.errors ?? [], value) };
    },
  };
}

/** ajv's errors as issues: dotted paths, a missing or unknown property named by its own path. */
export function ajvIssues(errors: readonly ErrorObject[], root: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const segments = pointerSegments(error.instancePath, root);
    let message = error.message ?? 'Invalid value';
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required' || error.keyword === 'dependentRequired') {
      segments.push(String(params.missingProperty));
      message = 'Required';
    } else if (error.keyword === 'additionalProperties') {
      segments.push(String(params.additionalProperty));
      message = 'Unrecognized key';
    } else if (error.keyword === 'unevaluatedProperties') {
      segments.push(String(params.unevaluatedProperty));
      message = 'Unrecognized key';
    } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      message = `must be one of ${params.allowedValues.map((item) => JSON.stringify(item)).join(', ')}`;
    }
    const issue = { path: joinPath(segments), message };
    const key = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}

/** A JSON Pointer into `root` as path segments; indexes of arrays become numbers. */
function pointerSegments(pointer: string, root: unknown): PropertyKey[] {
  if (pointer === '') return [];
  const segments: PropertyKey[] = [];
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const index = Array.isArray(current) ? Number(token) : Number.NaN;
    segments.push(Number.isInteger(index) ? index : token);
    current =
      typeof current === 'object' && current !== null
        ? (current as Record<string, unknown>)[token]
        : undefined;
  }
  return segments;
}
