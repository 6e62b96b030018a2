/**
 * The official MCP SDK client against the built examples over stdio: it spawns each one as an MCP
 * host would, and every answer goes through the SDK's own schema validation (including
 * `structuredContent` against a tool's `outputSchema`).
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { type Connection, connect } from './examples';

/** Closes the client, which ends the child's stdin; the child exits on its own. */
async function close(connection: Connection | undefined): Promise<void> {
  await connection?.client.close();
}

/** The McpError a promise rejects with. */
async function mcpError(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

describe('notes: resources, a template, a prompt and a tool', () => {
  let notes: Connection;
  beforeAll(async () => {
    notes = await connect('notes');
  });
  afterAll(() => close(notes));

  it('initializes: serverInfo and the capabilities of what the example has', () => {
    expect(notes.client.getServerVersion()).toEqual({ name: 'Notes', version: '1.0.0' });
    expect(notes.client.getServerCapabilities()).toEqual({
      tools: { listChanged: false },
      resources: { listChanged: false, subscribe: false },
      prompts: { listChanged: false },
    });
    expect(notes.client.getInstructions()).toBeUndefined();
  });

  it('lists and calls the count tool', async () => {
    expect(await notes.client.listTools()).toEqual({
      tools: [
        {
          name: 'count',
          description: 'How many notes there are.',
          inputSchema: { type: 'object', properties: {} },
          annotations: { readOnlyHint: true },
        },
      ],
    });
    expect(await notes.client.callTool({ name: 'count' })).toEqual({
      content: [{ type: 'text', text: '3 notes.' }],
      isError: false,
    });
  });

  it('lists and reads the fixed resources', async () => {
    expect(await notes.client.listResources()).toEqual({
      resources: [
        { uri: 'notes://welcome', name: 'welcome', mimeType: 'text/plain' },
        { uri: 'notes://deploy', name: 'deploy', mimeType: 'text/plain' },
      ],
    });
    expect(await notes.client.readResource({ uri: 'notes://deploy' })).toEqual({
      contents: [
        { uri: 'notes://deploy', mimeType: 'text/plain', text: 'Deploys run on Fridays.' },
      ],
    });
  });

  it('lists the template and reads a note only the template reaches', async () => {
    expect(await notes.client.listResourceTemplates()).toEqual({
      resourceTemplates: [{ uriTemplate: 'notes://{slug}', name: 'note', mimeType: 'text/plain' }],
    });
    expect(await notes.client.readResource({ uri: 'notes://standup' })).toEqual({
      contents: [{ uri: 'notes://standup', mimeType: 'text/plain', text: 'Stand-up is at 9:30.' }],
    });
  });

  it('lists the prompt and gets it with its argument', async () => {
    expect(await notes.client.listPrompts()).toEqual({
      prompts: [
        {
          name: 'summarize',
          description: 'Summarize one note.',
          arguments: [{ name: 'slug', required: true }],
        },
      ],
    });
    expect(
      await notes.client.getPrompt({ name: 'summarize', arguments: { slug: 'deploy' } }),
    ).toEqual({
      description: 'Summarize one note.',
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: 'Summarize the note notes://deploy.' },
        },
      ],
    });
  });

  it('answers ping', async () => {
    expect(await notes.client.ping()).toEqual({});
  });

  it('an unknown note is Resource not found (-32002) with its URI', async () => {
    const error = await mcpError(notes.client.readResource({ uri: 'notes://missing' }));
    expect(error.code).toBe(-32002);
    expect(error.data).toEqual({ uri: 'notes://missing' });
  });

  it('an unknown tool is Invalid params (-32602)', async () => {
    const error = await mcpError(notes.client.callTool({ name: 'radar' }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('Unknown tool: radar');
  });

  it('a prompt without its required argument is Invalid params (-32602)', async () => {
    const error = await mcpError(notes.client.getPrompt({ name: 'summarize', arguments: {} }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('slug');
  });

  it('wrote nothing on stderr', () => {
    expect(notes.stderr).toBe('');
  });
});

describe('weather: zod input and output schemas', () => {
  let weather: Connection;
  beforeAll(async () => {
    weather = await connect('weather');
  });
  afterAll(() => close(weather));

  it('sends its instructions', () => {
    expect(weather.client.getServerVersion()).toEqual({ name: 'Weather', version: '1.0.0' });
    expect(weather.client.getInstructions()).toBe('Call forecast for any weather question.');
  });

  it('lists the generated inputSchema and outputSchema exactly', async () => {
    const city = {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    };
    expect(await weather.client.listTools()).toEqual({
      tools: [
        { name: 'forecast', description: "Tomorrow's forecast for a city.", inputSchema: city },
        {
          name: 'forecast_details',
          title: 'Forecast details',
          description: "Tomorrow's forecast for a city, as data.",
          inputSchema: city,
          outputSchema: {
            type: 'object',
            properties: {
              city: { type: 'string' },
              sky: { type: 'string', enum: ['sunny', 'cloudy', 'rainy'] },
              temperature: { type: 'number' },
              unit: { type: 'string', const: '°C' },
            },
            required: ['city', 'sky', 'temperature', 'unit'],
            additionalProperties: false,
          },
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
      ],
    });
  });

  it("answers like the seed's forecast", async () => {
    expect(
      await weather.client.callTool({ name: 'forecast', arguments: { city: 'Lisbon' } }),
    ).toEqual({ content: [{ type: 'text', text: 'Sunny in Lisbon, 24 °C.' }], isError: false });
  });

  it('an empty city is the tool’s own isError result', async () => {
    expect(await weather.client.callTool({ name: 'forecast', arguments: { city: '' } })).toEqual({
      content: [{ type: 'text', text: 'Tell me which city.' }],
      isError: true,
    });
  });

  it.each([
    ['missing', {}],
    ['not a string', { city: 7 }],
  ])('a %s city is an isError result naming the field', async (_, args) => {
    const result = await weather.client.callTool({ name: 'forecast', arguments: args });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^Invalid arguments: city: /) },
    ]);
  });

  it('returns structuredContent that the SDK checks against the outputSchema', async () => {
    // The client validates structuredContent itself once listTools cached the outputSchema.
    await weather.client.listTools();
    const result = await weather.client.callTool({
      name: 'forecast_details',
      arguments: { city: 'Oslo' },
    });
    const structured = { city: 'Oslo', sky: 'sunny', temperature: 24, unit: '°C' };
    expect(result).toEqual({
      content: [{ type: 'text', text: JSON.stringify(structured) }],
      structuredContent: structured,
      isError: false,
    });
  });
});

describe('raw-core: the seed weather server on McpCore alone', () => {
  let raw: Connection;
  beforeAll(async () => {
    raw = await connect('raw-core');
  });
  afterAll(() => close(raw));

  it("lists and calls the seed's forecast tool", async () => {
    expect(raw.client.getInstructions()).toBe('Call forecast for any weather question.');
    expect(await raw.client.listTools()).toEqual({
      tools: [
        {
          name: 'forecast',
          description: "Tomorrow's forecast for a city.",
          inputSchema: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        },
      ],
    });
    expect(await raw.client.callTool({ name: 'forecast', arguments: { city: 'Lisbon' } })).toEqual({
      content: [{ type: 'text', text: 'Sunny in Lisbon, 24 °C.' }],
      isError: false,
    });
    expect(await raw.client.callTool({ name: 'forecast', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'Tell me which city.' }],
      isError: true,
    });
  });
});

describe('orders: identity from ORDERS_TOKEN, scopes, typedi services', () => {
  let ada: Connection;
  let bob: Connection;
  beforeAll(async () => {
    [ada, bob] = await Promise.all([
      connect('orders', { ORDERS_TOKEN: 'ada-token' }),
      connect('orders', { ORDERS_TOKEN: 'bob-token' }),
    ]);
  });
  afterAll(() => Promise.all([close(ada), close(bob)]));

  it('shows cancel only to an identity with orders:write', async () => {
    const cancel = {
      name: 'cancel',
      description: 'Cancel an order.',
      inputSchema: {
        type: 'object',
        properties: {
          order: { type: 'integer', minimum: 1, description: 'The order number, e.g. 42.' },
        },
        required: ['order'],
        additionalProperties: false,
      },
      annotations: { destructiveHint: true, idempotentHint: false },
    };
    const listOrders = {
      name: 'list_orders',
      description: 'List the orders.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
    };
    expect(await ada.client.listTools()).toEqual({ tools: [listOrders, cancel] });
    expect(await bob.client.listTools()).toEqual({ tools: [listOrders] });
  });

  it('refuses bob’s call even though he knows the tool’s name', async () => {
    expect(await bob.client.callTool({ name: 'cancel', arguments: { order: 42 } })).toEqual({
      content: [{ type: 'text', text: 'Not allowed.' }],
      isError: true,
    });
  });

  it('cancels ada’s order through the injected service and repository', async () => {
    expect(await ada.client.callTool({ name: 'cancel', arguments: { order: 42 } })).toEqual({
      content: [{ type: 'text', text: 'Order 42 cancelled by ada.' }],
      isError: false,
    });
    // The repository is one instance per process: the second cancel sees the first.
    expect(await ada.client.callTool({ name: 'cancel', arguments: { order: 42 } })).toEqual({
      content: [{ type: 'text', text: 'Order 42 is already cancelled.' }],
      isError: true,
    });
    expect(await ada.client.callTool({ name: 'list_orders' })).toEqual({
      content: [
        {
          type: 'text',
          text: '#41 Espresso machine (open)\n#42 Coffee beans, 1 kg (cancelled)\n#43 Milk frother (open)',
        },
      ],
      isError: false,
    });
  });

  it('bob’s process has its own repository: his order 42 is still open', async () => {
    const result = await bob.client.callTool({ name: 'list_orders' });
    expect(result.content).toEqual([
      { type: 'text', text: expect.stringContaining('#42 Coffee beans, 1 kg (open)') },
    ]);
  });

  it('bad arguments are an isError result naming the field', async () => {
    const result = await ada.client.callTool({ name: 'cancel', arguments: { order: 'x' } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^Invalid arguments: order: /) },
    ]);
  });

  it('a missing token never starts: the SDK client cannot connect, stderr says why', async () => {
    await expect(connect('orders')).rejects.toThrow(
      /Its stderr: ORDERS_TOKEN is missing or invalid/,
    );
  });
});

describe('dto: a class-validator DTO read from design:paramtypes', () => {
  let trips: Connection;
  beforeAll(async () => {
    trips = await connect('dto');
  });
  afterAll(() => close(trips));

  it('lists the JSON Schema generated from the DTO: nested class, enum, array, bounds', async () => {
    const { tools } = await trips.client.listTools();
    expect(tools).toHaveLength(1);
    expect(tools[0].name).toBe('book_trip');
    expect(tools[0].inputSchema).toEqual({
      type: 'object',
      properties: {
        from: {
          type: 'string',
          pattern: '^[A-Z]{3}$',
          description: 'IATA code of the departure airport, e.g. LIS.',
        },
        to: {
          type: 'string',
          pattern: '^[A-Z]{3}$',
          description: 'IATA code of the arrival airport, e.g. OSL.',
        },
        traveller: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 80 },
            age: { type: 'integer', minimum: 0, maximum: 120 },
            loyalty: {
              type: 'string',
              description: 'Loyalty programme number, when the traveller has one.',
            },
          },
          required: ['name', 'age'],
          not: { type: 'null' },
        },
        cabin: { type: 'string', enum: ['economy', 'premium', 'business', 'first'] },
        nights: { type: 'integer', minimum: 1, maximum: 30 },
        extras: {
          type: 'array',
          items: { type: 'string' },
          maxItems: 5,
          description: 'Extras to add, e.g. "seat" or "bag".',
        },
      },
      required: ['from', 'to', 'traveller', 'cabin', 'nights'],
    });
  });

  it('a valid call reaches the method as a DTO instance', async () => {
    const result = await trips.client.callTool({
      name: 'book_trip',
      arguments: {
        from: 'LIS',
        to: 'OSL',
        traveller: { name: 'Ada', age: 36 },
        cabin: 'business',
        nights: 3,
        extras: ['seat', 'bag'],
      },
    });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Booked LIS → OSL for Ada, business class, 3 nights with seat, bag.',
        },
      ],
      isError: false,
    });
  });

  it('an invalid call is an isError result that names every bad field, nested ones too', async () => {
    const result = await trips.client.callTool({
      name: 'book_trip',
      arguments: {
        from: 'lis',
        to: 'OSL',
        traveller: { name: '', age: 130 },
        cabin: 'steerage',
        nights: 0,
        extras: ['seat', 3],
      },
    });
    expect(result.isError).toBe(true);
    const [content] = result.content as Array<{ type: string; text: string }>;
    expect(content.type).toBe('text');
    expect(content.text).toMatch(/^Invalid arguments: /);
    for (const field of ['from', 'traveller.name', 'traveller.age', 'cabin', 'nights', 'extras'])
      expect(content.text).toContain(`${field}: `);
    expect(content.text).not.toMatch(/(^|; )to: /);
  });

  it('a missing nested object is an isError result naming it', async () => {
    const result = await trips.client.callTool({
      name: 'book_trip',
      arguments: { from: 'LIS', to: 'OSL', cabin: 'first', nights: 2 },
    });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^Invalid arguments: traveller: /) },
    ]);
  });
});
