/**
 * `generate_test_stub` as a user meets it: `declarative-mcp devtools dist/server.js` (the built
 * command, a child process over stdio) introspects the compiled application of a project that
 * has no jest, so the test it writes is for `node:test` and imports the provider from beside the
 * module that exports it (`./server`, or `./server.js` in an ES module package). The test is then
 * saved beside the source, compiled with `tsc` and run with `node --test dist/`, and must pass.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'src', 'cli', 'bin.js');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

const SERVER = `import { McpApplication, Tool } from 'declarative-mcp';
import { z } from 'zod';

export class WeatherTools {
  @Tool({ description: 'The forecast for a city.', input: z.object({ city: z.string(), days: z.number().int().min(1) }) })
  forecast({ city, days }: { city: string; days: number }): string {
    return \`Sunny in \${city} for \${days} day(s).\`;
  }
}

export const app = McpApplication.create({ name: 'weather', version: '1.0.0', providers: [WeatherTools] });
`;

/** A project outside this repository (so jest cannot be resolved from it), with the package linked in. */
function project(esm: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'declarative-mcp-test-stub-'));
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'declarative-mcp'), 'dir');
  for (const name of ['zod', 'reflect-metadata', '@types/node'])
    symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'weather', private: true, ...(esm ? { type: 'module' } : {}) }),
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: esm ? 'nodenext' : 'commonjs',
        rootDir: 'src',
        outDir: 'dist',
        types: ['node'],
        strict: true,
        skipLibCheck: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
      },
      include: ['src'],
    }),
  );
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'server.ts'), SERVER);
  return dir;
}

function run(command: string, args: string[], cwd: string): string {
  const ran = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000 });
  const output = `${ran.stdout}${ran.stderr}`;
  if (ran.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} ended with ${ran.status ?? ran.signal}:\n${output}`,
    );
  return output;
}

/** Asks the devtools command, over stdio, for the test of `tool`; resolves with the answer's text. */
function askDevtools(dir: string, tool: string): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'devtools', 'dist/server.js'], {
    cwd: dir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines = [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'generate_test_stub', arguments: { tool } },
    },
  ];
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`devtools gave no answer to tools/call within 60 s:\n${out}\n${err}`));
    }, 60_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const answer = out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map(
          (line) =>
            JSON.parse(line) as {
              id?: number;
              result?: { content: { text: string }[]; isError: boolean };
            },
        )
        .find((message) => message.id === 2);
      if (answer === undefined) return;
      clearTimeout(timer);
      child.stdin.end();
      if (answer.result?.isError !== false)
        reject(new Error(`generate_test_stub failed: ${JSON.stringify(answer)}`));
      else resolve(answer.result.content[0].text);
    });
    child.on('error', reject);
    for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`);
  });
}

describe.each([
  ['CommonJS', false, "from './server';"],
  ['an ES module package', true, "from './server.js';"],
])('generate_test_stub from `declarative-mcp devtools dist/server.js`, %s', (_name, esm, from) => {
  let dir: string;

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('writes a node:test test importing the provider from beside its module; it compiles and passes', async () => {
    dir = project(esm);
    run(process.execPath, [TSC], dir);
    const text = await askDevtools(dir, 'forecast');
    expect(text).toMatch(/^A node:test test .*Save it as `forecast\.test\.ts`\./);
    const code = /```ts\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
    expect(code).toContain(`import { WeatherTools } ${from}`);
    expect(code).toContain("from 'node:test';");
    writeFileSync(join(dir, 'src', 'forecast.test.ts'), code);
    run(process.execPath, [TSC], dir);
    const tested = run(process.execPath, ['--test', 'dist/'], dir);
    expect(tested).toMatch(/^# pass 3$/m);
    expect(tested).toMatch(/^# fail 0$/m);
  }, 300_000);
});
