/**
 * The state one devtools set shares: documents read once, the application (given, or a function
 * asked each time), the package version, and the exports index loaded once.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentSet } from '../../src/devtools/documents';
import type { IntrospectableApplication } from '../../src/devtools/introspect';
import { DevtoolsState } from '../../src/devtools/state';

const ROOT = join(__dirname, '..', '..');
const EMPTY: DocumentSet = {
  guide: { uri: 'declarative-mcp://guide', path: 'guide.md', title: 'G', text: '', lines: [] },
  pages: [],
  byUri: new Map(),
};
const fake = {
  describe: () => [],
  core: { name: 'a', version: '1', capabilities: {} },
} as IntrospectableApplication;

let dir: string;
beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'devtools-state-')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('load: the package root, its docs, the transports frozen', () => {
  const transports = ['stdio'];
  const state = DevtoolsState.load(undefined, transports, undefined, 'a note', '/x/dist/server.js');
  expect(state.root).toBe(ROOT);
  expect(state.documents.guide.text).toBe(readFileSync(join(ROOT, 'docs', 'guide.md'), 'utf8'));
  expect(state.transports).toEqual(['stdio']);
  expect(state.transports).not.toBe(transports);
  expect(Object.isFrozen(state.transports)).toBe(true);
  expect(state.note).toBe('a note');
  expect(state.module).toBe('/x/dist/server.js');
  expect(DevtoolsState.load(undefined, undefined, undefined).transports).toEqual([]);
});

test('load with a docs folder of its own', () => {
  writeFileSync(join(dir, 'guide.md'), '# Mine');
  expect(DevtoolsState.load(undefined, [], dir).documents.guide.title).toBe('Mine');
});

test("version: the package's, or 0.0.0 when its manifest cannot be read", () => {
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  expect(new DevtoolsState(ROOT, EMPTY, undefined, [], undefined).version).toBe(version);
  expect(new DevtoolsState(join(dir, 'none'), EMPTY, undefined, [], undefined).version).toBe(
    '0.0.0',
  );
});

test('application: the one given, or what the function answers each time it is asked', () => {
  expect(new DevtoolsState(ROOT, EMPTY, undefined, [], undefined).application()).toBeUndefined();
  expect(new DevtoolsState(ROOT, EMPTY, fake, [], undefined).application()).toBe(fake);
  let current: IntrospectableApplication | undefined;
  const later = new DevtoolsState(ROOT, EMPTY, () => current, [], undefined);
  expect(later.application()).toBeUndefined();
  current = fake;
  expect(later.application()).toBe(fake);
});

test('exports index and symbols: loaded once; none, with the reason, where there is no build', () => {
  const state = new DevtoolsState(ROOT, EMPTY, undefined, [], undefined);
  const loaded = state.exportsIndex();
  expect(loaded).toHaveProperty('index');
  expect(state.exportsIndex()).toBe(loaded);
  const symbols = state.symbols();
  expect(symbols.map((s) => s.symbol)).toContain('McpApplication.create');
  expect(state.symbols()).toBe(symbols);

  const bare = new DevtoolsState(dir, EMPTY, undefined, [], undefined);
  expect(bare.exportsIndex()).toEqual({ error: expect.any(String) });
  expect(bare.symbols()).toEqual([]);
});
