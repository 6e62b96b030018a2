import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The package as a user gets it: `npm pack`, install the tarball into an empty project, and
 * load every entry from plain JavaScript, with `require` and with `import`.
 */
const root = resolve(__dirname, '../..');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'declarative-mcp-pack-'));
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
    cwd: root,
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
  const core = new main.McpCore({ name: 'Packed', version: '1.0.0', lister: () => [], caller: () => 'ok' });
  const answer = await core.handle('{"jsonrpc":"2.0","id":1,"method":"ping"}');
  const names = [typeof main.McpApplication, typeof main.StdioTransport, typeof decorators.Tool, typeof testing.connect, typeof main.Tool];
  console.log(JSON.stringify({ answer, names, same: main.Tool === decorators.Tool }));
`;

function run(file: string, source: string): { answer: string; names: string[]; same: boolean } {
  writeFileSync(join(dir, file), source);
  return JSON.parse(execFileSync('node', [file], { cwd: dir, encoding: 'utf8' }));
}

const expected = {
  answer: '{"jsonrpc":"2.0","id":1,"result":{}}',
  names: ['function', 'function', 'function', 'function', 'function'],
  same: true,
};

test('CommonJS require loads every entry', () => {
  const source = `(async () => {${program.replaceAll('REQUIRE', 'require')}})();`;
  expect(run('consumer.cjs', source)).toEqual(expected);
});

test('ESM import loads every entry (one module graph: the decorators are the same functions)', () => {
  const source = `const load = (name) => import(name);\n${program.replaceAll('REQUIRE(', 'await load(')}`;
  expect(run('consumer.mjs', source)).toEqual(expected);
});
