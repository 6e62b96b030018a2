/**
 * MCP's rule that a tool's schema is an object schema (src/schema/object-schema.ts): one start-up
 * error per kind of schema, naming where, input or output, what was given and how to fix it.
 */
import { z } from 'zod';
import { ConfigurationError, type JsonObject } from '../../src/core';
import { assertObjectSchema } from '../../src/schema/object-schema';
import type { SchemaKind } from '../../src/schema/types';

const WHERE = { where: 'Tool "t" on Jobs' };

function message(schema: JsonObject, source: unknown, kind: SchemaKind, io?: 'input' | 'output') {
  try {
    assertObjectSchema(schema, source, kind, { ...WHERE, io });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  return 'no error';
}

test('an object schema passes, and so does anything when requireObject is false', () => {
  expect(message({ type: 'object' }, {}, 'json-schema')).toBe('no error');
  expect(() =>
    assertObjectSchema({ type: 'string' }, z.string(), 'zod4', { ...WHERE, requireObject: false }),
  ).not.toThrow();
});

test.each<[SchemaKind, unknown, string]>([
  [
    'zod4',
    z.string(),
    'input schema must be an object schema (got ZodString). Wrap it: z.object({ … }).',
  ],
  [
    'standard',
    { '~standard': { vendor: 'valibot', version: 1, validate: () => ({ value: 1 }) } },
    "input schema must be an object schema (got a valibot schema). Wrap it in its library's object schema (valibot v.object({ … }), arktype type({ … })).",
  ],
  [
    'dto',
    Number,
    'input schema must be an object schema (got Number). Describe the arguments as a class whose fields carry class-validator decorators.',
  ],
])('%s: names what was given and the fix', (kind, source, text) => {
  expect(message({ type: 'string' }, source, kind)).toBe(`Tool "t" on Jobs: ${text}`);
});

test('a JSON Schema is described by its own type, or its lack of one; output says output', () => {
  expect(message({ type: 'array' }, { type: 'array' }, 'json-schema', 'output')).toBe(
    'Tool "t" on Jobs: output schema must be an object schema (got a JSON Schema of type "array"). Give it type: "object" and list the fields under properties.',
  );
  expect(message({ type: ['object', 'null'] }, {}, 'json-schema')).toBe(
    'Tool "t" on Jobs: input schema must be an object schema (got a JSON Schema of type ["object","null"]). Give it type: "object" and list the fields under properties.',
  );
  expect(message({ properties: {} }, {}, 'json-schema')).toBe(
    'Tool "t" on Jobs: input schema must be an object schema (got a JSON Schema without "type"). Give it type: "object" and list the fields under properties.',
  );
});
