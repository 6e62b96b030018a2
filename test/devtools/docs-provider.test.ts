/**
 * The documentation as resources: every markdown page of docs/ under an exact URI computed at start-up,
 * nothing else, and no client string ever joined into a path.
 */

import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError, ErrorCode } from 'declarative-mcp';
import { createDevtools } from 'declarative-mcp/devtools';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { DOCS, markdownFiles, PATH_LIKE_URIS, rpcError } from './helpers';

let client: TestClient;
beforeAll(async () => {
  client = await connect(createDevtools());
});
afterAll(() => client.close());

/** The SKILL.md of each skill the devtools make from the docs (test/devtools/skills-provider.test.ts). */
const SKILLS = ['guide', 'decorators', 'testing', 'scale-out', 'transports'].map(
  (name) => `skill://declarative-mcp/${name}/SKILL.md`,
);

describe('resources: the guide and every docs page, and the docs skills, nothing else', () => {
  test('lists the guide and every *.md under docs/ with exact URIs', async () => {
    const resources = await client.listResources();
    const pages = markdownFiles(DOCS)
      .filter((path) => path !== 'guide.md')
      .sort();
    expect(resources.map((r) => r.uri).sort()).toEqual(
      [
        'declarative-mcp://guide',
        ...pages.map((p) => `declarative-mcp://docs/${p}`),
        ...SKILLS,
      ].sort(),
    );
    expect(resources.find((r) => r.uri.endsWith('/getting-started.md'))).toMatchObject({
      name: 'getting-started.md',
      title: 'Getting started',
      mimeType: 'text/markdown',
    });
    expect(await client.listResourceTemplates()).toEqual([]);
  });

  test('each page reads back as the file holds it', async () => {
    for (const path of markdownFiles(DOCS).filter((p) => p !== 'guide.md')) {
      const uri = `declarative-mcp://docs/${path}`;
      expect(await client.readResource(uri)).toEqual([
        { uri, mimeType: 'text/markdown', text: readFileSync(join(DOCS, path), 'utf8') },
      ]);
    }
  });

  test('the pages the README links are all there', () => {
    for (const page of [
      'getting-started.md',
      'tools.md',
      'resources.md',
      'prompts.md',
      'schemas.md',
      'context-and-calls.md',
      'dependency-injection.md',
      'errors.md',
      'authorization.md',
      'interceptors.md',
      'transports-stdio.md',
      'transports-http.md',
      'nestjs.md',
      'testing.md',
      'devtools.md',
    ]) {
      expect(markdownFiles(DOCS)).toContain(page);
    }
  });

  test.each(PATH_LIKE_URIS)('%s is RESOURCE_NOT_FOUND (-32002)', async (uri) => {
    const error = await rpcError(client.readResource(uri));
    expect(error.code).toBe(ErrorCode.RESOURCE_NOT_FOUND);
    expect(error.data).toEqual({ uri });
  });

  test('a docs folder: nested pages are served; links leading out of it are not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devtools-docs-'));
    try {
      const docs = join(dir, 'docs');
      mkdirSync(join(docs, 'nested'), { recursive: true });
      mkdirSync(join(dir, 'outside'));
      writeFileSync(join(docs, 'guide.md'), '# Guide\n');
      writeFileSync(join(docs, 'a.md'), '# A\n');
      writeFileSync(join(docs, 'nested', 'b.md'), '# B\n');
      writeFileSync(join(docs, 'notes.txt'), 'not markdown');
      writeFileSync(join(dir, 'outside', 'secret.md'), '# Secret\n');
      symlinkSync(join(dir, 'outside', 'secret.md'), join(docs, 'secret.md'));
      symlinkSync(join(dir, 'outside'), join(docs, 'linked'));
      symlinkSync(join(docs, 'a.md'), join(docs, 'alias.md'));
      const devtools = await connect(createDevtools({ docsFolder: docs }));
      expect(devtools.initialized.instructions).toBe('# Guide\n');
      expect((await devtools.listResources()).map((r) => r.uri).sort()).toEqual([
        'declarative-mcp://docs/a.md',
        'declarative-mcp://docs/alias.md',
        'declarative-mcp://docs/nested/b.md',
        'declarative-mcp://guide',
        // Only the guide's skill: the other skills' pages are not in this folder.
        'skill://declarative-mcp/guide/SKILL.md',
      ]);
      for (const uri of [
        'declarative-mcp://docs/secret.md',
        'declarative-mcp://docs/linked/secret.md',
      ]) {
        expect((await rpcError(devtools.readResource(uri))).code).toBe(-32002);
      }
      expect(await devtools.readResource('declarative-mcp://docs/nested/b.md')).toEqual([
        { uri: 'declarative-mcp://docs/nested/b.md', mimeType: 'text/markdown', text: '# B\n' },
      ]);
      devtools.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a docs folder without guide.md, or none at all, is a ConfigurationError', () => {
    const dir = mkdtempSync(join(tmpdir(), 'devtools-docs-'));
    try {
      expect(() => createDevtools({ docsFolder: dir })).toThrow(/guide\.md is missing/);
      expect(() => createDevtools({ docsFolder: join(dir, 'none') })).toThrow(ConfigurationError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
