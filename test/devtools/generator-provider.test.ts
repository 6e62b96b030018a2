/**
 * The stub generators as tools (src/devtools/generator-provider.ts): each answers a ```ts block
 * with what to do next, refuses what it cannot write as isError, and generate_test_stub reads the
 * introspected application (its schema, scopes, module, runner and Nest form).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpApplication, Tool } from 'declarative-mcp';
import { createDevtools } from 'declarative-mcp/devtools';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { codeOf, failureOf, ROOT, textOf } from './helpers';

let client: TestClient;
beforeAll(async () => {
  client = await connect(createDevtools());
});
afterAll(() => client.close());

describe('generator tools', () => {
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

  test('the answer: what it is and where to save it, the code, then what to do next', async () => {
    const text = textOf(await client.callTool('generate_tool_stub', { name: 'forecast' }));
    const [head, ...rest] = text.split('\n\n');
    expect(head).toBe(
      'The tool "forecast" (zod input) on the provider class ForecastTools. Save it as `forecast-tools.ts`.',
    );
    expect(rest.at(-1)).toBe(
      'Add ForecastTools to the providers of McpApplication.create, then test it: generate_test_stub { "tool": "forecast", "provider": "ForecastTools" }.',
    );
    expect(
      textOf(await client.callTool('generate_provider_stub', { name: 'Shop', nest: true })),
    ).toMatch(/\n\nImport the module into your AppModule .*See docs\/nestjs\.md\.$/);
    expect(
      textOf(await client.callTool('generate_resource_stub', { uri: 'notes://index' })),
    ).toMatch(/^The fixed resource notes:\/\/index .*\n```$/s);
  });

  test("generate_test_stub: the runner and the import follow the application's module", async () => {
    class Weather {
      @Tool({ description: 'Forecast.', input: { type: 'object', properties: {} } })
      forecast() {
        return 'sunny';
      }
    }
    const app = McpApplication.create({ name: 'w', version: '1', providers: [Weather] });
    const dir = mkdtempSync(join(tmpdir(), 'devtools-generators-'));
    try {
      // A project with jest installed (this one): a jest test beside dist/server.js.
      const withJest = await connect(
        createDevtools({ app, module: join(ROOT, 'dist', 'server.js') }),
      );
      const jest = codeOf(await withJest.callTool('generate_test_stub', { tool: 'forecast' }));
      expect(jest).toContain("import { Weather } from './server';");
      expect(jest).not.toContain("from 'node:test'");
      withJest.close();
      // A project without jest: node:test, unless asked otherwise.
      const without = await connect(createDevtools({ app, module: join(dir, 'server.js') }));
      const node = codeOf(await without.callTool('generate_test_stub', { tool: 'forecast' }));
      expect(node).toContain("from 'node:test'");
      expect(node).toContain("import { Weather } from './server';");
      const asked = codeOf(
        await without.callTool('generate_test_stub', {
          tool: 'forecast',
          runner: 'jest',
          module: './w',
        }),
      );
      expect(asked).not.toContain("from 'node:test'");
      expect(asked).toContain("import { Weather } from './w';");
      without.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
