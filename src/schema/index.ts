/**
 * The schema layer: zod 4, zod 3, class-validator DTOs and plain JSON Schemas, each compiled once
 * into a frozen JSON Schema for clients and a fast synchronous validator for calls.
 */

import type { JSONSchema as Decorator } from 'class-validator-jsonschema';

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
export const JSONSchema: typeof Decorator = (schema) =>
  (require('class-validator-jsonschema') as { JSONSchema: typeof Decorator }).JSONSchema(schema);

export { compileSchema } from './compile';
export { isSchemaSource } from './detect';
export { formatIssues, joinPath } from './issues';
export { type PromptArgumentInfo, promptArguments } from './prompt-arguments';
export type {
  CompiledSchema,
  CompileSchemaOptions,
  SchemaIssue,
  SchemaKind,
  Validation,
} from './types';
