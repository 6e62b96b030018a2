/**
 * DTO compilation and validation (src/schema/dto.ts): start-up errors that name the class, and
 * class-transformer + class-validator per call with the class instance as the value.
 */
import 'reflect-metadata';
import { ConfigurationError } from '../../src/core';
import { compileSchema } from '../../src/schema';
import { Address, Catalog, Forecast } from './dto-fixtures';

const where = 'Tool "forecast" on WeatherTools';

describe('DTO errors at start-up', () => {
  it('refuses a class without class-validator metadata, naming it', () => {
    class Plain {
      city!: string;
    }
    expect(() => compileSchema(Plain, { where })).toThrow(ConfigurationError);
    expect(() => compileSchema(Plain, { where })).toThrow(
      'Tool "forecast" on WeatherTools: input schema: class Plain has no class-validator metadata. Add class-validator decorators to its fields (@IsString(), @IsInt(), @IsOptional(), …) or pass `input` with a zod object or a JSON Schema.',
    );
  });

  it('refuses Number, as design:returntype reports for a number-returning method', () => {
    expect(() => compileSchema(Number, { where, io: 'output' })).toThrow(
      'Tool "forecast" on WeatherTools: output schema must be an object schema (got Number). Use a class with class-validator decorators, or pass `output` with a zod object or a JSON Schema.',
    );
  });

  it('explains Object, what an interface-typed parameter reports', () => {
    expect(() => compileSchema(Object, { where })).toThrow(
      'Tool "forecast" on WeatherTools: input schema must be an object schema (got Object). TypeScript interfaces and type literals leave nothing at run time: use a class with class-validator decorators, or pass `input` with a zod object or a JSON Schema.',
    );
  });
});

describe('DTO validation', () => {
  const compiled = compileSchema(Forecast, { where });
  const valid = {
    city: 'Oslo',
    days: 3,
    unit: 'celsius',
    priority: 2,
    start: 'today',
    tags: ['rain'],
    address: { city: 'Oslo', zip: '01234' },
    stops: [{ city: 'Bergen' }],
  };

  it('returns the class instance, nested instances included, so DTO methods work', () => {
    const result = compiled.validate(valid);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.value).toBeInstanceOf(Forecast);
    const value = result.value as Forecast;
    expect(value.summary()).toBe('Oslo, 3 days');
    expect(value.address).toBeInstanceOf(Address);
    expect(value.stops?.[0]).toBeInstanceOf(Address);
  });

  it('names every bad field with dotted paths and array indexes', () => {
    const result = compiled.validate({
      ...valid,
      city: '',
      days: 20,
      priority: 3,
      tags: ['much too long'],
      address: { city: 'X' },
      stops: [{ city: 'Bergen' }, { city: 'Oslo', zip: 'abc' }],
    });
    expect(result).toStrictEqual({
      ok: false,
      issues: [
        { path: 'city', message: 'city must be longer than or equal to 1 characters' },
        { path: 'days', message: 'days must not be greater than 14' },
        { path: 'priority', message: 'priority must be one of the following values: 1, 2' },
        {
          path: 'tags',
          message: 'each value in tags must be shorter than or equal to 10 characters',
        },
        { path: 'address.city', message: 'city must be longer than or equal to 2 characters' },
        { path: 'stops[1].zip', message: 'zip must match /^\\d{5}$/ regular expression' },
      ],
    });
  });

  it('does not convert types implicitly, and reports the type error alone', () => {
    // Not "must not be greater than 14; must not be less than 1; must be an integer number":
    // the bounds say nothing about a string, and contradict each other.
    expect(compiled.validate({ ...valid, days: '3' })).toStrictEqual({
      ok: false,
      issues: [{ path: 'days', message: 'days must be an integer number' }],
    });
  });

  it('reports the bounds when the type is right', () => {
    expect(compiled.validate({ ...valid, days: 0 })).toStrictEqual({
      ok: false,
      issues: [{ path: 'days', message: 'days must not be less than 1' }],
    });
  });

  it('follows recursive classes all the way down', () => {
    const catalog = compileSchema(Catalog, { where });
    expect(
      catalog.validate({ title: 'Shop', root: { name: 'All', children: [{ name: 7 }] } }),
    ).toStrictEqual({
      ok: false,
      issues: [{ path: 'root.children[0].name', message: 'name must be a string' }],
    });
  });

  it('refuses a value that is not an object', () => {
    for (const [value, got] of [
      [null, 'null'],
      [[valid], 'an array'],
      ['Oslo', 'string'],
      [undefined, 'undefined'],
    ] as const) {
      expect(compiled.validate(value)).toStrictEqual({
        ok: false,
        issues: [{ path: '', message: `Expected an object, received ${got}` }],
      });
    }
  });
});
