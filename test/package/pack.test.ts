import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

/**
 * The package as a user gets it from a clean clone: the sources without any build output, packed
 * with `npm pack` (its `prepare` builds the library, and only the library), the tarball installed
 * into an empty project, and every entry loaded from plain JavaScript, with `require` and with
 * `import`.
 */
const root = resolve(__dirname, '../..');
let dir: string;
let clone: string;

// What a clone does not have: build output, installed packages, local scratch.
const NOT_IN_A_CLONE = new Set(['node_modules', 'dist', 'build', 'coverage', '.tmp', '.git']);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'declarative-mcp-pack-'));
  clone = join(dir, 'clone');
  cpSync(root, clone, {
    recursive: true,
    filter: (source) => !NOT_IN_A_CLONE.has(basename(source)) && !source.endsWith('.tgz'),
  });
  // The clone's dev dependencies (typescript for prepare): this checkout's, not a second install.
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
    cwd: clone,
    encoding: 'utf8',
  });
  const tarball = join(dir, packed.trim().split('\n').pop()!);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }),
  );
  execFileSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball],
    {
      cwd: dir,
      stdio: 'pipe',
    },
  );
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a clean clone packs: prepare builds the library, not the examples or the benchmark', () => {
  const installed = join(dir, 'node_modules', 'declarative-mcp');
  for (const file of ['dist/src/index.js', 'dist/src/cli/bin.js', 'dist/exports.json'])
    expect(existsSync(join(installed, file))).toBe(true);
  expect(existsSync(join(clone, 'dist', 'src', 'index.js'))).toBe(true);
  expect(existsSync(join(clone, 'build'))).toBe(false);
});

test('the tarball ships dist and the README, not sources or tests', () => {
  const installed = join(dir, 'node_modules', 'declarative-mcp');
  const top = readdirSync(installed).sort();
  expect(top).toEqual(expect.arrayContaining(['README.md', 'dist', 'package.json']));
  expect(top).not.toContain('src');
  expect(top).not.toContain('test');
  expect(readdirSync(join(installed, 'dist')).sort()).not.toContain('test');
});

const program = `
  const main = REQUIRE('declarative-mcp');
  const decorators = REQUIRE('declarative-mcp/decorators');
  const testing = REQUIRE('declarative-mcp/testing');
  const devtools = REQUIRE('declarative-mcp/devtools');
  const redis = REQUIRE('declarative-mcp/redis');
  const fetchFace = REQUIRE('declarative-mcp/fetch');
  const adapter = REQUIRE('declarative-mcp/adapter');
  // ioredis is an optional peer dependency, not installed here: the entry loads, the adapter says what to install.
  let withoutIoredis = '';
  try { redis.redisAdapter({ url: 'redis://127.0.0.1:6379' }); } catch (error) { withoutIoredis = error.message; }
  const core = new main.McpCore({ name: 'Packed', version: '1.0.0', lister: () => [], caller: () => 'ok' });
  const answer = await core.handle('{"jsonrpc":"2.0","id":1,"method":"ping"}');
  const names = [typeof main.McpApplication, typeof main.StdioTransport, typeof decorators.Tool, typeof testing.connect, typeof main.Tool, typeof devtools.createDevtools, typeof redis.redisAdapter, typeof fetchFace.createFetchHandler, typeof adapter.memoryAdapter];
  console.log(JSON.stringify({ answer, names, same: main.Tool === decorators.Tool, withoutIoredis }));
`;

function run(
  file: string,
  source: string,
): { answer: string; names: string[]; same: boolean; withoutIoredis: string } {
  writeFileSync(join(dir, file), source);
  return JSON.parse(execFileSync('node', [file], { cwd: dir, encoding: 'utf8' }));
}

const expected = {
  answer: '{"jsonrpc":"2.0","id":1,"result":{}}',
  names: [
    'function',
    'function',
    'function',
    'function',
    'function',
    'function',
    'function',
    'function',
    'function',
  ],
  same: true,
  withoutIoredis:
    'declarative-mcp/redis needs the "ioredis" package (an optional peer dependency). Install it: npm install ioredis',
};

test('CommonJS require loads every entry', () => {
  const source = `(async () => {${program.replaceAll('REQUIRE', 'require')}})();`;
  expect(run('consumer.cjs', source)).toEqual(expected);
});

test('ESM import loads every entry (one module graph: the decorators are the same functions)', () => {
  const source = `const load = (name) => import(name);\n${program.replaceAll('REQUIRE(', 'await load(')}`;
  expect(run('consumer.mjs', source)).toEqual(expected);
});

// Types of every entry, as a TypeScript user compiles against them: `module: commonjs` (whose
// moduleResolution does not read "exports": typesVersions answers), `node16`, `nodenext` and
// `esnext` with `moduleResolution: bundler`. A missing entry's types are an error in the user's
// file (TS2307), which skipLibCheck does not hide. The other entries name the main entry's types
// through the package's own name (`import type { Mcp } from 'declarative-mcp'` in their .d.ts):
// a type that failed to resolve would be `any`, which the @ts-expect-error lines catch.
test.each([
  ['commonjs', undefined],
  ['node16', undefined],
  ['nodenext', undefined],
  ['esnext', 'bundler'],
])('every entry has types under module: %s (moduleResolution %s)', (module, moduleResolution) => {
  const folder = join(dir, `types-${module}-${moduleResolution ?? 'default'}`);
  mkdirSync(join(folder, 'src'), { recursive: true });
  writeFileSync(
    join(folder, 'src', 'entries.ts'),
    `import { createHttpHandler, type Mcp, McpApplication, Tool } from 'declarative-mcp';
import { memoryAdapter, type StateAdapter } from 'declarative-mcp/adapter';
import { Prompt, type ToolOptions } from 'declarative-mcp/decorators';
import type { DeclarativeMcpModuleOptions } from 'declarative-mcp/nestjs';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { type RedisAdapterOptions, redisAdapter } from 'declarative-mcp/redis';
import { createFetchHandler, type FetchHandler } from 'declarative-mcp/fetch';

export class Tools {
  @Tool() ping(): string { return 'pong'; }
  @Prompt() hello(): string { return 'hello'; }
}
export const app: McpApplication = McpApplication.create({ name: 't', version: '1', providers: [Tools] });
export const client: Promise<TestClient> = connect(app);
export const options: RedisAdapterOptions = { url: 'redis://127.0.0.1:6379', prefix: 'app:' };
export const makeAdapter: typeof redisAdapter = redisAdapter;
export const handler: FetchHandler = createFetchHandler(app);
// The main entry's \`adapter\` option is typed by the adapter entry's StateAdapter.
export const adapter: StateAdapter = memoryAdapter({ eventsPerStream: 10 });
export const nodeHandler = createHttpHandler(app, { adapter });
// The testing entry's results are the main entry's Mcp types, not \`any\`.
export async function tools(c: TestClient): Promise<Mcp.ToolDefinition[]> {
  const listed = await c.listTools();
  // @ts-expect-error a tool definition's name is a string
  const wrong: number = listed[0].name;
  return wrong === 0 ? [] : listed;
}
// The decorators entry's options name Mcp.ToolAnnotations.
// @ts-expect-error readOnlyHint is a boolean
export const annotated: ToolOptions = { annotations: { readOnlyHint: 'yes' } };
// The nestjs entry's options name the main entry's McpApplicationOptions.
// @ts-expect-error version is a string
export const nest: DeclarativeMcpModuleOptions = { name: 'n', version: 1 };
`,
  );
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module,
        ...(moduleResolution === undefined ? {} : { moduleResolution }),
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
      },
      include: ['src'],
    }),
  );
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', folder, '--pretty', 'false'], {
      cwd: folder,
      encoding: 'utf8',
    });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output).toBe('');
});
