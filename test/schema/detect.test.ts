/** isSchemaSource: what may stand where a schema is expected, and what may not. */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { z as z3 } from 'zod/v3';
import { isSchemaSource } from '../../src/schema';

describe('isSchemaSource', () => {
  it.each([
    ['a zod 4 schema', z.object({})],
    ['a zod 4 string', z.string()],
    ['a zod/mini schema', zm.object({})],
    ['a zod 3 schema', z3.object({})],
    ['a class', class Args {}],
    ['a JSON Schema', { type: 'object', properties: {} }],
    ['a JSON Schema with only $ref', { $ref: '#/$defs/x' }],
    ['a JSON Schema with only anyOf', { anyOf: [] }],
  ])('accepts %s', (_label, value) => {
    expect(isSchemaSource(value)).toBe(true);
  });

  it.each([
    ['an empty object', {}],
    ['an options object', { name: 'forecast', description: 'Forecast', title: 'Weather' }],
    ['a class instance', new (class Args {})()],
    ['a Date', new Date(0)],
    ['an array', [{ type: 'object' }]],
    ['a string', 'object'],
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s', (_label, value) => {
    expect(isSchemaSource(value)).toBe(false);
  });
});
