/**
 * DTO → JSON Schema (src/schema/dto-schema.ts): class-validator metadata read once per class,
 * nested classes inlined, recursive ones kept in `$defs`.
 */
import 'reflect-metadata';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import { Exclude, Expose, Type } from 'class-transformer';
import { IsArray, IsEmail, IsOptional, IsString, ValidateNested } from 'class-validator';
import { compileSchema } from '../../src/schema';
import { Address, Catalog, Category, Forecast } from './dto-fixtures';

const where = 'Tool "forecast" on WeatherTools';

const ADDRESS = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 2 },
    zip: { type: 'string', pattern: '^\\d{5}$' },
  },
  required: ['city'],
};

const FORECAST_SCHEMA = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1, maxLength: 40, description: 'City name' },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    threshold: { type: 'number' },
    metric: { type: 'boolean' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    priority: { type: 'number', enum: [1, 2] },
    start: { type: 'string', enum: ['today', 'tomorrow'] },
    tags: { type: 'array', items: { type: 'string', maxLength: 10 } },
    address: { ...ADDRESS, description: 'Where' },
    stops: { type: 'array', items: ADDRESS },
  },
  required: ['city', 'days', 'unit', 'priority', 'start', 'tags', 'address'],
};

const CATEGORY = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    children: { type: 'array', items: { $ref: '#/$defs/Category' } },
  },
  required: ['name'],
};

describe('DTO → JSON Schema', () => {
  it('covers types, optional fields, arrays, nesting, enums, bounds, lengths, patterns, descriptions', () => {
    const compiled = compileSchema(Forecast, { where });
    expect(compiled.kind).toBe('dto');
    expect(compiled.jsonSchema).toStrictEqual(FORECAST_SCHEMA);
  });

  it('keeps recursive classes in $defs and points at them', () => {
    expect(compileSchema(Catalog, { where }).jsonSchema).toStrictEqual({
      type: 'object',
      properties: { title: { type: 'string' }, root: { $ref: '#/$defs/Category' } },
      required: ['title', 'root'],
      $defs: { Category: CATEGORY },
    });
  });

  it('handles a recursive class at the root', () => {
    expect(compileSchema(Category, { where }).jsonSchema).toStrictEqual({
      ...CATEGORY,
      $defs: { Category: CATEGORY },
    });
  });

  it('handles mutual recursion', () => {
    class Pet {
      @IsString()
      name!: string;

      @IsOptional()
      @ValidateNested()
      @Type(() => Person)
      // A type alias, so design:type does not touch Person before it exists; @Type says the class.
      owner?: InstanceType<typeof Person>;
    }
    class Person {
      @IsArray()
      @ValidateNested({ each: true })
      @Type(() => Pet)
      pets!: Pet[];
    }
    expect(compileSchema(Person, { where }).jsonSchema).toStrictEqual({
      type: 'object',
      properties: { pets: { type: 'array', items: { $ref: '#/$defs/Pet' } } },
      required: ['pets'],
      $defs: {
        Person: {
          type: 'object',
          properties: { pets: { type: 'array', items: { $ref: '#/$defs/Pet' } } },
          required: ['pets'],
        },
        Pet: {
          type: 'object',
          properties: { name: { type: 'string' }, owner: { $ref: '#/$defs/Person' } },
          required: ['name'],
        },
      },
    });
  });

  it('tells two nested classes of the same name apart', () => {
    const Home = (() => {
      class Address {
        @IsString()
        street!: string;
      }
      return Address;
    })();
    class Move {
      @ValidateNested()
      @Type(() => Address)
      from!: Address;

      @ValidateNested()
      @Type(() => Home)
      to!: InstanceType<typeof Home>;
    }
    const properties = compileSchema(Move, { where }).jsonSchema.properties;
    expect(properties).toStrictEqual({
      from: ADDRESS,
      to: { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] },
    });
  });

  it('includes the fields a DTO inherits', () => {
    class Contact {
      @IsString()
      name!: string;
    }
    class Customer extends Contact {
      @IsEmail()
      email!: string;
    }
    expect(compileSchema(Customer, { where }).jsonSchema).toStrictEqual({
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
      required: ['email', 'name'],
    });
  });

  it('emits $refs that resolve in draft-07 and 2020-12 validators alike', () => {
    const { jsonSchema } = compileSchema(Catalog, { where });
    const good = { title: 'Shop', root: { name: 'All', children: [{ name: 'Books' }] } };
    const bad = { title: 'Shop', root: { name: 'All', children: [{ children: [] }] } };
    for (const ajv of [new Ajv({ strict: false }), new Ajv2020({ strict: false })]) {
      const check = ajv.compile(jsonSchema);
      expect(check(good)).toBe(true);
      expect(check(bad)).toBe(false);
    }
  });

  it('computes once per class and freezes the result', () => {
    const first = compileSchema(Forecast, { where }).jsonSchema;
    expect(compileSchema(Forecast, { where: 'Tool "other" on X' }).jsonSchema).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first.properties as Record<string, object>).stops)).toBe(true);
  });
});

describe('class-transformer records, read through its public API only', () => {
  it('@Type on an array of DTOs, @Expose({ name }) and @Exclude() shape the schema', () => {
    class Leg {
      @IsString() to!: string;
    }
    class Trip {
      @ValidateNested({ each: true }) @Type(() => Leg) @IsArray() legs!: Leg[];
      @Expose({ name: 'traveller_name' }) @IsString() travellerName!: string;
      @Exclude() @IsString() @IsOptional() internal?: string;
    }
    expect(compileSchema(Trip, { where: 'Tool "trip"' }).jsonSchema).toStrictEqual({
      type: 'object',
      properties: {
        legs: {
          type: 'array',
          items: {
            type: 'object',
            properties: { to: { type: 'string' } },
            required: ['to'],
          },
        },
        traveller_name: { type: 'string' },
      },
      required: ['legs', 'traveller_name'],
    });
  });

  it('never reaches into class-transformer’s private files', () => {
    const source = require('node:fs').readFileSync(
      require('node:path').join(__dirname, '..', '..', 'src', 'schema', 'dto-schema.ts'),
      'utf8',
    );
    expect(source).not.toMatch(/class-transformer\/(cjs|esm5|esm2015|types)\//);
  });
});
