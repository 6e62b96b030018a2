/**
 * Plain JSON Schemas: passed to clients exactly as written, validated by ajv compiled once
 * (2020-12 unless `$schema` names an older draft).
 */
import { ConfigurationError } from '../../src/core';
import { compileSchema, formatIssues } from '../../src/schema';

const where = 'Tool "forecast" on WeatherTools';

function forecastSchema() {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 1, description: 'City name' },
      days: { type: 'integer', minimum: 1, maximum: 14, default: 3 },
      unit: { enum: ['celsius', 'fahrenheit'] },
      stops: { type: 'array', items: { $ref: '#/$defs/stop' } },
      'zip/code': { type: 'string' },
    },
    required: ['city'],
    additionalProperties: false,
    $defs: {
      stop: {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      },
    },
  };
}

describe('JSON Schema passthrough', () => {
  it('emits the schema exactly as given, $schema, $defs and additionalProperties included', () => {
    const given = forecastSchema();
    const compiled = compileSchema(given, { where });
    expect(compiled.kind).toBe('json-schema');
    expect(compiled.jsonSchema).toStrictEqual(forecastSchema());
  });

  it('freezes its own copy and leaves the caller’s object alone', () => {
    const given = forecastSchema();
    const { jsonSchema } = compileSchema(given, { where });
    expect(jsonSchema).not.toBe(given);
    expect(Object.isFrozen(jsonSchema)).toBe(true);
    expect(Object.isFrozen(jsonSchema.$defs)).toBe(true);
    expect(Object.isFrozen(given)).toBe(false);
  });
});

describe('JSON Schema validation', () => {
  const compiled = compileSchema(forecastSchema(), { where });

  it('returns the input itself on success', () => {
    const input = { city: 'Oslo', stops: [{ name: 'Bergen' }] };
    const result = compiled.validate(input);
    expect(result).toStrictEqual({ ok: true, value: input });
    expect(result.ok && result.value).toBe(input);
  });

  it('names every bad field: missing, out of range, unknown, inside arrays, escaped keys', () => {
    const result = compiled.validate({
      days: 20,
      unit: 'kelvin',
      stops: [{ name: 'Bergen' }, { name: 5 }, {}],
      'zip/code': 1234,
      country: 'NO',
    });
    expect(result).toStrictEqual({
      ok: false,
      issues: [
        { path: 'city', message: 'Required' },
        { path: 'country', message: 'Unrecognized key' },
        { path: 'days', message: 'must be <= 14' },
        { path: 'unit', message: 'must be one of "celsius", "fahrenheit"' },
        { path: 'stops[1].name', message: 'must be string' },
        { path: 'stops[2].name', message: 'Required' },
        { path: 'zip/code', message: 'must be string' },
      ],
    });
    expect(!result.ok && formatIssues(result.issues)).toBe(
      'Invalid arguments: city: Required; country: Unrecognized key; days: must be <= 14; unit: must be one of "celsius", "fahrenheit"; stops[1].name: must be string; stops[2].name: Required; zip/code: must be string',
    );
  });

  it('tells an array index from an object key that looks like one', () => {
    const schema = {
      type: 'object',
      properties: {
        byId: { type: 'object', additionalProperties: { type: 'string' } },
        list: { type: 'array', items: { type: 'string' } },
      },
    };
    expect(
      compileSchema(schema, { where }).validate({ byId: { '7': 1 }, list: [1] }),
    ).toStrictEqual({
      ok: false,
      issues: [
        { path: 'byId.7', message: 'must be string' },
        { path: 'list[0]', message: 'must be string' },
      ],
    });
  });

  it('reports a non-object at the root', () => {
    expect(compiled.validate('Oslo')).toStrictEqual({
      ok: false,
      issues: [{ path: '', message: 'must be object' }],
    });
  });

  it('treats format as an annotation', () => {
    const schema = { type: 'object', properties: { mail: { type: 'string', format: 'email' } } };
    expect(compileSchema(schema, { where }).validate({ mail: 'not a mail' }).ok).toBe(true);
  });
});

describe('JSON Schema drafts', () => {
  it('uses draft-07 when $schema names it: array-form items are tuples there', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { point: { type: 'array', items: [{ type: 'number' }, { type: 'string' }] } },
      definitions: { unused: { type: 'string' } },
    };
    const compiled = compileSchema(schema, { where });
    expect(compiled.jsonSchema).toStrictEqual(schema);
    expect(compiled.validate({ point: [1, 'a'] }).ok).toBe(true);
    expect(compiled.validate({ point: ['a', 1] })).toStrictEqual({
      ok: false,
      issues: [
        { path: 'point[0]', message: 'must be number' },
        { path: 'point[1]', message: 'must be string' },
      ],
    });
  });

  it('refuses the same tuple form under 2020-12, where it is not valid', () => {
    const schema = {
      type: 'object',
      properties: { point: { type: 'array', items: [{ type: 'number' }] } },
    };
    expect(() => compileSchema(schema, { where })).toThrow(
      /^Tool "forecast" on WeatherTools: input schema is not a valid JSON Schema: schema\/properties\/point\/items must be object/,
    );
  });

  it('accepts draft-06 and 2019-09', () => {
    for (const $schema of [
      'http://json-schema.org/draft-06/schema#',
      'https://json-schema.org/draft/2019-09/schema',
    ]) {
      const compiled = compileSchema({ $schema, type: 'object', required: ['a'] }, { where });
      expect(compiled.validate({})).toStrictEqual({
        ok: false,
        issues: [{ path: 'a', message: 'Required' }],
      });
    }
  });

  it('refuses draft-04 with a way forward', () => {
    expect(() =>
      compileSchema(
        { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
        { where },
      ),
    ).toThrow(
      'Tool "forecast" on WeatherTools: input schema: http://json-schema.org/draft-04/schema# is not supported. Use draft-07 or 2020-12 (https://json-schema.org/draft/2020-12/schema).',
    );
  });
});

describe('JSON Schema errors at start-up', () => {
  it('refuses an invalid schema, naming the tool', () => {
    const attempt = () =>
      compileSchema({ type: 'object', properties: { a: { type: 'strin' } } }, { where });
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(
      /^Tool "forecast" on WeatherTools: input schema is not a valid JSON Schema: /,
    );
  });

  it('refuses a $ref that leads nowhere', () => {
    expect(() =>
      compileSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, { where }),
    ).toThrow(
      'Tool "forecast" on WeatherTools: input schema cannot be compiled: can\'t resolve reference #/$defs/missing from id #.',
    );
  });

  it('requires an object schema unless told otherwise', () => {
    expect(() => compileSchema({ type: 'string' }, { where })).toThrow(
      'Tool "forecast" on WeatherTools: input schema must be an object schema (got a JSON Schema of type "string"). Give it type: "object" and list the fields under properties.',
    );
    expect(() => compileSchema({}, { where, io: 'output' })).toThrow(
      'Tool "forecast" on WeatherTools: output schema must be an object schema (got a JSON Schema without "type"). Give it type: "object" and list the fields under properties.',
    );
    const anything = compileSchema({}, { where, requireObject: false });
    expect(anything.jsonSchema).toStrictEqual({});
    expect(anything.validate(42)).toStrictEqual({ ok: true, value: 42 });
  });
});
