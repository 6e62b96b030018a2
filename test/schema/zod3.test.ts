/**
 * Zod 3 schemas (here `zod/v3`, the zod 3 API shipped inside zod 4): JSON Schema from
 * zod-to-json-schema without `$ref`s or `$schema`, validation by safeParse.
 */
import { z } from 'zod/v3';
import { compileSchema } from '../../src/schema';

const where = 'Tool "forecast" on WeatherTools';

const Forecast = z
  .object({
    city: z.string().min(1).describe('City name'),
    days: z.number().int().min(1).max(14).default(3),
    unit: z.enum(['celsius', 'fahrenheit']).optional(),
    tags: z.array(z.string()).max(5),
    address: z.object({ zip: z.string().regex(/^\d{5}$/) }).describe('Where'),
  })
  .strict();

describe('zod 3 → JSON Schema', () => {
  it('emits a draft-07-shaped object schema without $schema', () => {
    const compiled = compileSchema(Forecast, { where });
    expect(compiled.kind).toBe('zod3');
    expect(compiled.jsonSchema).toStrictEqual({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 14, default: 3 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
        address: {
          type: 'object',
          properties: { zip: { type: 'string', pattern: '^\\d{5}$' } },
          required: ['zip'],
          additionalProperties: false,
          description: 'Where',
        },
      },
      required: ['city', 'tags', 'address'],
      additionalProperties: false,
    });
    expect(Object.isFrozen(compiled.jsonSchema)).toBe(true);
  });

  it('inlines a schema used twice instead of pointing at it', () => {
    const Point = z.object({ x: z.number() });
    const compiled = compileSchema(z.object({ from: Point, to: Point }), { where });
    expect(compiled.jsonSchema).toStrictEqual({
      type: 'object',
      properties: {
        from: {
          type: 'object',
          properties: { x: { type: 'number' } },
          required: ['x'],
          additionalProperties: false,
        },
        to: {
          type: 'object',
          properties: { x: { type: 'number' } },
          required: ['x'],
          additionalProperties: false,
        },
      },
      required: ['from', 'to'],
      additionalProperties: false,
    });
  });

  it('describes a pipe from the side it is used for', () => {
    const Page = z.object({ page: z.string().pipe(z.coerce.number()) });
    const input = compileSchema(Page, { where }).jsonSchema.properties as Record<string, unknown>;
    const output = compileSchema(Page, { where, io: 'output' }).jsonSchema.properties as Record<
      string,
      unknown
    >;
    expect(input.page).toStrictEqual({ type: 'string' });
    expect(output.page).toStrictEqual({ type: 'number' });
  });
});

describe('zod 3 validation', () => {
  const compiled = compileSchema(Forecast, { where });

  it('returns the parsed output with defaults applied', () => {
    expect(
      compiled.validate({ city: 'Oslo', tags: ['rain'], address: { zip: '01234' } }),
    ).toStrictEqual({
      ok: true,
      value: { city: 'Oslo', days: 3, tags: ['rain'], address: { zip: '01234' } },
    });
  });

  it('names every bad field, unknown keys included', () => {
    expect(
      compiled.validate({ city: '', days: 20, tags: ['a', 1], address: { zip: 'x' }, extra: true }),
    ).toStrictEqual({
      ok: false,
      issues: [
        { path: 'city', message: 'String must contain at least 1 character(s)' },
        { path: 'days', message: 'Number must be less than or equal to 14' },
        { path: 'tags[1]', message: 'Expected string, received number' },
        { path: 'address.zip', message: 'Invalid' },
        { path: 'extra', message: 'Unrecognized key' },
      ],
    });
  });

  it('reports a missing field as Required', () => {
    expect(compiled.validate({ tags: [], address: { zip: '01234' } })).toStrictEqual({
      ok: false,
      issues: [{ path: 'city', message: 'Required' }],
    });
  });
});
