/**
 * The devtools' tools through the in-memory client, with good and bad arguments: execution
 * problems are isError results the agent reads, protocol problems JSON-RPC errors. The list of
 * tools and the introspection tools are here; the reference tools are in reference-provider.test.ts,
 * the generators in generator-provider.test.ts.
 */
import { McpApplication } from 'declarative-mcp';
import { createDevtools, devtoolsProviders } from 'declarative-mcp/devtools';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { failureOf, jsonOf, rpcError, TOOLS } from './helpers';

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
});
