/**
 * Zod 4 schemas: JSON Schema from zod's own converter (never zod-to-json-schema, which turns a
 * zod 4 schema into `{}`), validation by safeParse with zod's output as the value.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { ConfigurationError } from '../../src/core';
import { compileSchema } from '../../src/schema';

const where = 'Tool "forecast" on WeatherTools';

const Forecast = z.object({
  city: z.string().min(1).describe('City name'),
  days: z.number().int().min(1).max(14).default(3),
  unit: z.enum(['celsius', 'fahrenheit']).optional(),
  tags: z.array(z.string()).max(5),
  address: z.object({ street: z.string(), zip: z.string().regex(/^\d{5}$/) }).describe('Where'),
  when: z.string().transform((text) => text.length),
});

const ADDRESS = {
  type: 'object',
  properties: { street: { type: 'string' }, zip: { type: 'string', pattern: '^\\d{5}$' } },
  required: ['street', 'zip'],
  description: 'Where',
};

describe('zod 4 → JSON Schema', () => {
  it('describes the input side: defaults and optionals are not required, no $schema', () => {
    const compiled = compileSchema(Forecast, { where });
    expect(compiled.kind).toBe('zod4');
    expect(compiled.jsonSchema).toStrictEqual({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 14, default: 3 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
        address: ADDRESS,
        when: { type: 'string' },
      },
      required: ['city', 'tags', 'address', 'when'],
    });
  });

  it('describes the output side when asked: defaults present, objects closed, transforms unknown', () => {
    const compiled = compileSchema(Forecast, { where, io: 'output' });
    expect(compiled.jsonSchema).toStrictEqual({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 14, default: 3 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
        address: { ...ADDRESS, additionalProperties: false },
        when: {},
      },
      required: ['city', 'days', 'tags', 'address', 'when'],
      additionalProperties: false,
    });
  });

  it('never emits an empty inputSchema: the zod-to-json-schema trap', () => {
    const schema = z.object({ city: z.string() });
    // The trap itself: zod-to-json-schema does not understand zod 4 and answers with nothing.
    const trapped = zodToJsonSchema(schema as never) as Record<string, unknown>;
    expect(trapped.properties).toBeUndefined();
    expect(trapped.type).toBeUndefined();

    const compiled = compileSchema(schema, { where });
    expect(compiled.jsonSchema).toStrictEqual({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
  });

  it('keeps recursive schemas as references', () => {
    const Category: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(Category).optional();
      },
    });
    expect(compileSchema(Category, { where }).jsonSchema).toStrictEqual({
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['name'],
    });
  });

  it('accepts zod/mini schemas', () => {
    const compiled = compileSchema(zm.object({ city: zm.string() }), { where });
    expect(compiled.kind).toBe('zod4');
    expect(compiled.jsonSchema).toStrictEqual({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(compiled.validate({ city: 3 })).toStrictEqual({
      ok: false,
      issues: [{ path: 'city', message: 'Invalid input: expected string, received number' }],
    });
  });

  it('freezes the emitted schema, deeply', () => {
    const { jsonSchema } = compileSchema(Forecast, { where });
    expect(Object.isFrozen(jsonSchema)).toBe(true);
    expect(Object.isFrozen((jsonSchema.properties as Record<string, object>).address)).toBe(true);
  });
});

describe('zod 4 validation', () => {
  const compiled = compileSchema(Forecast, { where });

  it('returns the parsed output: defaults applied, transforms run', () => {
    const input = {
      city: 'Oslo',
      tags: [],
      address: { street: 'Karl Johan', zip: '01234' },
      when: 'today',
    };
    expect(compiled.validate(input)).toStrictEqual({
      ok: true,
      value: {
        city: 'Oslo',
        days: 3,
        tags: [],
        address: { street: 'Karl Johan', zip: '01234' },
        when: 5,
      },
    });
  });

  it('names every bad field with a joined path', () => {
    const result = compiled.validate({
      city: '',
      days: 20,
      unit: 'kelvin',
      tags: ['a', 1],
      address: { street: 'x', zip: 'nope' },
      when: 'now',
    });
    expect(result).toStrictEqual({
      ok: false,
      issues: [
        { path: 'city', message: 'Too small: expected string to have >=1 characters' },
        { path: 'days', message: 'Too big: expected number to be <=14' },
        { path: 'unit', message: 'Invalid option: expected one of "celsius"|"fahrenheit"' },
        { path: 'tags[1]', message: 'Invalid input: expected string, received number' },
        { path: 'address.zip', message: 'Invalid string: must match pattern /^\\d{5}$/' },
      ],
    });
  });

  it('reports a missing field and a non-object at their paths', () => {
    const small = compileSchema(z.object({ city: z.string() }), { where });
    expect(small.validate({})).toStrictEqual({
      ok: false,
      issues: [{ path: 'city', message: 'Invalid input: expected string, received undefined' }],
    });
    expect(small.validate('Oslo')).toStrictEqual({
      ok: false,
      issues: [{ path: '', message: 'Invalid input: expected object, received string' }],
    });
  });

  it('names each unknown key of a strict object', () => {
    const strict = compileSchema(z.strictObject({ city: z.string() }), { where });
    expect(strict.validate({ city: 'Oslo', country: 'NO', zip: 1 })).toStrictEqual({
      ok: false,
      issues: [
        { path: 'country', message: 'Unrecognized key' },
        { path: 'zip', message: 'Unrecognized key' },
      ],
    });
  });

  it('refuses async refinements with a ConfigurationError that names the tool', () => {
    const asyncSchema = z.object({ city: z.string() }).refine(async () => true);
    const compiled = compileSchema(asyncSchema, { where });
    expect(() => compiled.validate({ city: 'Oslo' })).toThrow(ConfigurationError);
    expect(() => compiled.validate({ city: 'Oslo' })).toThrow(
      'Tool "forecast" on WeatherTools: input schema has an async refinement or transform; use synchronous ones.',
    );
  });
});
