/**
 * The guide, one text served in three places (initialize instructions, the declarative-mcp://guide
 * resource, the explain_framework prompt), and the prompts that put its rules inline.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDevtools, devtoolsGuide } from 'declarative-mcp/devtools';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { GUIDE, ROOT, rpcError } from './helpers';

let client: TestClient;
beforeAll(async () => {
  client = await connect(createDevtools());
});
afterAll(() => client.close());

describe('the guide: one text in three places', () => {
  test('initialize sends it as instructions, with the devtools serverInfo', () => {
    expect(client.initialized.instructions).toBe(GUIDE);
    expect(client.initialized.serverInfo).toEqual({
      name: 'declarative-mcp-devtools',
      version: JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version,
      title: 'declarative-mcp devtools',
    });
  });

  test('the declarative-mcp://guide resource is the same text', async () => {
    expect(await client.readResource('declarative-mcp://guide')).toEqual([
      { uri: 'declarative-mcp://guide', mimeType: 'text/markdown', text: GUIDE },
    ]);
  });

  test('the explain_framework prompt is the same text, as one user message', async () => {
    const prompt = await client.getPrompt('explain_framework');
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: GUIDE } }]);
  });

  test('devtoolsGuide() returns it too', () => {
    expect(devtoolsGuide()).toBe(GUIDE);
  });

  test('it covers every topic it promises, and the sharp edges', () => {
    for (const topic of [
      '@Tool',
      '@Resource',
      '@Prompt',
      'zod 4',
      'zod 3',
      'DTO',
      'JSON Schema',
      '@Context()',
      '@Call()',
      'typedi',
      'ToolError',
      'Fault',
      'ConfigurationError',
      'scopes',
      'authorize',
      'interceptors',
      'serveStdio',
      'serveHttp',
      'connect',
      'emitDecoratorMetadata',
      'experimentalDecorators',
      'tsx, esbuild and swc',
      'import type',
      'per call',
      'stdout',
      'stderr',
    ]) {
      expect(GUIDE).toContain(topic);
    }
  });
});

describe('prompts', () => {
  test('lists explain_framework, create_tool and create_provider with their arguments', async () => {
    const prompts = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual([
      'explain_framework',
      'create_tool',
      'create_provider',
    ]);
    for (const name of ['create_tool', 'create_provider']) {
      expect(prompts.find((p) => p.name === name)?.arguments).toEqual([
        expect.objectContaining({ name: 'name', required: true }),
        expect.objectContaining({ name: 'spec', required: false }),
      ]);
    }
  });

  test('create_tool: one user message with the rules inline and a stub built from the spec', async () => {
    const prompt = await client.getPrompt('create_tool', {
      name: 'forecast',
      spec: 'city: string, days?: integer',
    });
    expect(prompt.messages).toHaveLength(1);
    expect(prompt.messages[0].role).toBe('user');
    const text = (prompt.messages[0].content as { text: string }).text;
    expect(text).toContain('Write the MCP tool "forecast"');
    for (const heading of [
      '## Decorators',
      '## Schemas',
      '## @Context() and @Call()',
      '## Errors',
      '## Sharp edges',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).not.toContain('## Interceptors');
    expect(text).toMatch(
      /```ts\n[\s\S]*city: z\.string\(\)[\s\S]*export class ForecastTools[\s\S]*```$/,
    );
  });

  test('create_tool with prose for a spec still answers, with a stub without fields', async () => {
    const prompt = await client.getPrompt('create_tool', {
      name: 'look up weather',
      spec: 'Finds the weather; cities only!',
    });
    const text = (prompt.messages[0].content as { text: string }).text;
    expect(text).toContain('Finds the weather; cities only!');
    expect(text).toContain('export class LookUpWeatherTools');
  });

  test('create_provider: the DI rules inline and a provider stub with its tools and a typedi service', async () => {
    const prompt = await client.getPrompt('create_provider', {
      name: 'weather',
      spec: 'forecast(city: string, days?: integer), alerts(region: string)',
    });
    const text = (prompt.messages[0].content as { text: string }).text;
    expect(text).toContain('## Dependency injection (typedi)');
    expect(text).toContain('## Testing');
    expect(text).toContain('@Service()\nexport class WeatherTools');
    expect(text).toContain('forecast(input: z.infer<typeof ForecastInput>)');
    expect(text).toContain('alerts(input: z.infer<typeof AlertsInput>)');
  });

  test('an unknown prompt and a missing argument are -32602', async () => {
    expect((await rpcError(client.getPrompt('nope'))).code).toBe(-32602);
    expect((await rpcError(client.getPrompt('create_tool', {}))).code).toBe(-32602);
  });
});
