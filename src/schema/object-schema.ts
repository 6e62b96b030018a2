/**
 * MCP's rule for tool schemas: the root is an object schema (`type: 'object'`). Checked once at
 * start-up, with a message that says what was given and how to fix it.
 */
import { ConfigurationError, type JsonObject } from '../core';
import { describeSource } from './detect';
import type { CompileSchemaOptions, SchemaKind } from './types';

const HINTS: Record<SchemaKind, string> = {
  zod4: 'Wrap it: z.object({ … }).',
  zod3: 'Wrap it: z.object({ … }).',
  standard:
    "Wrap it in its library's object schema (valibot v.object({ … }), arktype type({ … })).",
  dto: 'Describe the arguments as a class whose fields carry class-validator decorators.',
  'json-schema': 'Give it type: "object" and list the fields under properties.',
};

/**
 * Throws a {@link ConfigurationError} unless `schema` is an object schema (or the options allow
 * any schema). `source` is what the user gave, named in the message.
 */
export function assertObjectSchema(
  schema: JsonObject,
  source: unknown,
  kind: SchemaKind,
  options: CompileSchemaOptions,
): void {
  if (options.requireObject === false || schema.type === 'object') return;
  const got = kind === 'json-schema' ? describeJsonSchema(schema) : describeSource(source);
  throw new ConfigurationError(
    `${options.where}: ${options.io ?? 'input'} schema must be an object schema (got ${got}). ${HINTS[kind]}`,
  );
}

function describeJsonSchema(schema: JsonObject): string {
  if (schema.type === undefined) return 'a JSON Schema without "type"';
  return `a JSON Schema of type ${JSON.stringify(schema.type)}`;
}
