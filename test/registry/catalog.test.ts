/**
 * Lists are computed once at start-up: frozen definitions with precomputed schemas, the same on
 * every call, and no reflection while serving. Definitions can be disabled and enabled again.
 */
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsString, ValidateNested } from 'class-validator';
import {
  ConfigurationError,
  Context,
  McpApplication,
  Prompt,
  Resource,
  Tool,
} from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { z } from 'zod';

class Address {
  @IsString() city!: string;
}

class Shipment {
  @IsString() recipient!: string;
  @ValidateNested() @Type(() => Address) address!: Address;
}

class Shop {
  @Tool({ description: 'Ship.' })
  ship(input: Shipment, @Context() _context: unknown) {
    return `${input.recipient} in ${input.address.city}`;
  }

  @Tool({ input: z.object({ q: z.string() }), output: z.object({ hits: z.number() }) })
  search() {
    return { hits: 3 };
  }

  @Resource({ uri: 'shop://catalog' }) catalog() {
    return 'catalog';
  }

  @Resource({ uriTemplate: 'shop://items/{id}' }) item({ id }: { id: string }) {
    return id;
  }

  @Prompt({ args: z.object({ topic: z.string() }) }) pitch({ topic }: { topic: string }) {
    return `Pitch ${topic}.`;
  }
}

describe('computed once', () => {
  it('tools/list answers the same definitions on every call', async () => {
    const app = McpApplication.create({ name: 's', version: '1', providers: [Shop] });
    const list = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    const first = await app.handle(list);
    expect(await app.handle(list)).toBe(first);
    expect(await app.handle(list, { other: 'context' })).toBe(first);
  });

  it('the listed definitions are deeply frozen and the same objects every time', () => {
    const app = McpApplication.create({ name: 's', version: '1', providers: [Shop] });
    const first = app.describe();
    const second = app.describe();
    expect(first.map((d) => d.key)).toEqual([
      'ship',
      'search',
      'shop://catalog',
      'shop://items/{id}',
      'pitch',
    ]);
    first.forEach((info, i) => {
      expect(info.definition).toBe(second[i].definition);
      expect(Object.isFrozen(info.definition)).toBe(true);
    });
    const ship = first[0].definition as {
      inputSchema: { properties: { address: { properties: object } }; required: string[] };
    };
    expect(Object.isFrozen(ship.inputSchema)).toBe(true);
    expect(Object.isFrozen(ship.inputSchema.properties.address.properties)).toBe(true);
    expect(Object.isFrozen(ship.inputSchema.required)).toBe(true);
    expect(() => {
      (ship as { name?: string }).name = 'changed';
    }).toThrow(TypeError);
  });

  it('tools/list serves those same frozen objects, not copies rebuilt per call', async () => {
    const app = McpApplication.create({ name: 's', version: '1', providers: [Shop] });
    const served: unknown[][] = [];
    const stringify = JSON.stringify;
    const spy = jest.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      const tools = (value as { tools?: unknown[] } | null)?.tools;
      if (Array.isArray(tools)) served.push(tools);
      return stringify(value, ...(rest as [undefined]));
    });
    try {
      await app.handle('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
      await app.handle('{"jsonrpc":"2.0","id":2,"method":"tools/list"}');
    } finally {
      spy.mockRestore();
    }
    expect(served).toHaveLength(2);
    const definitions = app.describe().filter((d) => d.kind === 'tool');
    served.forEach((tools) => {
      expect(Object.isFrozen(tools)).toBe(true);
      tools.forEach((tool, i) => {
        expect(tool).toBe(definitions[i].definition);
      });
    });
  });

  it('describe() tells provider, method, scopes and state of each definition', () => {
    const app = McpApplication.create({ name: 's', version: '1', providers: [Shop] });
    expect(app.describe()[0]).toMatchObject({
      kind: 'tool',
      key: 'ship',
      provider: 'Shop',
      method: 'ship',
      scopes: [],
      enabled: true,
    });
    expect(app.describe().map((d) => d.kind)).toEqual([
      'tool',
      'tool',
      'resource',
      'template',
      'prompt',
    ]);
  });

  it('no reflection while serving: Reflect.getMetadata is not called per list or call', async () => {
    const spy = jest.spyOn(Reflect, 'getMetadata');
    try {
      const app = McpApplication.create({ name: 's', version: '1', providers: [Shop] });
      const client = await connect(app);
      // The spy does see the start-up scan.
      expect(spy).toHaveBeenCalled();
      spy.mockClear();

      for (let i = 0; i < 3; i++) {
        await client.listTools();
        await client.listResources();
        await client.listResourceTemplates();
        await client.listPrompts();
        expect(
          await client.callTool('ship', { recipient: 'Ada', address: { city: 'Lisbon' } }),
        ).toEqual({ content: [{ type: 'text', text: 'Ada in Lisbon' }], isError: false });
        expect((await client.callTool('ship', { recipient: 1 })).isError).toBe(true);
        await client.callTool('search', { q: 'tea' });
        await client.readResource('shop://catalog');
        await client.readResource('shop://items/7');
        await client.getPrompt('pitch', { topic: 'tea' });
      }
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('enable and disable', () => {
  class Feature {
    @Tool() stable() {
      return 'stable';
    }
    @Tool({ enabled: false }) beta() {
      return 'beta';
    }
    @Prompt() ask() {
      return 'ask';
    }
    @Resource({ uri: 'feature://flags' }) flags() {
      return 'flags';
    }
  }

  it('a definition that starts disabled is hidden and unknown; enable() shows it and notifies', async () => {
    const app = McpApplication.create({ name: 'f', version: '1', providers: [Feature] });
    const client = await connect(app);
    // A definition starting disabled declares listChanged.
    expect(client.initialized.capabilities).toMatchObject({
      tools: { listChanged: true },
      prompts: { listChanged: true },
      resources: { listChanged: true },
    });
    expect((await client.listTools()).map((t) => t.name)).toEqual(['stable']);
    await expect(client.callTool('beta')).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown tool: beta',
    });

    app.enable('beta');
    expect(client.notifications).toEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    ]);
    expect((await client.listTools()).map((t) => t.name)).toEqual(['stable', 'beta']);
    expect(await client.callTool('beta')).toEqual({
      content: [{ type: 'text', text: 'beta' }],
      isError: false,
    });

    // Enabling what is enabled changes nothing and says nothing.
    app.enable('beta');
    expect(client.notifications).toHaveLength(1);
  });

  it('disable() hides tools, prompts and resources, by kind, and notifies per list', async () => {
    const app = McpApplication.create({
      name: 'f',
      version: '1',
      providers: [Feature],
      listChanged: true,
    });
    const client = await connect(app);
    app.disable('stable');
    app.disable('ask', 'prompt');
    app.disable('feature://flags');
    expect(client.notifications.map((n) => n.method)).toEqual([
      'notifications/tools/list_changed',
      'notifications/prompts/list_changed',
      'notifications/resources/list_changed',
    ]);
    expect(await client.listTools()).toEqual([]);
    expect(await client.listPrompts()).toEqual([]);
    expect(await client.listResources()).toEqual([]);
    await expect(client.getPrompt('ask')).rejects.toMatchObject({ code: -32602 });
    await expect(client.readResource('feature://flags')).rejects.toMatchObject({ code: -32002 });
    expect(app.describe().find((d) => d.key === 'stable')?.enabled).toBe(false);
  });

  it('without listChanged nothing is sent, but the lists still change', async () => {
    class Plain {
      @Tool() a() {
        return 'a';
      }
    }
    const app = McpApplication.create({ name: 'p', version: '1', providers: [Plain] });
    const client = await connect(app);
    expect(client.initialized.capabilities).toMatchObject({ tools: { listChanged: false } });
    app.disable('a');
    expect(await client.listTools()).toEqual([]);
    expect(client.notifications).toEqual([]);
  });

  it('an unknown key is a ConfigurationError', () => {
    const app = McpApplication.create({ name: 'f', version: '1', providers: [Feature] });
    expect(() => app.disable('nope')).toThrow(ConfigurationError);
    expect(() => app.enable('stable', 'prompt')).toThrow('No prompt "stable" to enable.');
  });
});
