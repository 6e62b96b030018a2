/**
 * The official MCP SDK client against the devtools over stdio, as an IDE runs them: it spawns the
 * compiled `runDevtools` (test/fixtures/devtools-server.js) with a compiled application module to
 * introspect (test/fixtures/devtools-sample-app.js). Every answer goes through the SDK's own
 * schema validation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult, McpError } from '@modelcontextprotocol/sdk/types.js';
import { PATH_LIKE_URIS } from './helpers';

const ROOT = join(__dirname, '..', '..');
const SERVER = join(ROOT, 'test', 'fixtures', 'devtools-server.js');
const SAMPLE = join(ROOT, 'test', 'fixtures', 'devtools-sample-app.js');
const GUIDE = readFileSync(join(ROOT, 'docs', 'guide.md'), 'utf8');

let client: Client;
let stderr = '';

function text(result: unknown): string {
  const { content } = result as CallToolResult;
  expect(content).toHaveLength(1);
  expect(content[0].type).toBe('text');
  return (content[0] as { text: string }).text;
}

function ok(result: unknown): string {
  expect((result as CallToolResult).isError).toBe(false);
  return text(result);
}

function failed(result: unknown): string {
  expect((result as CallToolResult).isError).toBe(true);
  return text(result);
}

async function mcpError(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'src', 'devtools', 'index.js'))) {
    throw new Error(
      'dist/ is missing: run "npm run build" first ("npm test" does it before jest).',
    );
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER, SAMPLE, '--stdio'],
    cwd: ROOT,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  client = new Client({ name: 'devtools-e2e', version: '1.0.0' });
  await client.connect(transport);
}, 30_000);

afterAll(async () => {
  await client?.close();
});

test('initialize: the guide as instructions, tools, resources and prompts declared', () => {
  expect(client.getInstructions()).toBe(GUIDE);
  expect(client.getServerVersion()).toMatchObject({
    name: 'declarative-mcp-devtools',
    title: 'declarative-mcp devtools',
  });
  expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
});

test('the docs are listed and read; the guide resource and prompt are the instructions', async () => {
  const { resources } = await client.listResources();
  const pages = readdirSync(join(ROOT, 'docs')).filter(
    (f) => f.endsWith('.md') && f !== 'guide.md',
  );
  const skills = ['guide', 'decorators', 'testing', 'scale-out', 'transports'].map(
    (name) => `skill://declarative-mcp/${name}/SKILL.md`,
  );
  expect(resources.map((r) => r.uri).sort()).toEqual(
    [
      'declarative-mcp://guide',
      ...pages.map((p) => `declarative-mcp://docs/${p}`),
      ...skills,
    ].sort(),
  );
  for (const page of pages) {
    const { contents } = await client.readResource({ uri: `declarative-mcp://docs/${page}` });
    expect(contents).toEqual([
      {
        uri: `declarative-mcp://docs/${page}`,
        mimeType: 'text/markdown',
        text: readFileSync(join(ROOT, 'docs', page), 'utf8'),
      },
    ]);
  }
  expect((await client.readResource({ uri: 'declarative-mcp://guide' })).contents[0]).toMatchObject(
    { text: GUIDE },
  );
  const explained = await client.getPrompt({ name: 'explain_framework' });
  expect(explained.messages).toEqual([{ role: 'user', content: { type: 'text', text: GUIDE } }]);
});

test.each(PATH_LIKE_URIS)('reading %s is RESOURCE_NOT_FOUND (-32002)', async (uri) => {
  expect((await mcpError(client.readResource({ uri }))).code).toBe(-32002);
});

test('the prompts, with their arguments', async () => {
  const { prompts } = await client.listPrompts();
  expect(prompts.map((p) => p.name)).toEqual([
    'explain_framework',
    'create_tool',
    'create_provider',
  ]);
  const tool = await client.getPrompt({
    name: 'create_tool',
    arguments: { name: 'forecast', spec: 'city: string' },
  });
  expect((tool.messages[0].content as { text: string }).text).toContain(
    'export class ForecastTools',
  );
  const provider = await client.getPrompt({
    name: 'create_provider',
    arguments: { name: 'Weather', spec: 'forecast, alerts' },
  });
  expect((provider.messages[0].content as { text: string }).text).toContain(
    'export const app = McpApplication.create({',
  );
  expect((await mcpError(client.getPrompt({ name: 'create_tool', arguments: {} }))).code).toBe(
    -32602,
  );
});

test('describe_application: the loaded module, matching its own tools/list', async () => {
  const described = JSON.parse(
    ok(await client.callTool({ name: 'describe_application', arguments: {} })),
  );
  expect(described.server).toMatchObject({ name: 'sample', version: '3.1.0' });
  // The devtools run over stdio, but how the loaded module serves its application is its own
  // business: the devtools' transport is not reported as the application's.
  expect(described.transports).toEqual([]);
  expect(
    described.tools.map((t: { name: string; provider: string; method: string }) => [
      t.name,
      t.provider,
      t.method,
    ]),
  ).toEqual([
    ['forecast', 'SampleTools', 'forecast'],
    ['cancel', 'SampleTools', 'cancel'],
  ]);
  // The sample's own answer, through the compiled package in this process.
  const { app } = require(SAMPLE) as { app: { handle(payload: string): Promise<string | null> } };
  await app.handle(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    }),
  );
  const listed = JSON.parse((await app.handle('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'))!)
    .result.tools;
  const strip = ({
    provider: _p,
    method: _m,
    scopes: _s,
    enabled: _e,
    ...rest
  }: Record<string, unknown>) => rest;
  expect(described.tools.map(strip)).toEqual(listed);
  expect(described.resourceTemplates).toEqual([
    expect.objectContaining({ uriTemplate: 'notes://{slug}', method: 'note' }),
  ]);
  expect(described.prompts).toEqual([expect.objectContaining({ name: 'plan', method: 'plan' })]);
});

test('describe_provider and describe_definition, good and bad', async () => {
  expect(
    JSON.parse(
      ok(await client.callTool({ name: 'describe_provider', arguments: { name: 'SampleTools' } })),
    ).methods,
  ).toHaveLength(4);
  expect(
    failed(await client.callTool({ name: 'describe_provider', arguments: { name: 'Nope' } })),
  ).toBe('No provider class "Nope". Known: SampleTools.');
  expect(failed(await client.callTool({ name: 'describe_provider', arguments: {} }))).toMatch(
    /^Invalid arguments/,
  );
  expect(
    JSON.parse(
      ok(
        await client.callTool({
          name: 'describe_definition',
          arguments: { name: 'notes://welcome' },
        }),
      ),
    ),
  ).toMatchObject({
    kind: 'template',
    variables: { slug: 'welcome' },
  });
  expect(
    failed(await client.callTool({ name: 'describe_definition', arguments: { name: 'nope' } })),
  ).toMatch(/^Nothing is registered as "nope"/);
});

test('validate_schema, good and bad', async () => {
  expect(
    JSON.parse(
      ok(
        await client.callTool({
          name: 'validate_schema',
          arguments: { value: { order: 4 }, tool: 'cancel' },
        }),
      ),
    ),
  ).toEqual({
    valid: true,
    errors: [],
  });
  expect(
    JSON.parse(
      ok(
        await client.callTool({
          name: 'validate_schema',
          arguments: { value: { order: 0 }, tool: 'cancel' },
        }),
      ),
    ),
  ).toEqual({
    valid: false,
    errors: [{ path: 'order', message: 'must be >= 1' }],
  });
  expect(
    failed(
      await client.callTool({
        name: 'validate_schema',
        arguments: { value: 1, schema: { type: 'nope' } },
      }),
    ),
  ).toMatch(/^The schema is not usable/);
  expect(
    failed(
      await client.callTool({ name: 'validate_schema', arguments: { value: 1, tool: 'nope' } }),
    ),
  ).toBe('No tool "nope". Known: forecast, cancel.');
});

test('the generators, good and bad', async () => {
  const calls: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      'generate_provider_stub',
      { name: 'WeatherTools', tools: ['forecast'], service: true },
      { name: 'weather tools' },
    ],
    [
      'generate_tool_stub',
      { name: 'forecast', fields: 'city: string', context: true },
      { name: 'forecast', fields: 'city: map' },
    ],
    [
      'generate_resource_stub',
      { uriTemplate: 'notes://{slug}' },
      { uri: 'notes://a', uriTemplate: 'notes://{b}' },
    ],
    ['generate_prompt_stub', { name: 'summarize', fields: 'topic' }, { name: 'sum up' }],
    ['generate_test_stub', { tool: 'forecast' }, { tool: 'forecast', provider: 'not a class' }],
  ];
  for (const [name, good, bad] of calls) {
    expect(ok(await client.callTool({ name, arguments: good }))).toMatch(/```ts\n[\s\S]+\n```/);
    failed(await client.callTool({ name, arguments: bad }));
  }
  // The test stub of an introspected tool imports its provider from beside the compiled module
  // that exports it (the loaded application module here), and uses its schema.
  const test = ok(
    await client.callTool({ name: 'generate_test_stub', arguments: { tool: 'cancel' } }),
  );
  expect(test).toContain("import { SampleTools } from './devtools-sample-app';");
  expect(test).toContain(`callTool('cancel', {"order":1})`);
});

test('search_documentation and list_exports, good and bad', async () => {
  const { results } = JSON.parse(
    ok(
      await client.callTool({
        name: 'search_documentation',
        arguments: { query: 'McpApplication create' },
      }),
    ),
  );
  expect(results[0].symbol).toBe('McpApplication.create');
  failed(await client.callTool({ name: 'search_documentation', arguments: { query: '' } }));
  const listed = JSON.parse(ok(await client.callTool({ name: 'list_exports', arguments: {} })));
  expect(listed.exports.map((e: { name: string }) => e.name)).toEqual(
    expect.arrayContaining(['McpApplication', 'Tool', 'serveStdio']),
  );
  const devtools = JSON.parse(
    ok(
      await client.callTool({
        name: 'list_exports',
        arguments: { entry: 'declarative-mcp/devtools' },
      }),
    ),
  );
  expect(devtools.exports.map((e: { name: string }) => e.name)).toEqual(
    expect.arrayContaining(['createDevtools', 'devtoolsGuide', 'devtoolsProviders']),
  );
  failed(await client.callTool({ name: 'list_exports', arguments: { entry: 'nope' } }));
});

test('an unknown tool is a JSON-RPC error; nothing was written to stderr but diagnostics', async () => {
  expect((await mcpError(client.callTool({ name: 'write_file', arguments: {} }))).code).toBe(
    -32602,
  );
  expect(stderr).toBe('');
});
