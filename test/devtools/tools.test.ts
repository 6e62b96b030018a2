/**
 * Every devtools tool through the in-memory client, with good and bad arguments: execution
 * problems are isError results the agent reads, protocol problems JSON-RPC errors.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpApplication, Tool } from 'declarative-mcp';
import { createDevtools, devtoolsProviders } from 'declarative-mcp/devtools';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { codeOf, failureOf, jsonOf, ROOT, rpcError, TOOLS } from './helpers';

let client: TestClient;
beforeAll(async () => {
  client = await connect(createDevtools());
});
afterAll(() => client.close());

describe('tools', () => {
  test('exactly the eleven tools, each read-only with an object input schema', async () => {
    const tools = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const tool of tools) {
      expect(tool.annotations).toEqual({
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(tool.inputSchema).toMatchObject({ type: 'object' });
      expect(typeof tool.description).toBe('string');
    }
  });

  test('an unknown tool is a JSON-RPC error (-32602), not a result', async () => {
    expect((await rpcError(client.callTool('write_file', {}))).code).toBe(-32602);
  });

  test('describe_application: without an application, the devtools describe themselves', async () => {
    const described = jsonOf(await client.callTool('describe_application'));
    expect(described.server).toMatchObject({
      name: 'declarative-mcp-devtools',
      instructions: true,
    });
    expect(described.note).toMatch(/describes the devtools server itself/);
    expect(described.tools.map((t: { name: string }) => t.name).sort()).toEqual([...TOOLS].sort());
    expect(described.providers).toEqual([
      'DevtoolsGuide',
      'DevtoolsDocs',
      'DevtoolsReference',
      'DevtoolsIntrospection',
      'DevtoolsGenerators',
      'DevtoolsSkills',
    ]);
    expect(
      described.tools.find((t: { name: string }) => t.name === 'describe_provider'),
    ).toMatchObject({
      provider: 'DevtoolsIntrospection',
      method: 'describeProvider',
      scopes: [],
      enabled: true,
    });
  });

  test('describe_application: a provider set given no application says so (isError)', async () => {
    const app = McpApplication.create({ name: 'x', version: '1', providers: devtoolsProviders() });
    const bare = await connect(app);
    expect(failureOf(await bare.callTool('describe_application'))).toMatch(
      /No application to introspect/,
    );
    bare.close();
  });

  test('describe_provider: a class and what each of its methods registers; unknown → isError listing the known', async () => {
    const provider = jsonOf(
      await client.callTool('describe_provider', { name: 'DevtoolsReference' }),
    );
    expect(
      provider.methods.map((m: { method: string; registers: string; key: string }) => [
        m.method,
        m.registers,
        m.key,
      ]),
    ).toEqual([
      ['searchDocumentation', 'tool', 'search_documentation'],
      ['listExports', 'tool', 'list_exports'],
    ]);
    expect(failureOf(await client.callTool('describe_provider', { name: 'WeatherTools' }))).toBe(
      'No provider class "WeatherTools". Known: DevtoolsGuide, DevtoolsDocs, DevtoolsReference, DevtoolsIntrospection, DevtoolsGenerators, DevtoolsSkills.',
    );
    expect(failureOf(await client.callTool('describe_provider', { name: 42 }))).toMatch(
      /^Invalid arguments: name/,
    );
    expect(failureOf(await client.callTool('describe_provider', {}))).toMatch(
      /^Invalid arguments: name/,
    );
  });

  test('describe_definition: by tool name, by resource URI; unknown → isError', async () => {
    expect(
      jsonOf(await client.callTool('describe_definition', { name: 'validate_schema' })),
    ).toMatchObject({
      kind: 'tool',
      definition: {
        name: 'validate_schema',
        provider: 'DevtoolsIntrospection',
        method: 'validateSchema',
      },
    });
    expect(
      jsonOf(
        await client.callTool('describe_definition', { name: 'declarative-mcp://docs/tools.md' }),
      ),
    ).toMatchObject({
      kind: 'resource',
      definition: { uri: 'declarative-mcp://docs/tools.md', provider: 'DevtoolsDocs' },
    });
    expect(failureOf(await client.callTool('describe_definition', { name: 'nope' }))).toMatch(
      /^Nothing is registered as "nope"\. Known — Tools: search_documentation, list_exports, .*\. Prompts: explain_framework, create_tool, create_provider\. Resources: declarative-mcp:\/\/guide, /,
    );
    expect(failureOf(await client.callTool('describe_definition', { name: '' }))).toMatch(
      /^Invalid arguments: name/,
    );
  });

  test('validate_schema against a JSON Schema: valid, invalid with path and message', async () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer', maximum: 14 },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['city'],
    };
    expect(
      jsonOf(
        await client.callTool('validate_schema', { value: { city: 'Oslo', days: 3 }, schema }),
      ),
    ).toEqual({
      valid: true,
      errors: [],
    });
    const invalid = jsonOf(
      await client.callTool('validate_schema', { value: { days: 20, tags: ['a', 1] }, schema }),
    );
    expect(invalid.valid).toBe(false);
    expect(invalid.errors).toEqual(
      expect.arrayContaining([
        { path: 'city', message: 'Required' },
        { path: 'days', message: expect.stringContaining('14') },
        { path: 'tags[1]', message: expect.any(String) },
      ]),
    );
    expect(
      jsonOf(await client.callTool('validate_schema', { value: null, schema: { type: 'null' } })),
    ).toEqual({
      valid: true,
      errors: [],
    });
  });

  test("validate_schema against a tool's input schema", async () => {
    expect(
      jsonOf(
        await client.callTool('validate_schema', {
          value: { query: 'scopes' },
          tool: 'search_documentation',
        }),
      ).valid,
    ).toBe(true);
    const wrong = jsonOf(
      await client.callTool('validate_schema', {
        value: { limit: 500 },
        tool: 'search_documentation',
      }),
    );
    expect(wrong.valid).toBe(false);
    expect(wrong.errors.map((e: { path: string }) => e.path).sort()).toEqual(['limit', 'query']);
  });

  test('validate_schema: an invalid schema, an unknown tool, both or neither → isError; no value → invalid arguments', async () => {
    expect(
      failureOf(await client.callTool('validate_schema', { value: 1, schema: { type: 'strin' } })),
    ).toMatch(/^The schema is not usable: .*not a valid JSON Schema/);
    expect(
      failureOf(await client.callTool('validate_schema', { value: 1, schema: { properties: 5 } })),
    ).toMatch(/^The schema is not usable/);
    expect(
      failureOf(await client.callTool('validate_schema', { value: 1, tool: 'rm_rf' })),
    ).toMatch(/^No tool "rm_rf"\. Known: search_documentation, list_exports, /);
    expect(failureOf(await client.callTool('validate_schema', { value: 1 }))).toBe(
      'Give exactly one of schema (a JSON Schema) and tool (a tool name).',
    );
    expect(
      failureOf(
        await client.callTool('validate_schema', { value: 1, schema: {}, tool: 'list_exports' }),
      ),
    ).toBe('Give exactly one of schema (a JSON Schema) and tool (a tool name).');
    expect(
      failureOf(await client.callTool('validate_schema', { schema: { type: 'object' } })),
    ).toMatch(/^Invalid arguments: value: Required/);
    expect(failureOf(await client.callTool('validate_schema', { value: 1, schema: true }))).toMatch(
      /^Invalid arguments: schema/,
    );
  });

  test('search_documentation: the API entry a query names comes before prose', async () => {
    const { results } = jsonOf(
      await client.callTool('search_documentation', { query: 'McpApplication create' }),
    );
    expect(results[0]).toMatchObject({
      symbol: 'McpApplication.create',
      kind: 'static method',
      entry: 'declarative-mcp',
    });
    expect(results[0].excerpt).toMatch(
      /^create<C = unknown>\(options: McpApplicationOptions<C>\): McpApplication<C> — /,
    );
    const prose = results.filter((r: { symbol?: string }) => r.symbol === undefined);
    expect(prose.length).toBeGreaterThan(0);
    expect(results.findIndex((r: { symbol?: string }) => r.symbol === undefined)).toBeGreaterThan(
      0,
    );
    // Every result points at a line that holds what its excerpt says.
    for (const result of results) {
      if (result.resource === null) continue;
      const [{ text }] = (await client.readResource(result.resource)) as Array<{ text: string }>;
      const line = text.split('\n')[result.line - 1];
      if (result.symbol === undefined)
        expect(line.trim().startsWith(result.excerpt.replace(/…$/, ''))).toBe(true);
      else expect(line).toContain(result.symbol.split('.').pop());
    }
  });

  test('search_documentation: prose, with results in { resource, line, excerpt } and limit honoured', async () => {
    const { results } = jsonOf(
      await client.callTool('search_documentation', {
        query: 'path traversal etc passwd',
        limit: 3,
      }),
    );
    expect(results.length).toBeLessThanOrEqual(3);
    for (const result of results)
      expect(Object.keys(result).sort()).toEqual(['excerpt', 'line', 'resource']);
    const scoped = jsonOf(
      await client.callTool('search_documentation', { query: 'Not allowed' }),
    ).results;
    expect(scoped[0].excerpt).toContain('Not allowed');
  });

  test('search_documentation: no words, or a limit out of range → isError', async () => {
    expect(failureOf(await client.callTool('search_documentation', { query: ' ?! ' }))).toMatch(
      /no words/,
    );
    expect(
      failureOf(await client.callTool('search_documentation', { query: 'tool', limit: 0 })),
    ).toMatch(/^Invalid arguments: limit/);
    expect(failureOf(await client.callTool('search_documentation', {}))).toMatch(
      /^Invalid arguments: query/,
    );
  });

  test('list_exports: the names of the build, with kinds and summaries', async () => {
    const index = JSON.parse(readFileSync(join(ROOT, 'dist', 'exports.json'), 'utf8'));
    const listed = jsonOf(await client.callTool('list_exports'));
    expect(listed).toMatchObject({
      package: 'declarative-mcp',
      entry: 'declarative-mcp',
      source: 'dist/exports.json',
    });
    expect(listed.exports.map((e: { name: string }) => e.name)).toEqual(
      index.entries['declarative-mcp'].map((e: { name: string }) => e.name),
    );
    const byName = new Map(listed.exports.map((e: { name: string }) => [e.name, e]));
    expect(byName.get('McpApplication')).toEqual({
      name: 'McpApplication',
      kind: 'class',
      summary: expect.stringMatching(/^An MCP server built from decorated provider classes/),
    });
    expect(byName.has('createDevtools')).toBe(false);
    expect(byName.get('ToolOptions')).toMatchObject({
      kind: 'interface',
      summary: 'Options of Tool.',
    });
    expect(byName.get('ErrorCode')).toMatchObject({ kind: 'const' });
    const testing = jsonOf(
      await client.callTool('list_exports', { entry: 'declarative-mcp/testing', kind: 'function' }),
    );
    expect(testing.exports.map((e: { name: string }) => e.name)).toEqual([
      'connect',
      'connectHttp',
      'connectProcess',
    ]);
    const devtools = jsonOf(
      await client.callTool('list_exports', {
        entry: 'declarative-mcp/devtools',
        kind: 'function',
      }),
    );
    expect(devtools.exports).toContainEqual(
      expect.objectContaining({
        name: 'createDevtools',
        signature: expect.stringMatching(/^createDevtools\(/),
      }),
    );
    const classes = jsonOf(
      await client.callTool('list_exports', { filter: 'mcpapp', members: true }),
    );
    expect(classes.exports[0].members).toContainEqual(
      expect.objectContaining({ name: 'create', kind: 'method', static: true }),
    );
  });

  test('list_exports: an unknown entry or kind → isError', async () => {
    expect(
      failureOf(await client.callTool('list_exports', { entry: 'declarative-mcp/internal' })),
    ).toBe(
      'Unknown entry point "declarative-mcp/internal". Known: declarative-mcp, declarative-mcp/decorators, declarative-mcp/testing, declarative-mcp/nestjs, declarative-mcp/devtools, declarative-mcp/redis, declarative-mcp/fetch, declarative-mcp/adapter.',
    );
    expect(failureOf(await client.callTool('list_exports', { kind: 'module' }))).toMatch(
      /^Invalid arguments: kind/,
    );
  });

  test('every generator answers a ```ts block, and refuses what it cannot write (isError)', async () => {
    const good: Array<[string, Record<string, unknown>, RegExp]> = [
      [
        'generate_provider_stub',
        { name: 'WeatherTools', tools: ['forecast'] },
        /export class WeatherTools/,
      ],
      [
        'generate_tool_stub',
        { name: 'forecast', fields: 'city: string' },
        /forecast\(input: z\.infer<typeof ForecastInput>\): string/,
      ],
      [
        'generate_resource_stub',
        { uriTemplate: 'notes://{slug}' },
        /uriTemplate: 'notes:\/\/\{slug\}'/,
      ],
      ['generate_prompt_stub', { name: 'summarize', fields: 'topic' }, /@Prompt\(/],
      ['generate_test_stub', { tool: 'forecast', fields: 'city: string' }, /await connect\(app, /],
    ];
    for (const [tool, args, expected] of good)
      expect(codeOf(await client.callTool(tool, args))).toMatch(expected);
    const bad: Array<[string, Record<string, unknown>, RegExp]> = [
      ['generate_provider_stub', { name: 'weather tools' }, /is not a class name/],
      ['generate_provider_stub', { name: 'WeatherTools', tools: ['a b'] }, /not a valid tool name/],
      ['generate_tool_stub', { name: 'forecast', fields: 'city: text[]]' }, /unknown type/],
      ['generate_tool_stub', { name: 'for cast' }, /not a valid tool name/],
      ['generate_tool_stub', { name: 'forecast', fields: 'city, city' }, /given twice/],
      ['generate_resource_stub', {}, /exactly one of uri/],
      ['generate_resource_stub', { uri: 'a://b', uriTemplate: 'a://{b}' }, /exactly one of uri/],
      ['generate_resource_stub', { uriTemplate: 'notes://{slug' }, /does not parse/],
      ['generate_resource_stub', { uri: 'no-scheme' }, /has no scheme/],
      ['generate_prompt_stub', { name: 'sum up' }, /not a usable prompt name/],
      ['generate_test_stub', { tool: 'forecast', provider: 'forecast tools' }, /not a class name/],
      ['generate_test_stub', { tool: 'a b' }, /not a valid tool name/],
      [
        'generate_test_stub',
        { tool: 'forecast', nest: false, nestModule: 'WeatherModule' },
        /nestModule is for the Nest form: give nest: true/,
      ],
      [
        'generate_test_stub',
        { tool: 'forecast', nest: true, nestModule: 'weather module' },
        /is not a class name/,
      ],
    ];
    for (const [tool, args, expected] of bad)
      expect(failureOf(await client.callTool(tool, args))).toMatch(expected);
    expect(
      failureOf(await client.callTool('generate_tool_stub', { name: 'x', input: 'yaml' })),
    ).toMatch(/^Invalid arguments: input/);
  });

  test('generate_test_stub uses the introspected schema and scopes of a tool', async () => {
    class Secure {
      @Tool({
        description: 'Echo.',
        input: {
          type: 'object',
          properties: {
            text: { type: 'string', minLength: 10 },
            times: { type: 'integer', minimum: 2 },
          },
          required: ['text', 'times'],
        },
        scopes: ['echo:use'],
      })
      echo({ text }: { text: string }) {
        return text;
      }
    }
    const app = McpApplication.create({ name: 's', version: '1', providers: [Secure] });
    const devtools = await connect(createDevtools({ app }));
    const code = codeOf(await devtools.callTool('generate_test_stub', { tool: 'echo' }));
    expect(code).toContain("import { Secure } from './secure';");
    expect(code).toContain("scopes: ['echo:use']");
    expect(code).toContain(`callTool('echo', {"text":"examplexxx","times":2})`);
    expect(code).toContain(`callTool('echo', {"text":42,"times":2})`);
    expect(code).not.toContain('@nestjs/testing');
    devtools.close();
  });

  test('generate_test_stub writes the Nest form for a Nest application, or when asked', async () => {
    class Orders {
      @Tool({ description: 'Cancels.', input: { type: 'object', properties: {} } })
      cancel() {
        return 'ok';
      }
    }
    const app = McpApplication.create({ name: 'o', version: '1', providers: [Orders] });
    // What describe_application reports for an application DeclarativeMcpModule built.
    const nestLike = {
      core: app.core,
      describe: () => app.describe(),
      framework: { name: 'nestjs', module: 'DeclarativeMcpModule', path: '/mcp', providers: [] },
    };
    const devtools = await connect(createDevtools({ app: nestLike }));
    const code = codeOf(await devtools.callTool('generate_test_stub', { tool: 'cancel' }));
    expect(code).toContain("import { Test, type TestingModule } from '@nestjs/testing';");
    expect(code).toContain("import { DeclarativeMcpModule } from 'declarative-mcp/nestjs';");
    expect(code).toContain('      providers: [Orders],');
    expect(code).toContain('const app = nest.get(McpApplication);');
    // nest: false still gives the plain form.
    const plain = codeOf(
      await devtools.callTool('generate_test_stub', { tool: 'cancel', nest: false }),
    );
    expect(plain).toContain('McpApplication.create({');
    expect(plain).not.toContain('@nestjs/testing');
    devtools.close();

    const asked = codeOf(
      await client.callTool('generate_test_stub', {
        tool: 'cancel',
        provider: 'OrderTools',
        nestModule: 'OrderModule',
        module: './orders.module',
      }),
    );
    expect(asked).toContain("import { OrderModule } from './orders.module';");
    expect(asked).toContain('Test.createTestingModule({ imports: [OrderModule] }).compile()');
    expect(asked).not.toContain('DeclarativeMcpModule.forRoot');
  });
});
