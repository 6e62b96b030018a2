/**
 * The export index list_exports reads: generated from the build's .d.ts files by the TypeScript
 * compiler API, written to dist/exports.json by `npm run build`, and computed on first use when
 * that file is absent. It must name exactly what the compiled entry points export.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ts from 'typescript';
import { buildExportsIndex, loadExportsIndex } from '../../src/devtools/exports-index';

const ROOT = join(__dirname, '..', '..');

test('dist/exports.json is what the compiler API reads from the build now', () => {
  const loaded = loadExportsIndex(ROOT);
  if ('error' in loaded) throw new Error(loaded.error);
  expect(loaded.source).toBe('dist/exports.json');
  const now = buildExportsIndex(ts, ROOT);
  if (JSON.stringify(loaded.index) !== JSON.stringify(now)) {
    // The .d.ts files were rebuilt without the build's last step (plain `tsc`).
    throw new Error('dist/exports.json is older than the .d.ts files: run `npm run build`.');
  }
});

test('it names every value the compiled entry points export at run time, and their types', () => {
  const loaded = loadExportsIndex(ROOT);
  if ('error' in loaded) throw new Error(loaded.error);
  const { entries } = loaded.index;
  // Every entry package.json exports, at the file Node loads for it.
  const exportsMap = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).exports as Record<
    string,
    { default?: string }
  >;
  const runtime: Record<string, string> = {};
  for (const [key, target] of Object.entries(exportsMap)) {
    if (target.default !== undefined)
      runtime[join('declarative-mcp', key)] = join(ROOT, target.default);
  }
  expect(Object.keys(entries).sort()).toEqual(Object.keys(runtime).sort());
  for (const [entry, file] of Object.entries(runtime)) {
    const values = Object.keys(require(file)).filter((name) => name !== '__esModule');
    const named = entries[entry]
      .filter((e) => !['interface', 'type'].includes(e.kind) && e.typeOnly !== true)
      .map((e) => e.name);
    expect(named.sort()).toEqual(values.sort());
  }
  const main = new Map(entries['declarative-mcp'].map((e) => [e.name, e]));
  expect(main.get('McpApplicationOptions')).toEqual({
    name: 'McpApplicationOptions',
    kind: 'interface',
    summary: 'Options of McpApplication.create.',
  });
  expect(main.get('Interceptor')?.kind).toBe('type');
  expect(main.get('ErrorCode')?.kind).toBe('const');
  // The module-level duplicates of McpCore.VERSIONS / McpCore.negotiate are not exported.
  expect(main.has('VERSIONS')).toBe(false);
  expect(main.has('negotiate')).toBe(false);
  // A re-export's TSDoc sits on its `export { … } from` line.
  expect(main.get('JSONSchema')?.summary).toMatch(/^class-validator-jsonschema's decorator/);
  // The type-only namespace Mcp, with its types as members (search finds Mcp.ToolDefinition).
  expect(main.get('Mcp')).toMatchObject({ kind: 'namespace', typeOnly: true });
  expect(main.get('Mcp')?.members).toContainEqual({
    name: 'ToolDefinition',
    kind: 'interface',
    static: false,
    summary: expect.stringMatching(/tool/i),
  });
  expect(main.has('ToolDefinition')).toBe(false);
  expect(main.size).toBeLessThanOrEqual(70);
  // Members of classes: the package's own, not those inherited from Error.
  expect(main.get('ToolError')?.members?.map((m) => m.name)).toEqual(['is']);
});

test('without dist/exports.json the index is computed from the .d.ts files with typescript', () => {
  const dir = mkdtempSync(join(tmpdir(), 'devtools-exports-'));
  try {
    cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    mkdirSync(join(dir, 'dist'));
    symlinkSync(join(ROOT, 'dist', 'src'), join(dir, 'dist', 'src'));
    symlinkSync(join(ROOT, 'dist', 'decorators'), join(dir, 'dist', 'decorators'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const loaded = loadExportsIndex(dir);
    if ('error' in loaded) throw new Error(loaded.error);
    expect(loaded.source).toBe('typescript');
    const built = loadExportsIndex(ROOT);
    if ('error' in built) throw new Error(built.error);
    expect(loaded.index).toEqual(built.index);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without a build, it says what to run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'devtools-exports-'));
  try {
    cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    const loaded = loadExportsIndex(dir);
    expect('error' in loaded && loaded.error).toMatch(/is missing: run npm run build/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
