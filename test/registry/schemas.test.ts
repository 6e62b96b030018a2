/**
 * Schemas as tools/list shows them and as calls check them: zod 4, class-validator DTOs found
 * from `design:paramtypes`, plain JSON Schema passed through, no parameters, output schemas.
 */
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsEnum,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  Context,
  JSONSchema,
  McpApplication,
  type McpApplicationOptions,
  Prompt,
  Resource,
  Tool,
} from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';

function app(providers: Function[], options: Partial<McpApplicationOptions> = {}) {
  return McpApplication.create({
    name: 'schemas',
    version: '1',
    providers: providers as unknown as McpApplicationOptions['providers'],
    ...options,
  });
}

describe('zod 4 input', () => {
  class WeatherTools {
    @Tool({
      description: "Tomorrow's forecast.",
      input: z.object({
        city: z.string().min(1).describe('City name'),
        days: z.number().int().min(1).max(14).default(3),
        unit: z.enum(['celsius', 'fahrenheit']).optional(),
        tags: z.array(z.string()).max(5).optional(),
      }),
    })
    forecast(args: unknown) {
      return JSON.stringify(args);
    }
  }

  it('lists the exact JSON Schema zod produces (no $schema)', async () => {
    const client = await connect(app([WeatherTools]));
    expect(await client.listTools()).toEqual([
      {
        name: 'forecast',
        description: "Tomorrow's forecast.",
        inputSchema: {
          type: 'object',
          properties: {
            city: { type: 'string', minLength: 1, description: 'City name' },
            days: { type: 'integer', minimum: 1, maximum: 14, default: 3 },
            unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
            tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
          },
          required: ['city'],
        },
      },
    ]);
  });

  it('passes the parsed value to the method (defaults applied)', async () => {
    const client = await connect(app([WeatherTools]));
    expect(await client.callTool('forecast', { city: 'Oslo' })).toEqual({
      content: [{ type: 'text', text: '{"city":"Oslo","days":3}' }],
      isError: false,
    });
  });

  it('a refused call is an isError result naming each bad field; the method does not run', async () => {
    const ran = jest.fn();
    class Tools {
      @Tool({ input: z.object({ city: z.string(), days: z.number().int().max(14) }) })
      forecast() {
        ran();
        return 'ran';
      }
    }
    const client = await connect(app([Tools]));
    const result = await client.callTool('forecast', { city: 7, days: 20 });
    expect(result.isError).toBe(true);
    expect(result.content).toHaveLength(1);
    const text = (result.content[0] as { text: string }).text;
    expect(text).toMatch(/^Invalid arguments: /);
    expect(text).toMatch(/city: /);
    expect(text).toMatch(/days: /);
    expect(ran).not.toHaveBeenCalled();
    const missing = await client.callTool('forecast', {});
    expect((missing.content[0] as { text: string }).text).toMatch(/city: .*; days: /);
  });

  it('zod 3 (zod/v3) schemas work beside zod 4 ones: the converter is picked per schema', async () => {
    class Tools {
      @Tool({ input: z3.object({ city: z3.string(), days: z3.number().optional() }) })
      legacy({ city }: { city: string }) {
        return city;
      }
    }
    const client = await connect(app([Tools]));
    const [tool] = await client.listTools();
    expect(tool.inputSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'number' } },
      required: ['city'],
    });
    expect(await client.callTool('legacy', { city: 'Rome' })).toEqual({
      content: [{ type: 'text', text: 'Rome' }],
      isError: false,
    });
    expect((await client.callTool('legacy', { city: 1 })).isError).toBe(true);
  });
});

describe('DTO input from design:paramtypes', () => {
  enum Unit {
    Celsius = 'celsius',
    Fahrenheit = 'fahrenheit',
  }

  class Address {
    @IsString()
    @Length(2, 40)
    city!: string;

    @IsOptional()
    @Matches(/^\d{5}$/)
    zip?: string;

    label() {
      return `${this.city}${this.zip ? ` ${this.zip}` : ''}`;
    }
  }

  class Shipment {
    @IsString()
    @JSONSchema({ description: 'Who receives it' })
    recipient!: string;

    @IsInt()
    @Min(1)
    @Max(10)
    parcels!: number;

    @IsEnum(Unit)
    unit!: Unit;

    @IsOptional()
    @IsBoolean()
    express?: boolean;

    @IsOptional()
    @IsArray()
    @IsString({ each: true })
    notes?: string[];

    @ValidateNested()
    @Type(() => Address)
    address!: Address;

    @IsOptional()
    @ValidateNested({ each: true })
    @Type(() => Address)
    stops?: Address[];
  }

  const addressSchema = {
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 2, maxLength: 40 },
      zip: { type: 'string', pattern: '^\\d{5}$' },
    },
    required: ['city'],
  };

  const received: unknown[] = [];
  class ShippingTools {
    @Tool({ description: 'Ship parcels.' })
    ship(shipment: Shipment, @Context() _context: unknown) {
      received.push(shipment);
      return `${shipment.parcels} to ${shipment.address.label()}`;
    }
  }

  it('lists the exact JSON Schema of the DTO (types, optional, arrays, nested, enums, bounds, pattern, description)', async () => {
    const client = await connect(app([ShippingTools]));
    expect(await client.listTools()).toEqual([
      {
        name: 'ship',
        description: 'Ship parcels.',
        inputSchema: {
          type: 'object',
          properties: {
            recipient: { type: 'string', description: 'Who receives it' },
            parcels: { type: 'integer', minimum: 1, maximum: 10 },
            unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
            express: { type: 'boolean' },
            notes: { type: 'array', items: { type: 'string' } },
            address: addressSchema,
            stops: { type: 'array', items: addressSchema },
          },
          required: ['recipient', 'parcels', 'unit', 'address'],
        },
      },
    ]);
  });

  it('the method receives an instance of the DTO class, with nested instances', async () => {
    received.length = 0;
    const client = await connect(app([ShippingTools]));
    const result = await client.callTool('ship', {
      recipient: 'Ada',
      parcels: 2,
      unit: 'celsius',
      address: { city: 'Lisbon', zip: '12345' },
      stops: [{ city: 'Porto' }],
    });
    expect(result).toEqual({
      content: [{ type: 'text', text: '2 to Lisbon 12345' }],
      isError: false,
    });
    const shipment = received[0] as Shipment;
    expect(shipment).toBeInstanceOf(Shipment);
    expect(shipment.address).toBeInstanceOf(Address);
    expect(shipment.stops?.[0]).toBeInstanceOf(Address);
    expect(shipment.stops?.[0].label()).toBe('Porto');
  });

  it('a refused call names each bad field, nested ones by path', async () => {
    received.length = 0;
    const client = await connect(app([ShippingTools]));
    const result = await client.callTool('ship', {
      recipient: 5,
      parcels: 11,
      unit: 'kelvin',
      address: { city: 'X', zip: 'abc' },
      stops: [{ city: 'Porto' }, {}],
    });
    expect(result.isError).toBe(true);
    const text = (result.content[0] as { text: string }).text;
    for (const field of [
      'recipient: ',
      'parcels: ',
      'unit: ',
      'address.city: ',
      'address.zip: ',
      'stops[1].city: ',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain('stops[0]');
    expect(received).toHaveLength(0);
  });

  it('a DTO prompt argument class lists its fields as prompt arguments', async () => {
    class Topic {
      @IsString()
      @JSONSchema({ description: 'What to write about' })
      topic!: string;

      @IsOptional()
      @IsString()
      tone?: string;
    }
    class Prompts {
      @Prompt({ description: 'Write.' })
      write(args: Topic) {
        return `${args instanceof Topic}:${args.topic}`;
      }
    }
    const client = await connect(app([Prompts]));
    expect(await client.listPrompts()).toEqual([
      {
        name: 'write',
        description: 'Write.',
        arguments: [
          { name: 'topic', description: 'What to write about', required: true },
          { name: 'tone', required: false },
        ],
      },
    ]);
    expect(await client.getPrompt('write', { topic: 'tea' })).toEqual({
      description: 'Write.',
      messages: [{ role: 'user', content: { type: 'text', text: 'true:tea' } }],
    });
  });
});

describe('plain JSON Schema input', () => {
  const schema = {
    type: 'object',
    properties: {
      order: { type: 'integer', minimum: 1, description: 'Order number' },
      reason: { type: 'string', 'x-vendor': { keep: true } },
    },
    required: ['order'],
    additionalProperties: false,
  };

  it('is listed unchanged and validated (ajv)', async () => {
    class Orders {
      @Tool({ input: schema })
      cancel(args: { order: number }) {
        return `Order ${args.order} cancelled.`;
      }
    }
    const client = await connect(app([Orders]));
    const [tool] = await client.listTools();
    expect(tool.inputSchema).toEqual(schema);
    expect(await client.callTool('cancel', { order: 42 })).toEqual({
      content: [{ type: 'text', text: 'Order 42 cancelled.' }],
      isError: false,
    });
    const refused = await client.callTool('cancel', { order: 0, extra: 1 });
    expect(refused.isError).toBe(true);
    const text = (refused.content[0] as { text: string }).text;
    expect(text).toContain('order: ');
    expect(text).toContain('extra: Unrecognized key');
  });
});

describe('a tool with no parameters', () => {
  it('has { "type": "object", "properties": {} } and ignores arguments', async () => {
    class Tools {
      @Tool() ping() {
        return 'pong';
      }
      @Tool() whoami(@Context() context: { user: string }) {
        return context.user;
      }
    }
    const client = await connect(app([Tools]), { user: 'ada' });
    const tools = await client.listTools();
    expect(tools.map((t) => JSON.stringify(t.inputSchema))).toEqual([
      '{"type":"object","properties":{}}',
      '{"type":"object","properties":{}}',
    ]);
    expect(await client.callTool('ping')).toEqual({
      content: [{ type: 'text', text: 'pong' }],
      isError: false,
    });
    expect(await client.callTool('whoami', { anything: 1 })).toEqual({
      content: [{ type: 'text', text: 'ada' }],
      isError: false,
    });
  });
});

describe('output schema', () => {
  const reports: unknown[] = [];
  class MathTools {
    @Tool({
      input: z.object({ a: z.number(), b: z.number() }),
      output: z.object({ sum: z.number(), note: z.string().optional() }),
    })
    add({ a, b }: { a: number; b: number }) {
      return { sum: a + b };
    }

    @Tool({ input: z.object({ a: z.number() }), output: z.object({ sum: z.number() }) })
    extra({ a }: { a: number }) {
      return { sum: a, debug: 'internal' };
    }

    @Tool({ output: z.object({ sum: z.number() }) })
    broken() {
      return { sum: 'not a number' };
    }

    @Tool({ output: z.object({ sum: z.number() }) })
    custom() {
      return { content: [{ type: 'text', text: 'as is' }], structuredContent: { sum: 0 } };
    }
  }

  it('is listed as outputSchema', async () => {
    const client = await connect(app([MathTools]));
    const add = (await client.listTools()).find((t) => t.name === 'add');
    expect(add?.outputSchema).toEqual({
      type: 'object',
      properties: { sum: { type: 'number' }, note: { type: 'string' } },
      required: ['sum'],
      additionalProperties: false,
    });
  });

  it('sends the value as structuredContent plus its JSON text', async () => {
    const client = await connect(app([MathTools]));
    expect(await client.callTool('add', { a: 1, b: 2 })).toEqual({
      content: [{ type: 'text', text: '{"sum":3}' }],
      structuredContent: { sum: 3 },
      isError: false,
    });
  });

  it('sends the validated value, so structuredContent matches the listed schema (no extra keys)', async () => {
    const client = await connect(app([MathTools]));
    expect(await client.callTool('extra', { a: 5 })).toEqual({
      content: [{ type: 'text', text: '{"sum":5}' }],
      structuredContent: { sum: 5 },
      isError: false,
    });
  });

  it('a result with content is sent as it is', async () => {
    const client = await connect(app([MathTools]));
    expect(await client.callTool('custom')).toEqual({
      content: [{ type: 'text', text: 'as is' }],
      structuredContent: { sum: 0 },
    });
  });

  it('a value violating the output schema is -32603 for the client; the reporter names the tool', async () => {
    reports.length = 0;
    const application = app([MathTools], { reporter: (error) => reports.push(error) });
    expect(
      await application.handle(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"broken","arguments":{}}}',
      ),
    ).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}');
    expect(reports).toHaveLength(1);
    expect(String((reports[0] as Error).message)).toContain(
      'Tool "broken" (MathTools.broken) returned a value that does not match its output schema',
    );
    expect(String((reports[0] as Error).message)).toContain('sum');
  });

  it('a DTO class works as output schema', async () => {
    class Total {
      @IsInt() total!: number;
    }
    class Tools {
      @Tool({ output: Total }) count() {
        return { total: 7 };
      }
    }
    const client = await connect(app([Tools]));
    const [tool] = await client.listTools();
    expect(tool.outputSchema).toEqual({
      type: 'object',
      properties: { total: { type: 'integer' } },
      required: ['total'],
    });
    expect(await client.callTool('count')).toEqual({
      content: [{ type: 'text', text: '{"total":7}' }],
      structuredContent: { total: 7 },
      isError: false,
    });
  });
});

describe('prompt arguments and template variables', () => {
  class Notes {
    @Prompt({
      description: 'Summarize a note.',
      args: z.object({
        slug: z.string().describe('The note'),
        words: z.string().regex(/^\d+$/).optional(),
      }),
    })
    summarize({ slug, words }: { slug: string; words?: string }) {
      return `Summarize notes://${slug}${words ? ` in ${words} words` : ''}.`;
    }

    @Resource({
      uriTemplate: 'notes://{id}',
      mimeType: 'text/plain',
      variables: z.object({ id: z.coerce.number().int().positive() }),
    })
    note({ id }: { id: number }) {
      return `Note ${typeof id} ${id}`;
    }
  }

  it('lists prompt arguments with description and required', async () => {
    const client = await connect(app([Notes]));
    expect(await client.listPrompts()).toEqual([
      {
        name: 'summarize',
        description: 'Summarize a note.',
        arguments: [
          { name: 'slug', description: 'The note', required: true },
          { name: 'words', required: false },
        ],
      },
    ]);
  });

  it('invalid prompt arguments are -32602 naming the field', async () => {
    const client = await connect(app([Notes]));
    await expect(client.getPrompt('summarize', { words: 'many' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/slug: .*; words: /),
      data: { prompt: 'summarize' },
    });
  });

  it('template variables are validated (and transformed) by the `variables` schema', async () => {
    const client = await connect(app([Notes]));
    expect(await client.readResource('notes://42')).toEqual([
      { uri: 'notes://42', mimeType: 'text/plain', text: 'Note number 42' },
    ]);
    await expect(client.readResource('notes://abc')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('id: '),
      data: { uri: 'notes://abc' },
    });
  });
});
