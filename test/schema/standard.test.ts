/**
 * Standard Schema V1 with Standard JSON Schema: any library that implements both is accepted as
 * `input`, `output` or `args`, listed through `~standard.jsonSchema` and validated through
 * `~standard.validate`. zod 4 takes the same road, so the framework never loads a zod of its own.
 */
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { z } from 'zod';
import { ConfigurationError } from '../../src/core';
import { compileSchema, isSchemaSource } from '../../src/schema';

const where = 'Tool "book" on TripTools';

/** A Standard JSON Schema written by hand: what any library would hand over. */
function handMade(
  validate: (value: unknown) => unknown,
  json: Record<string, unknown> = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
) {
  const calls: unknown[] = [];
  const schema = {
    '~standard': {
      version: 1,
      vendor: 'handmade',
      validate,
      jsonSchema: {
        input: (options: unknown) => {
          calls.push(['input', options]);
          return json;
        },
        output: (options: unknown) => {
          calls.push(['output', options]);
          return { ...json, additionalProperties: false };
        },
      },
    },
  };
  return { schema, calls };
}

describe('any Standard JSON Schema', () => {
  it('lists its draft 2020-12 JSON Schema for the side asked, without $schema', () => {
    const { schema, calls } = handMade(() => ({ value: {} }));
    expect(isSchemaSource(schema)).toBe(true);
    const input = compileSchema(schema, { where });
    expect(input.kind).toBe('standard');
    expect(input.jsonSchema).toStrictEqual({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(Object.isFrozen(input.jsonSchema)).toBe(true);
    const output = compileSchema(schema, { where, io: 'output' });
    expect(output.jsonSchema.additionalProperties).toBe(false);
    expect(calls).toEqual([
      ['input', { target: 'draft-2020-12', libraryOptions: undefined }],
      ['output', { target: 'draft-2020-12', libraryOptions: undefined }],
    ]);
  });

  it('validates through ~standard.validate: its value on success, its issues joined on failure', () => {
    const { schema } = handMade((value) =>
      (value as { city?: unknown }).city === 'Oslo'
        ? { value: { city: 'OSLO' } }
        : {
            issues: [
              { message: 'Unknown city', path: [{ key: 'city' }] },
              { message: 'Too far', path: ['legs', 2, { key: 'to' }] },
              { message: 'Bad trip' },
            ],
          },
    );
    const compiled = compileSchema(schema, { where });
    expect(compiled.validate({ city: 'Oslo' })).toEqual({ ok: true, value: { city: 'OSLO' } });
    expect(compiled.validate({ city: 'Atlantis' })).toEqual({
      ok: false,
      issues: [
        { path: 'city', message: 'Unknown city' },
        { path: 'legs[2].to', message: 'Too far' },
        { path: '', message: 'Bad trip' },
      ],
    });
  });

  it('refuses an asynchronous validation at call time, naming the tool', () => {
    const { schema } = handMade(() => Promise.resolve({ value: {} }));
    const compiled = compileSchema(schema, { where });
    expect(() => compiled.validate({})).toThrow(
      new ConfigurationError(
        'Tool "book" on TripTools: input schema has an async refinement or transform; use synchronous ones.',
      ),
    );
  });

  it('refuses a schema that is not an object schema, saying how to wrap it', () => {
    const { schema } = handMade(() => ({ value: '' }), { type: 'string' });
    expect(() => compileSchema(schema, { where })).toThrow(
      'Tool "book" on TripTools: input schema must be an object schema (got a handmade schema). Wrap it in its library\'s object schema (valibot v.object({ … }), arktype type({ … })).',
    );
  });

  it('names the library when its converter throws', () => {
    const { schema } = handMade(() => ({ value: {} }));
    schema['~standard'].jsonSchema.input = () => {
      throw new Error('cannot express a Map');
    };
    expect(() => compileSchema(schema, { where })).toThrow(
      'Tool "book" on TripTools: input schema cannot be turned into JSON Schema by handmade (cannot express a Map).',
    );
  });

  it('refuses a Standard Schema without Standard JSON Schema: valibot gets its wrapper named', () => {
    const bare = v.object({ city: v.string() });
    expect(isSchemaSource(bare)).toBe(true);
    expect(() => compileSchema(bare, { where })).toThrow(
      'Tool "book" on TripTools: input schema is a Standard Schema from valibot without Standard JSON Schema (~standard.jsonSchema), so it cannot be listed to clients. Wrap it: toStandardJsonSchema(schema) from \'@valibot/to-json-schema\'.',
    );
    const wrapped = compileSchema(toStandardJsonSchema(bare), { where });
    expect(wrapped.kind).toBe('standard');
    expect(wrapped.validate({ city: 3 })).toEqual({
      ok: false,
      issues: [{ path: 'city', message: 'Invalid type: Expected string but received 3' }],
    });
  });
});

describe('zod 4 goes through ~standard too', () => {
  it('uses the schema’s own ~standard.jsonSchema and ~standard.validate', () => {
    const schema = z.object({ city: z.string() });
    const standard = schema['~standard'];
    const seen: string[] = [];
    Object.defineProperty(schema, '~standard', {
      value: {
        ...standard,
        validate: (value: unknown) => {
          seen.push('validate');
          return standard.validate(value);
        },
        jsonSchema: {
          input: (options: Parameters<typeof standard.jsonSchema.input>[0]) => {
            seen.push(`input ${JSON.stringify(options)}`);
            return standard.jsonSchema.input(options);
          },
          output: standard.jsonSchema.output,
        },
      },
    });
    const compiled = compileSchema(schema, { where });
    expect(compiled.kind).toBe('zod4');
    expect(compiled.validate({ city: 'Oslo' })).toEqual({ ok: true, value: { city: 'Oslo' } });
    expect(seen).toEqual([
      'input {"target":"draft-2020-12","libraryOptions":{"unrepresentable":"any"}}',
      'validate',
    ]);
  });

  it('a refinement that throws: its own error, not "async refinement"', () => {
    const schema = z.object({ city: z.string() }).refine(() => {
      throw new RangeError('the lookup table is missing');
    });
    const compiled = compileSchema(schema, { where });
    expect(() => compiled.validate({ city: 'Oslo' })).toThrow(
      new RangeError('the lookup table is missing'),
    );
    const asyncSchema = z.object({ city: z.string() }).refine(async () => true);
    expect(() => compileSchema(asyncSchema, { where }).validate({ city: 'Oslo' })).toThrow(
      'Tool "book" on TripTools: input schema has an async refinement or transform; use synchronous ones.',
    );
  });

  it('keeps zod’s unrecognized keys one issue per key', () => {
    const compiled = compileSchema(z.strictObject({ city: z.string() }), { where });
    expect(compiled.validate({ city: 'Oslo', days: 3, unit: 'c' })).toEqual({
      ok: false,
      issues: [
        { path: 'days', message: 'Unrecognized key' },
        { path: 'unit', message: 'Unrecognized key' },
      ],
    });
  });
});
