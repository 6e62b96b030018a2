/**
 * The schema layer: zod 4, zod 3, class-validator DTOs and plain JSON Schemas, each compiled once
 * into a frozen JSON Schema for clients and a fast synchronous validator for calls.
 */

import type { JsonObject } from '../core';

/**
 * class-validator-jsonschema's decorator, to describe a DTO field (or class) beyond what its
 * validators say: JSON Schema keywords to merge into the field's (or class's) generated schema,
 * or a function from the generated schema to the one to use. It decorates a DTO field or the DTO
 * class. (Loaded when first used, so servers without DTOs never load it.)
 *
 * @example
 * class Forecast {
 *   @IsString() @JSONSchema({ description: 'City name, e.g. "Oslo"' })
 *   city!: string;
 * }
 */
export function JSONSchema(
  schema: JsonObject | ((generated: JsonObject, options: unknown) => JsonObject),
): (target: object | Function, key?: string) => void {
  return (require('class-validator-jsonschema') as { JSONSchema: typeof JSONSchema }).JSONSchema(
    schema,
  );
}

export { compileSchema } from './compile';
export { isSchemaSource } from './detect';
export { formatIssues, joinPath } from './issues';
export { promptArguments } from './prompt-arguments';
export type {
  CompiledSchema,
  CompileSchemaOptions,
  SchemaIssue,
  SchemaKind,
  Validation,
} from './types';
