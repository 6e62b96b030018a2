/**
 * The schema layer: zod 4, zod 3, class-validator DTOs and plain JSON Schemas, each compiled once
 * into a frozen JSON Schema for clients and a fast synchronous validator for calls.
 */

import type { JsonObject } from '../core';

/**
 * What {@link JSONSchema} takes: JSON Schema keywords to merge into the field's (or class's)
 * generated schema, or a function from the generated schema to the one to use.
 */
export type JsonSchemaDecoration =
  | JsonObject
  | ((generated: JsonObject, options: unknown) => JsonObject);

/** The decorator {@link JSONSchema} returns: on a DTO field or on the DTO class. */
export type JsonSchemaDecorator = (target: object | Function, key?: string) => void;

type Decorator = (schema: JsonSchemaDecoration) => JsonSchemaDecorator;

/**
 * class-validator-jsonschema's decorator, to describe a DTO field (or class) beyond what its
 * validators say. (Loaded when first used, so servers without DTOs never load it.)
 *
 * @example
 * class Forecast {
 *   @IsString() @JSONSchema({ description: 'City name, e.g. "Oslo"' })
 *   city!: string;
 * }
 */
export const JSONSchema: Decorator = (schema) =>
  (require('class-validator-jsonschema') as { JSONSchema: Decorator }).JSONSchema(schema);

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
