/**
 * class-validator DTOs: JSON Schema from their metadata (once per class), validation by
 * class-transformer `plainToInstance` then class-validator `validateSync`. The accepted value is
 * the class instance, so the DTO's own methods work inside the tool.
 */
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, type ValidationError, validateSync } from 'class-validator';
import type { JsonObject } from '../core';
import { ConfigurationError } from '../core';
import { isBuiltinConstructor } from './detect';
import { dtoJsonSchema } from './dto-schema';
import { joinPath } from './issues';
import { assertObjectSchema } from './object-schema';
import type { CompiledSchema, CompileSchemaOptions, SchemaIssue, Validation } from './types';

/** Compiles a class-validator DTO class. */
export function compileDto(dto: Function, options: CompileSchemaOptions): CompiledSchema {
  const io = options.io ?? 'input';
  const name = dto.name || 'an anonymous class';
  if (isBuiltinConstructor(dto)) {
    // What design:paramtypes / design:returntype say for primitives, interfaces and promises.
    const hint =
      dto === Object
        ? ' TypeScript interfaces and type literals leave nothing at run time: use a class with class-validator decorators,'
        : ' Use a class with class-validator decorators,';
    const problem =
      options.requireObject === false
        ? `cannot be described by ${name}.`
        : `must be an object schema (got ${name}).`;
    throw new ConfigurationError(
      `${options.where}: ${io} schema ${problem}${hint} or pass \`${io}\` with a zod object or a JSON Schema.`,
    );
  }
  if (getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).length === 0) {
    throw new ConfigurationError(
      `${options.where}: ${io} schema: class ${name} has no class-validator metadata. Add class-validator decorators to its fields (@IsString(), @IsInt(), @IsOptional(), …) or pass \`${io}\` with a zod object or a JSON Schema.`,
    );
  }
  const jsonSchema = dtoJsonSchema(dto);
  assertObjectSchema(jsonSchema, dto, 'dto', options);
  const target = dto as new (...args: unknown[]) => object;
  return {
    kind: 'dto',
    jsonSchema,
    validate(value: unknown): Validation {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
        return {
          ok: false,
          issues: [{ path: '', message: `Expected an object, received ${got}` }],
        };
      }
      const instance = plainToInstance(target, value, { enableImplicitConversion: false });
      const errors = validateSync(instance, { forbidUnknownValues: false, whitelist: false });
      const issues: SchemaIssue[] = [];
      // class-validator lets a missing @ValidateNested field through; the schema lists it as
      // required, so what is advertised and what is checked must agree.
      missingRequired(jsonSchema, jsonSchema, value, [], issues);
      if (errors.length === 0 && issues.length === 0) return { ok: true, value: instance };
      collectIssues(errors, [], instance, issues);
      return { ok: false, issues: dedupe(issues) };
    },
  };
}

/** Reports every `required` property that is absent, walking nested object schemas and `$defs` refs. */
function missingRequired(
  root: JsonObject,
  schema: unknown,
  value: unknown,
  path: readonly PropertyKey[],
  out: SchemaIssue[],
  depth = 0,
): void {
  if (depth > 32 || typeof schema !== 'object' || schema === null) return;
  let node = schema as JsonObject;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')) {
    node =
      ((root.$defs as JsonObject | undefined)?.[node.$ref.slice(8)] as JsonObject | undefined) ??
      {};
  }
  if (Array.isArray(value)) {
    if (node.items === undefined) return;
    value.forEach((item, i) => {
      missingRequired(root, node.items, item, [...path, i], out, depth + 1);
    });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  for (const name of Array.isArray(node.required) ? (node.required as string[]) : []) {
    if (record[name] === undefined)
      out.push({ path: joinPath([...path, name]), message: 'Required' });
  }
  const properties = (node.properties ?? {}) as JsonObject;
  for (const [name, child] of Object.entries(properties)) {
    if (record[name] !== undefined)
      missingRequired(root, child, record[name], [...path, name], out, depth + 1);
  }
}

function dedupe(issues: SchemaIssue[]): SchemaIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Flattens class-validator's error tree; children of an array get `[index]` segments. */
function collectIssues(
  errors: readonly ValidationError[],
  parent: readonly PropertyKey[],
  parentValue: unknown,
  out: SchemaIssue[],
): void {
  for (const error of errors) {
    const segment = Array.isArray(parentValue) ? Number(error.property) : error.property;
    const path = [...parent, segment];
    for (const message of relevantMessages(error.constraints ?? {})) {
      out.push({ path: joinPath(path), message });
    }
    if (error.children && error.children.length > 0) {
      collectIssues(error.children, path, error.value, out);
    }
  }
}

// class-validator checks that say what type a value is. When one fails, the value's other checks
// (min, max, length, …) only contradict each other ("3" is neither above 30 nor below 1).
const TYPE_CHECKS = new Set([
  'isDefined',
  'isInt',
  'isNumber',
  'isString',
  'isBoolean',
  'isDate',
  'isArray',
  'isObject',
  'nestedValidation',
]);

/** The messages to report for one field: the failed type checks alone when there are any. */
function relevantMessages(constraints: Record<string, string>): string[] {
  const failed = Object.keys(constraints);
  const types = failed.filter((name) => TYPE_CHECKS.has(name));
  return (types.length > 0 ? types : failed).map((name) => constraints[name]);
}
