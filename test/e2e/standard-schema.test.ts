/**
 * Standard Schema libraries end to end: the official SDK client spawns the built trips example (an
 * ES module whose tools take a valibot and an arktype schema) over stdio. It lists their JSON
 * Schemas, calls them, sees arguments refused as `isError` results naming each field, and checks
 * `structuredContent` against the arktype output schema with its own validator.
 */
import { type Connection, connect } from './examples';

let trips: Connection;

beforeAll(async () => {
  trips = await connect('trips.mjs');
});

afterAll(async () => {
  await trips?.client.close();
});

test('tools/list: the JSON Schemas valibot and arktype write, through ~standard.jsonSchema', async () => {
  expect(await trips.client.listTools()).toEqual({
    tools: [
      {
        name: 'book',
        description: 'Book nights in a city.',
        inputSchema: {
          type: 'object',
          properties: {
            city: { type: 'string', minLength: 1, description: 'Where to stay' },
            nights: { type: 'integer', minimum: 1, maximum: 30 },
          },
          required: ['city', 'nights'],
        },
      },
      {
        name: 'price',
        description: 'The price of a stay.',
        inputSchema: {
          type: 'object',
          properties: {
            city: { type: 'string' },
            nights: { type: 'integer', maximum: 30, minimum: 1 },
          },
          required: ['city'],
        },
        outputSchema: {
          type: 'object',
          properties: {
            city: { type: 'string' },
            currency: { const: 'EUR' },
            total: { type: 'number' },
          },
          required: ['city', 'currency', 'total'],
        },
      },
    ],
  });
});

test('valibot: a valid call runs the method with the validated value', async () => {
  expect(
    await trips.client.callTool({ name: 'book', arguments: { city: 'Oslo', nights: 3 } }),
  ).toEqual({ content: [{ type: 'text', text: 'Booked 3 night(s) in Oslo.' }], isError: false });
});

test('valibot: wrong arguments are an isError result naming the field, the type error alone', async () => {
  expect(
    await trips.client.callTool({ name: 'book', arguments: { city: 'Oslo', nights: '3' } }),
  ).toEqual({
    content: [
      {
        type: 'text',
        text: 'Invalid arguments: nights: Invalid type: Expected number but received "3"',
      },
    ],
    isError: true,
  });
});

test('arktype: structuredContent the SDK client checks against the output schema', async () => {
  expect(
    await trips.client.callTool({ name: 'price', arguments: { city: 'Oslo', nights: 2 } }),
  ).toEqual({
    content: [{ type: 'text', text: '{"city":"Oslo","total":240,"currency":"EUR"}' }],
    structuredContent: { city: 'Oslo', total: 240, currency: 'EUR' },
    isError: false,
  });
});

test('arktype: each bad field named once, without its path written twice', async () => {
  expect(await trips.client.callTool({ name: 'price', arguments: { city: 5, nights: 0 } })).toEqual(
    {
      content: [
        {
          type: 'text',
          text: 'Invalid arguments: city: must be a string (was a number); nights: must be at least 1 (was 0)',
        },
      ],
      isError: true,
    },
  );
});

test('arktype: prompt arguments from its schema, and refused with -32602', async () => {
  expect((await trips.client.listPrompts()).prompts).toEqual([
    { name: 'plan', description: 'Plan a stay.', arguments: [{ name: 'city', required: true }] },
  ]);
  expect(await trips.client.getPrompt({ name: 'plan', arguments: { city: 'Oslo' } })).toEqual({
    description: 'Plan a stay.',
    messages: [
      {
        role: 'user',
        content: { type: 'text', text: 'Find the price of a stay in Oslo, then book it.' },
      },
    ],
  });
  await expect(trips.client.getPrompt({ name: 'plan', arguments: {} })).rejects.toMatchObject({
    code: -32602,
  });
  expect(trips.stderr).toBe('');
});
