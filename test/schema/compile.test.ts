/**
 * compileSchema picks the right compiler per source and refuses, at start-up and by name, what
 * is not an object schema or not a schema at all.
 */
import 'reflect-metadata';
import { IsString } from 'class-validator';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { ConfigurationError } from '../../src/core';
import { compileSchema } from '../../src/schema';

const where = 'Tool "forecast" on WeatherTools';

class CityArgs {
  @IsString()
  city!: string;
}

function messageOf(attempt: () => unknown): string {
  try {
    attempt();
  } catch (error) {
    expect(ConfigurationError.is(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigurationError');
}

describe('compileSchema picks the compiler', () => {
  it.each([
    ['zod4', z.object({ city: z.string() })],
    ['zod3', z3.object({ city: z3.string() })],
    ['dto', CityArgs],
    [
      'json-schema',
      { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    ],
  ])('%s', (kind, source) => {
    const compiled = compileSchema(source, { where });
    expect(compiled.kind).toBe(kind);
    expect(compiled.jsonSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(compiled.jsonSchema).not.toHaveProperty('$schema');
    expect(compiled.validate({ city: 'Oslo' }).ok).toBe(true);
    expect(compiled.validate({ city: 1 }).ok).toBe(false);
  });
});

describe('compileSchema requires an object schema', () => {
  it('refuses a zod 4 string, saying how to wrap it', () => {
    expect(messageOf(() => compileSchema(z.string(), { where }))).toBe(
      'Tool "forecast" on WeatherTools: input schema must be an object schema (got ZodString). Wrap it: z.object({ … }).',
    );
  });

  it('refuses z.any(), whose JSON Schema is {}', () => {
    expect(messageOf(() => compileSchema(z.any(), { where }))).toBe(
      'Tool "forecast" on WeatherTools: input schema must be an object schema (got ZodAny). Wrap it: z.object({ … }).',
    );
  });

  it('refuses a zod 4 union of objects (anyOf, no type at the root)', () => {
    const union = z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]);
    expect(messageOf(() => compileSchema(union, { where }))).toBe(
      'Tool "forecast" on WeatherTools: input schema must be an object schema (got ZodUnion). Wrap it: z.object({ … }).',
    );
  });

  it('refuses a zod 3 number on the output side', () => {
    expect(messageOf(() => compileSchema(z3.number(), { where, io: 'output' }))).toBe(
      'Tool "forecast" on WeatherTools: output schema must be an object schema (got ZodNumber). Wrap it: z.object({ … }).',
    );
  });

  it('allows any schema with requireObject: false', () => {
    const compiled = compileSchema(z.string().min(2), { where, requireObject: false });
    expect(compiled.jsonSchema).toStrictEqual({ type: 'string', minLength: 2 });
    expect(compiled.validate('Oslo')).toStrictEqual({ ok: true, value: 'Oslo' });
    expect(compiled.validate('O')).toStrictEqual({
      ok: false,
      issues: [{ path: '', message: 'Too small: expected string to have >=2 characters' }],
    });
  });
});

describe('compileSchema refuses what is not a schema', () => {
  it.each([
    ['a string', 'city: string'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an array', [{ type: 'string' }]],
    ['Date', new Date(0)],
    ['a plain object', { description: 'Forecast', name: 'forecast' }],
  ])('got %s', (got, source) => {
    expect(messageOf(() => compileSchema(source, { where }))).toBe(
      `Tool "forecast" on WeatherTools: input schema is not a schema (got ${got}). Pass a zod, valibot or arktype schema (any Standard JSON Schema), a class with class-validator decorators, or a JSON Schema object ({ type: 'object', properties: { … } }).`,
    );
  });
});
