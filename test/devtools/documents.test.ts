/**
 * Reading the guide and the documentation pages: URIs computed from the files found, titles,
 * order, and what is never read (hidden entries, node_modules, links leading out).
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError } from '../../src/core';
import { DOCS_PREFIX, GUIDE_URI, loadDocuments } from '../../src/devtools/documents';

let dir: string;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'devtools-documents-')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

test('the URIs', () => {
  expect(GUIDE_URI).toBe('declarative-mcp://guide');
  expect(DOCS_PREFIX).toBe('declarative-mcp://docs/');
});

test('the guide apart; pages by path with getting-started first; titles from the first # heading', () => {
  write('guide.md', 'intro\n# The guide\r\nmore');
  write('zeta.md', '# Zeta');
  write('getting-started.md', '## not a title\n# Start');
  write('api/alpha.MD', 'no heading');
  write('odd name #1.md', '# Odd ');
  const set = loadDocuments(dir);
  expect(set.guide).toEqual({
    uri: 'declarative-mcp://guide',
    path: 'guide.md',
    title: 'The guide',
    text: 'intro\n# The guide\r\nmore',
    lines: ['intro', '# The guide', 'more'],
  });
  expect(set.pages.map((p) => [p.uri, p.path, p.title])).toEqual([
    ['declarative-mcp://docs/getting-started.md', 'getting-started.md', 'Start'],
    ['declarative-mcp://docs/api/alpha.MD', 'api/alpha.MD', 'api/alpha.MD'],
    ['declarative-mcp://docs/odd%20name%20%231.md', 'odd name #1.md', 'Odd'],
    ['declarative-mcp://docs/zeta.md', 'zeta.md', 'Zeta'],
  ]);
  expect([...set.byUri.keys()]).toEqual([
    'declarative-mcp://guide',
    ...set.pages.map((p) => p.uri),
  ]);
  expect(set.byUri.get('declarative-mcp://docs/zeta.md')).toBe(set.pages[3]);
  expect(Object.isFrozen(set)).toBe(true);
  expect(Object.isFrozen(set.pages)).toBe(true);
  expect(Object.isFrozen(set.guide.lines)).toBe(true);
});

test('a guide.md below the top is an ordinary page', () => {
  write('guide.md', '# G');
  write('nested/guide.md', '# Nested');
  expect(loadDocuments(dir).pages.map((p) => p.uri)).toEqual([
    'declarative-mcp://docs/nested/guide.md',
  ]);
});

test('hidden entries, node_modules, other files, links out and dangling links are not read', () => {
  write('guide.md', '# G');
  write('.hidden.md', '# H');
  write('.git/x.md', '# X');
  write('node_modules/pkg/readme.md', '# R');
  write('notes.txt', 'text');
  write('inside.md', '# In');
  const outside = mkdtempSync(join(tmpdir(), 'devtools-outside-'));
  try {
    writeFileSync(join(outside, 'secret.md'), '# Secret');
    symlinkSync(join(outside, 'secret.md'), join(dir, 'secret.md'));
    symlinkSync(outside, join(dir, 'linked'));
    symlinkSync(join(dir, 'inside.md'), join(dir, 'alias.md'));
    symlinkSync(join(dir, 'missing.md'), join(dir, 'dangling.md'));
    expect(loadDocuments(dir).pages.map((p) => p.path)).toEqual(['alias.md', 'inside.md']);
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});

test('the folder given through a link is read at its real path', () => {
  write('docs/guide.md', '# G');
  write('docs/a.md', '# A');
  symlinkSync(join(dir, 'docs'), join(dir, 'via'));
  expect(loadDocuments(join(dir, 'via')).pages.map((p) => p.uri)).toEqual([
    'declarative-mcp://docs/a.md',
  ]);
});

test('no guide.md: a ConfigurationError naming the file and what to do', () => {
  write('a.md', '# A');
  expect(() => loadDocuments(dir)).toThrow(ConfigurationError);
  expect(() => loadDocuments(dir)).toThrow(
    `devtools: ${join(dir, 'guide.md')} is missing; the guide is served from it. Reinstall declarative-mcp, or pass a docsFolder that holds a guide.md.`,
  );
});

test('no folder: a ConfigurationError naming it', () => {
  const none = join(dir, 'none');
  expect(() => loadDocuments(none)).toThrow(
    new ConfigurationError(
      `devtools: the documentation folder ${none} does not exist. It ships with the package ("files" includes "docs"); reinstall declarative-mcp, or pass docsFolder.`,
    ),
  );
});
