/**
 * The schema layer's face (src/schema/index.ts): exactly these runtime exports, and `JSONSchema`,
 * class-validator-jsonschema's decorator loaded on first use.
 */
import 'reflect-metadata';
import { IsString } from 'class-validator';
import * as schema from '../../src/schema';
import { compileSchema } from '../../src/schema/compile';
import { isSchemaSource } from '../../src/schema/detect';
import { formatIssues, joinPath } from '../../src/schema/issues';
import { promptArguments } from '../../src/schema/prompt-arguments';
import { expectFace } from '../helpers/face';

test('the face exports exactly these values, each the defining module’s', () => {
  expectFace(schema, {
    JSONSchema: schema.JSONSchema,
    compileSchema,
    formatIssues,
    isSchemaSource,
    joinPath,
    promptArguments,
  });
});

test('JSONSchema merges its keywords into a DTO field’s generated schema', () => {
  class Forecast {
    @IsString()
    @schema.JSONSchema({ description: 'City name, e.g. "Oslo"', examples: ['Oslo'] })
    city!: string;

    @IsString()
    @schema.JSONSchema((generated) => ({ ...generated, format: 'date' }))
    day!: string;
  }
  const compiled = compileSchema(Forecast, { where: 'Tool "forecast"' });
  expect(compiled.jsonSchema).toEqual({
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name, e.g. "Oslo"', examples: ['Oslo'] },
      day: { type: 'string', format: 'date' },
    },
    required: ['city', 'day'],
  });
});
