/**
 * The short field notation of the generators: `city: string, days?: integer, units: a|b, tags: string[]`.
 */
import fc from 'fast-check';
import { fieldsSchema, parseFields, splitTopLevel } from '../../src/devtools/field-spec';

describe('splitTopLevel', () => {
  test('commas, semicolons and new lines split; inside parentheses they do not', () => {
    expect(splitTopLevel('a, b; c\nd')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitTopLevel('a (x, y), b')).toEqual(['a (x, y)', 'b']);
    expect(splitTopLevel('a ((x, y)), b')).toEqual(['a ((x, y))', 'b']);
  });

  test('empty parts are dropped; an unbalanced ) does not swallow what follows', () => {
    expect(splitTopLevel(' , ;\n ')).toEqual([]);
    expect(splitTopLevel('a), b')).toEqual(['a)', 'b']);
  });
});

describe('parseFields', () => {
  test('every form of the notation', () => {
    expect(
      parseFields(
        'city, days?: int, units: metric | "imperial", tags: string[], ok: BOOL; n: float[]',
      ),
    ).toEqual([
      { name: 'city', type: 'string', array: false, optional: false },
      { name: 'days', type: 'integer', array: false, optional: true },
      {
        name: 'units',
        type: 'string',
        array: false,
        optional: false,
        values: ['metric', 'imperial'],
      },
      { name: 'tags', type: 'string', array: true, optional: false },
      { name: 'ok', type: 'boolean', array: false, optional: false },
      { name: 'n', type: 'number', array: true, optional: false },
    ]);
  });

  test('a word list drops repeats; it may be a list itself', () => {
    expect(parseFields('k?: a|b|a[]')).toEqual([
      { name: 'k', type: 'string', array: true, optional: true, values: ['a', 'b'] },
    ]);
  });

  test('nothing, or only blanks, is no fields', () => {
    expect(parseFields(undefined)).toEqual([]);
    expect(parseFields('  ')).toEqual([]);
  });

  test.each([
    [
      '1city: string',
      '"1city: string": "1city" is not a field name (letters, digits, _ and $, not starting with a digit). Write fields as "city: string, days?: integer".',
    ],
    [
      'my city',
      '"my city": "my city" is not a field name (letters, digits, _ and $, not starting with a digit). Write fields as "city: string, days?: integer".',
    ],
    [
      ': string',
      '": string": "" is not a field name (letters, digits, _ and $, not starting with a digit). Write fields as "city: string, days?: integer".',
    ],
    ['city, city?: int', 'Field "city" is given twice.'],
    [
      'city: text[]]',
      '"city: text[]]": unknown type "text[]]". Use string, number, integer, boolean, a list of words (a|b|c), or one of those followed by [].',
    ],
    [
      'city: date',
      '"city: date": unknown type "date". Use string, number, integer, boolean, a list of words (a|b|c), or one of those followed by [].',
    ],
    ['units: |', '"units: |": list the allowed values as words, e.g. "units: metric|imperial".'],
    [
      'units: a|b<c',
      '"units: a|b<c": list the allowed values as words, e.g. "units: metric|imperial".',
    ],
  ])('%s is refused: %s', (spec, message) => {
    expect(() => parseFields(spec)).toThrow(new Error(message));
  });

  test('any text either parses or throws an Error with a message', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (spec) => {
        try {
          const fields = parseFields(spec);
          for (const f of fields) expect(f.name).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
          expect(new Set(fields.map((f) => f.name)).size).toBe(fields.length);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          expect((error as Error).message.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  test('a written field list reads back as the fields', () => {
    const name = fc.stringMatching(/^[a-z_][a-zA-Z0-9_]{0,8}$/);
    const one = fc.record({
      type: fc.constantFrom('string', 'number', 'integer', 'boolean'),
      array: fc.boolean(),
      optional: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, one), { selector: ([n]) => n, maxLength: 6 }),
        (list) => {
          const spec = list
            .map(([n, f]) => `${n}${f.optional ? '?' : ''}: ${f.type}${f.array ? '[]' : ''}`)
            .join(', ');
          expect(parseFields(spec)).toEqual(list.map(([n, f]) => ({ name: n, ...f })));
        },
      ),
    );
  });
});

describe('fieldsSchema', () => {
  test('properties by field, arrays as items, word lists as enums, the required ones listed', () => {
    expect(fieldsSchema(parseFields('city, days?: integer, units: a|b, tags?: boolean[]'))).toEqual(
      {
        type: 'object',
        properties: {
          city: { type: 'string' },
          days: { type: 'integer' },
          units: { type: 'string', enum: ['a', 'b'] },
          tags: { type: 'array', items: { type: 'boolean' } },
        },
        required: ['city', 'units'],
      },
    );
  });

  test('no required field: no required list', () => {
    expect(fieldsSchema(parseFields('a?: number'))).toEqual({
      type: 'object',
      properties: { a: { type: 'number' } },
    });
    expect(fieldsSchema([])).toEqual({ type: 'object', properties: {} });
  });
});
