/**
 * A JSON Schema made ready for clients (src/schema/emit.ts): the top-level `$schema` and zod 4's
 * safe-integer bounds dropped, everything else kept, and the result frozen all the way down.
 */
import fc from 'fast-check';
import type { JsonObject } from '../../src/core';
import { cleanGenerated, deepFreeze } from '../../src/schema/emit';

test('drops the top-level $schema and the safe-integer bounds at any depth, keeps the rest', () => {
  const generated: JsonObject = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      n: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      age: { type: 'integer', minimum: 0, maximum: 150 },
      list: {
        type: 'array',
        items: [{ type: 'integer', maximum: Number.MAX_SAFE_INTEGER, minimum: -1 }],
      },
      inner: { $schema: 'kept below the top', type: 'string' },
    },
    required: ['n'],
  };
  expect(cleanGenerated(generated)).toEqual({
    type: 'object',
    properties: {
      n: { type: 'integer' },
      age: { type: 'integer', minimum: 0, maximum: 150 },
      list: { type: 'array', items: [{ type: 'integer', minimum: -1 }] },
      inner: { $schema: 'kept below the top', type: 'string' },
    },
    required: ['n'],
  });
  // The input is left as it was.
  expect(generated.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
});

test('a bound swapped (maximum at the minimum) is a real bound, and kept', () => {
  expect(
    cleanGenerated({ minimum: Number.MAX_SAFE_INTEGER, maximum: Number.MIN_SAFE_INTEGER }),
  ).toEqual({ minimum: Number.MAX_SAFE_INTEGER, maximum: Number.MIN_SAFE_INTEGER });
});

test('a member named "__proto__" stays a member at any depth', () => {
  const schema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"string","minimum":-9007199254740991}}}',
  );
  const cleaned = cleanGenerated(schema);
  expect(JSON.stringify(cleaned)).toBe(
    '{"type":"object","properties":{"__proto__":{"type":"string"}}}',
  );
  expect(Object.getPrototypeOf(cleaned.properties)).toBe(Object.prototype);
});

test('property: a schema without those keys comes back equal', () => {
  const clean = fc.jsonValue().filter((value) => {
    const text = JSON.stringify(value) ?? '';
    return (
      !text.includes('"$schema"') && !text.includes('"minimum"') && !text.includes('"maximum"')
    );
  });
  fc.assert(
    fc.property(fc.dictionary(fc.string(), clean), (schema) => {
      expect(cleanGenerated(schema as JsonObject)).toEqual(schema);
    }),
  );
});

test('deepFreeze freezes every object and array it reaches, and returns its argument', () => {
  const schema = { a: { b: [{ c: 1 }] }, d: 'x' };
  expect(deepFreeze(schema)).toBe(schema);
  expect(Object.isFrozen(schema)).toBe(true);
  expect(Object.isFrozen(schema.a)).toBe(true);
  expect(Object.isFrozen(schema.a.b)).toBe(true);
  expect(Object.isFrozen(schema.a.b[0])).toBe(true);
  expect(() => {
    (schema.a.b[0] as { c: number }).c = 2;
  }).toThrow(TypeError);
});

test('deepFreeze takes primitives and cycles', () => {
  expect(deepFreeze(5)).toBe(5);
  expect(deepFreeze(null)).toBeNull();
  const a: { self?: unknown; other?: { back?: unknown } } = {};
  a.self = a;
  a.other = { back: a };
  deepFreeze(a);
  expect(Object.isFrozen(a.other)).toBe(true);
});
