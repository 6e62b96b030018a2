/**
 * Generated code must compile and run. Every generator's output (and every complete ```ts block
 * of the docs) is written under .tmp/, type-checked with `tsc` against the package (paths map
 * 'declarative-mcp' to src/), and the generated tests (plus a few checks of the generated
 * resources and prompts) are run with jest, in a child process.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { McpApplication } from 'declarative-mcp';
import { createDevtools } from 'declarative-mcp/devtools';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { codeOf } from './helpers';

const ROOT = join(__dirname, '..', '..');
const DIR = join(ROOT, '.tmp', `devtools-stubs-${process.pid}`);

/** What each case asks the generators for. */
const FIELDS =
  'city: string, days?: integer, units: metric|imperial, tags?: string[], ratio?: number, alert: boolean';
const CASES: Array<{
  dir: string;
  tool: string;
  args: Record<string, unknown>;
  test?: Record<string, unknown>;
}> = [
  {
    dir: 'tool-zod',
    tool: 'generate_tool_stub',
    args: {
      name: 'forecast',
      description: 'The forecast for a city.',
      fields: FIELDS,
      context: true,
      call: true,
    },
    test: { tool: 'forecast', fields: FIELDS },
  },
  {
    dir: 'tool-dto',
    tool: 'generate_tool_stub',
    args: { name: 'get-weather', fields: FIELDS, input: 'dto', context: true },
    test: { tool: 'get-weather', fields: FIELDS },
  },
  { dir: 'tool-bare', tool: 'generate_tool_stub', args: { name: 'ping' }, test: { tool: 'ping' } },
  {
    dir: 'tool-task',
    tool: 'generate_tool_stub',
    args: { name: 'build_report', fields: 'year: integer', task: 'optional' },
    test: { tool: 'build_report', fields: 'year: integer' },
  },
  {
    dir: 'provider-zod',
    tool: 'generate_provider_stub',
    args: {
      name: 'WeatherTools',
      tools: [
        'forecast',
        { name: 'alerts', fields: 'region: string, level?: low|high', description: 'Alerts.' },
      ],
      context: true,
      call: true,
    },
    test: { tool: 'alerts', provider: 'WeatherTools', fields: 'region: string, level?: low|high' },
  },
  {
    dir: 'provider-dto-service',
    tool: 'generate_provider_stub',
    args: {
      name: 'OrderTools',
      tools: [{ name: 'cancel', fields: 'order: integer, reason?: string' }, 'list_orders'],
      input: 'dto',
      service: true,
    },
    test: {
      tool: 'cancel',
      provider: 'OrderTools',
      fields: 'order: integer, reason?: string',
      container: true,
    },
  },
  {
    // The Nest form: compiled against @nestjs/common and declarative-mcp/nestjs.
    dir: 'provider-nest',
    tool: 'generate_provider_stub',
    args: {
      name: 'OrderTools',
      tools: [{ name: 'cancel', fields: 'order: integer' }, 'list_orders'],
      service: true,
      context: true,
      nest: true,
    },
    // The Nest test imports the generated module, which provides the service Nest injects.
    test: {
      tool: 'cancel',
      provider: 'OrderTools',
      fields: 'order: integer',
      nest: true,
      nestModule: 'OrderModule',
    },
  },
  {
    // The Nest test without a module: DeclarativeMcpModule.forRoot and the provider alone.
    dir: 'provider-nest-bare',
    tool: 'generate_provider_stub',
    args: {
      name: 'NoteTools',
      tools: [{ name: 'find_note', fields: 'title: string' }],
      nest: true,
    },
    test: { tool: 'find_note', provider: 'NoteTools', fields: 'title: string', nest: true },
  },
  { dir: 'resource-fixed', tool: 'generate_resource_stub', args: { uri: 'notes://index' } },
  {
    dir: 'resource-zod',
    tool: 'generate_resource_stub',
    args: { uriTemplate: 'notes://{slug}/{+path}', mimeType: 'text/markdown' },
  },
  {
    dir: 'resource-dto',
    tool: 'generate_resource_stub',
    args: { uriTemplate: 'files://{folder}/{name}', input: 'dto' },
  },
  {
    dir: 'prompt-zod',
    tool: 'generate_prompt_stub',
    args: { name: 'summarize', fields: 'topic, tone?: formal|casual' },
  },
  {
    dir: 'prompt-dto',
    tool: 'generate_prompt_stub',
    args: { name: 'review-code', fields: 'file, focus?', input: 'dto' },
  },
  { dir: 'prompt-bare', tool: 'generate_prompt_stub', args: { name: 'hello' } },
  {
    dir: 'app-zod',
    tool: 'generate_app_stub',
    args: { name: 'show_chart', fields: 'metric: string, days?: integer' },
    test: {
      tool: 'show_chart',
      provider: 'ShowChartApp',
      fields: 'metric: string, days?: integer',
    },
  },
  { dir: 'app-bare', tool: 'generate_app_stub', args: { name: 'board', input: 'dto' } },
];

/** Handwritten checks that the generated resources and prompts answer at run time. */
const CHECKS: Record<string, string> = {
  'app-zod/check.test.ts': `
import { McpApplication } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { ShowChartApp } from './show-chart-app';

test('the tool links its view; the view reads as an MCP Apps document', async () => {
  const client = await connect(McpApplication.create({ name: 't', version: '0', providers: [ShowChartApp] }));
  const [tool] = await client.listTools();
  expect(tool._meta).toEqual({ ui: { resourceUri: 'ui://show-chart-app/show-chart' }, 'ui/resourceUri': 'ui://show-chart-app/show-chart' });
  const [view] = await client.readResource('ui://show-chart-app/show-chart');
  expect(view).toMatchObject({ mimeType: 'text/html;profile=mcp-app', _meta: { ui: { prefersBorder: true } } });
  expect(String((view as { text?: string }).text)).toContain("request('ui/initialize'");
  const result = await client.callTool('show_chart', { metric: 'sales' });
  expect(result.structuredContent).toEqual({ metric: 'sales' });
  expect(result.content).toEqual([{ type: 'text', text: 'TODO: show_chart with {"metric":"sales"} (a host with MCP Apps shows it as a view)' }]);
});`,
  'resource-fixed/check.test.ts': `
import { McpApplication } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { NotesResources } from './notes-resources';

test('the fixed resource reads', async () => {
  const client = await connect(McpApplication.create({ name: 't', version: '0', providers: [NotesResources] }));
  expect(await client.readResource('notes://index')).toEqual([
    { uri: 'notes://index', mimeType: 'text/plain', text: 'TODO: the contents of notes://index' },
  ]);
});`,
  'resource-zod/check.test.ts': `
import { McpApplication } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { NotesResources } from './notes-resources';

test('the template reads its variables', async () => {
  const client = await connect(McpApplication.create({ name: 't', version: '0', providers: [NotesResources] }));
  const [contents] = await client.readResource('notes://team/a/b.md');
  expect(contents).toEqual({ uri: 'notes://team/a/b.md', mimeType: 'text/markdown', text: 'TODO: the contents for team, a/b.md' });
});`,
  'resource-dto/check.test.ts': `
import { McpApplication } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { FilesResources } from './files-resources';

test('the template reads its variables through the DTO', async () => {
  const client = await connect(McpApplication.create({ name: 't', version: '0', providers: [FilesResources] }));
  const [contents] = await client.readResource('files://docs/readme');
  expect(contents).toMatchObject({ text: 'TODO: the contents for docs, readme' });
});`,
  'prompt-zod/check.test.ts': `
import { McpApplication } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { SummarizePrompts } from './summarize-prompts';

test('the prompt answers with its arguments; a bad one is -32602', async () => {
  const client = await connect(McpApplication.create({ name: 't', version: '0', providers: [SummarizePrompts] }));
  const prompt = await client.getPrompt('summarize', { topic: 'MCP', tone: 'formal' });
  expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'TODO: the prompt text. topic: MCP, tone: formal' });
  await expect(client.getPrompt('summarize', { topic: 'MCP', tone: 'rude' })).rejects.toMatchObject({ code: -32602 });
});`,
  'prompt-dto/check.test.ts': `
import { McpApplication } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { ReviewCodePrompts } from './review-code-prompts';

test('the DTO prompt lists its arguments and answers', async () => {
  const client = await connect(McpApplication.create({ name: 't', version: '0', providers: [ReviewCodePrompts] }));
  expect((await client.listPrompts())[0]).toMatchObject({
    name: 'review-code',
    arguments: [{ name: 'file', required: true }, { name: 'focus', required: false }],
  });
  const prompt = await client.getPrompt('review-code', { file: 'a.ts' });
  expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'TODO: the prompt text. file: a.ts, focus: (none)' });
});`,
};

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * The complete ```ts blocks of the docs (a block marked `ts fragment` is left out). A block that
 * names its file on its first line (`// src/server.ts`) is written there, under a folder of its
 * page, so the blocks of one tutorial import each other as the reader's files do. A test for
 * node's own runner (`node:test`) is compiled but not handed to jest: the tutorials test
 * (test/docs) runs those with `node --test`, as the page says. The files of a marked program are
 * left to test/docs.
 */
function docBlocks(): Array<{ file: string; code: string }> {
  const docs = join(ROOT, 'docs');
  const blocks: Array<{ file: string; code: string }> = [];
  for (const page of readdirSync(docs).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(docs, page), 'utf8');
    const folder = page.replace(/\.md$/, '');
    // Files of a marked program (`<!-- program: … -->`, an ES module project among them) are
    // compiled and run in a project of their own by test/docs, with the set-up their page shows.
    const marker = text.search(/^<!--\s*program:/m);
    let n = 0;
    for (const match of text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)) {
      n++;
      const code = match[1];
      const named = /^\/\/ ([\w./-]+\.m?ts)\n/.exec(code)?.[1];
      if (named !== undefined && marker >= 0 && (match.index ?? 0) > marker) continue;
      if (named !== undefined) {
        const file = /from 'node:test'/.test(code)
          ? named.replace(/\.test\.ts$/, '.node-test.ts')
          : named;
        blocks.push({ file: join('docs', folder, file), code });
        continue;
      }
      const name = `${folder}-${n}${/\btest\(/.test(code) ? '.test' : ''}.ts`;
      blocks.push({ file: join('docs', name), code });
    }
  }
  return blocks;
}

let written: string[] = [];
let tsc: { status: number | null; output: string };

function errorsIn(prefix: string): string[] {
  return tsc.output
    .split('\n')
    .filter((line) => line.startsWith(prefix) && /error TS\d+/.test(line));
}

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  // Every entry of package.json's exports, mapped to its source (dist/src/x/index.d.ts → src/x/index.ts).
  const exportsMap = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).exports as Record<
    string,
    { types?: string }
  >;
  const paths: Record<string, string[]> = {};
  for (const [key, target] of Object.entries(exportsMap)) {
    if (target.types === undefined) continue;
    const source = target.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts');
    paths[join('declarative-mcp', key)] = [relative(DIR, join(ROOT, source))];
  }
  // What a user's project has: strict, the decorator flags; plus what src/ itself needs.
  write(
    join(DIR, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          // node20: CommonJS that imports ES modules (NestJS 12), as the project itself compiles.
          module: 'node20',
          moduleResolution: 'node16',
          lib: ['ES2022'],
          types: ['node', 'jest'],
          strict: true,
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
          esModuleInterop: true,
          skipLibCheck: true,
          resolveJsonModule: true,
          noEmit: true,
          baseUrl: '.',
          paths,
        },
        include: ['**/*.ts'],
      },
      null,
      2,
    ),
  );
  write(
    join(DIR, 'tsconfig.jest.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { noEmit: false, isolatedModules: true },
    }),
  );
  write(
    join(DIR, 'jest.config.json'),
    JSON.stringify({
      rootDir: DIR,
      testEnvironment: 'node',
      testMatch: ['**/*.test.ts'],
      transform: {
        '^.+\\.ts$': [
          join(ROOT, 'node_modules', 'ts-jest'),
          { tsconfig: join(DIR, 'tsconfig.jest.json'), diagnostics: false },
        ],
        // NestJS 12 is ESM-only: compiled to CommonJS for jest, as the repository's own config does.
        '/node_modules/@nestjs/.+\\.js$': join(ROOT, 'scripts', 'jest-esm.js'),
      },
      transformIgnorePatterns: ['/node_modules/(?!@nestjs/)'],
      moduleNameMapper: {
        '^declarative-mcp$': join(ROOT, 'src/index.ts'),
        '^declarative-mcp/decorators$': join(ROOT, 'decorators/index.ts'),
        '^declarative-mcp/testing$': join(ROOT, 'src/testing/index.ts'),
        '^declarative-mcp/nestjs$': join(ROOT, 'src/nestjs/index.ts'),
      },
      testTimeout: 30000,
    }),
  );

  const devtools = await connect(createDevtools());
  for (const c of CASES) {
    const result = await devtools.callTool(c.tool, c.args);
    const file = /Save it as `([^`]+)`/.exec((result.content[0] as { text: string }).text)![1];
    write(join(DIR, c.dir, file), codeOf(result));
    written.push(join(c.dir, file));
    if (c.test) {
      const test = await devtools.callTool('generate_test_stub', c.test);
      const testFile = /Save it as `([^`]+)`/.exec((test.content[0] as { text: string }).text)![1];
      write(join(DIR, c.dir, testFile), codeOf(test));
      written.push(join(c.dir, testFile));
    }
  }
  devtools.close();

  // A test generated by introspection: the tool stub is loaded, its application described, and
  // the test written from the tool's listed schema and scopes.
  const scoped = await connect(createDevtools());
  const echo = await scoped.callTool('generate_tool_stub', {
    name: 'secure_echo',
    fields: 'text: string, times?: integer',
    scopes: ['echo:use'],
  });
  write(join(DIR, 'introspected', 'secure-echo-tools.ts'), codeOf(echo));
  scoped.close();
  // jest's require transforms the generated file with ts-jest (native import() is not set up here).
  const { SecureEchoTools } = require(join(DIR, 'introspected', 'secure-echo-tools.ts')) as {
    SecureEchoTools: new () => object;
  };
  const app = McpApplication.create({ name: 'echo', version: '1', providers: [SecureEchoTools] });
  const introspecting: TestClient = await connect(createDevtools({ app }));
  const generated = codeOf(
    await introspecting.callTool('generate_test_stub', { tool: 'secure_echo' }),
  );
  expect(generated).toContain("scopes: ['echo:use']");
  write(join(DIR, 'introspected', 'secure-echo.test.ts'), generated);
  introspecting.close();
  written.push('introspected/secure-echo-tools.ts', 'introspected/secure-echo.test.ts');

  for (const [file, code] of Object.entries(CHECKS)) write(join(DIR, file), code);
  for (const block of docBlocks()) write(join(DIR, block.file), block.code);

  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', DIR, '--pretty', 'false'],
    {
      cwd: DIR,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  tsc = { status: run.status, output: `${run.stdout}${run.stderr}` };
  if (process.env.KEEP_STUBS) console.log(tsc);
}, 180_000);

afterAll(() => {
  if (!process.env.KEEP_STUBS) rmSync(DIR, { recursive: true, force: true });
  written = [];
});

test('every generator output compiles with tsc against the package', () => {
  expect(written.length).toBeGreaterThanOrEqual(CASES.length + 6);
  const stubErrors = tsc.output
    .split('\n')
    .filter((line) => /error TS\d+/.test(line) && !line.startsWith('docs/'));
  expect(stubErrors).toEqual([]);
});

test('every complete ```ts block of the docs compiles too', () => {
  expect(docBlocks().length).toBeGreaterThan(15);
  expect(errorsIn('docs/')).toEqual([]);
  expect(tsc.status).toBe(0);
});

test("the generated tests (and the docs' tests, and checks of the generated resources and prompts) pass under jest", () => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('JEST_')),
  );
  const run = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--config',
      join(DIR, 'jest.config.json'),
      '--json',
      '--ci',
      '--silent',
    ],
    { cwd: DIR, encoding: 'utf8', env, timeout: 150_000 },
  );
  const report = JSON.parse(run.stdout) as {
    numFailedTests: number;
    numPassedTests: number;
    numTotalTestSuites: number;
    testResults: Array<{ name: string; status: string; message: string }>;
  };
  if (process.env.KEEP_STUBS)
    console.log(report.numPassedTests, report.numTotalTestSuites, run.stderr.slice(0, 3000));
  const failures = report.testResults
    .filter((r) => r.status !== 'passed')
    .map((r) => `${r.name}\n${r.message}`);
  expect(failures).toEqual([]);
  // 8 generated test files (3 or 2 tests each; 2 of them Nest), 5 checks, and the docs' own tests.
  expect(report.numTotalTestSuites).toBeGreaterThanOrEqual(8 + 5 + 2);
  expect(report.numFailedTests).toBe(0);
  expect(report.numPassedTests).toBeGreaterThanOrEqual(8 * 2 + 5 + 2);
  expect(report.testResults.filter((r) => r.name.includes('provider-nest'))).toHaveLength(2);
}, 180_000);
