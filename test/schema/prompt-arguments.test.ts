/** MCP prompt `arguments` read off an object schema. */
import { z } from 'zod';
import { compileSchema, promptArguments } from '../../src/schema';

describe('promptArguments', () => {
  it('lists each property in order with its description and whether it is required', () => {
    const { jsonSchema } = compileSchema(
      z.object({
        topic: z.string().describe('What to write about'),
        tone: z.string().optional(),
        length: z.string().default('short').meta({ title: 'Length', description: 'short or long' }),
      }),
      { where: 'Prompt "essay" on Writing' },
    );
    expect(promptArguments(jsonSchema)).toStrictEqual([
      { name: 'topic', description: 'What to write about', required: true },
      { name: 'tone', required: false },
      { name: 'length', title: 'Length', description: 'short or long', required: false },
    ]);
  });

  it('reads a plain JSON Schema the same way', () => {
    expect(
      promptArguments({
        type: 'object',
        properties: { code: { type: 'string', description: 'The code' }, language: {} },
        required: ['code'],
      }),
    ).toStrictEqual([
      { name: 'code', description: 'The code', required: true },
      { name: 'language', required: false },
    ]);
  });

  it('gives no arguments for a schema without properties', () => {
    expect(promptArguments({ type: 'object' })).toStrictEqual([]);
  });
});
