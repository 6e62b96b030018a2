/**
 * The documentation search and the public API (src/devtools/reference-provider.ts):
 * search_documentation and list_exports through the in-memory client, with good and bad
 * arguments, and the index that cannot be had.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolError } from 'declarative-mcp';
import { createDevtools } from 'declarative-mcp/devtools';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { DevtoolsReference } from '../../src/devtools/reference-provider';
import { DevtoolsState } from '../../src/devtools/state';
import { failureOf, jsonOf, ROOT } from './helpers';

let client: TestClient;
beforeAll(async () => {
  client = await connect(createDevtools());
});
afterAll(() => client.close());

describe('reference tools', () => {
  test('search_documentation: the API entry a query names comes before prose', async () => {
    const { results } = jsonOf(
      await client.callTool('search_documentation', { query: 'McpApplication create' }),
    );
    expect(results[0]).toMatchObject({
      symbol: 'McpApplication.create',
      kind: 'static method',
      entry: 'declarative-mcp',
    });
    expect(results[0].excerpt).toMatch(
      /^create<C = unknown>\(options: McpApplicationOptions<C>\): McpApplication<C> — /,
    );
    const prose = results.filter((r: { symbol?: string }) => r.symbol === undefined);
    expect(prose.length).toBeGreaterThan(0);
    expect(results.findIndex((r: { symbol?: string }) => r.symbol === undefined)).toBeGreaterThan(
      0,
    );
    // Every result points at a line that holds what its excerpt says.
    for (const result of results) {
      if (result.resource === null) continue;
      const [{ text }] = (await client.readResource(result.resource)) as Array<{ text: string }>;
      const line = text.split('\n')[result.line - 1];
      if (result.symbol === undefined)
        expect(line.trim().startsWith(result.excerpt.replace(/…$/, ''))).toBe(true);
      else expect(line).toContain(result.symbol.split('.').pop());
    }
  });

  test('search_documentation: prose, with results in { resource, line, excerpt } and limit honoured', async () => {
    const { results } = jsonOf(
      await client.callTool('search_documentation', {
        query: 'path traversal etc passwd',
        limit: 3,
      }),
    );
    expect(results.length).toBeLessThanOrEqual(3);
    for (const result of results)
      expect(Object.keys(result).sort()).toEqual(['excerpt', 'line', 'resource']);
    const scoped = jsonOf(
      await client.callTool('search_documentation', { query: 'Not allowed' }),
    ).results;
    expect(scoped[0].excerpt).toContain('Not allowed');
  });

  test('search_documentation: no words, or a limit out of range → isError', async () => {
    expect(failureOf(await client.callTool('search_documentation', { query: ' ?! ' }))).toMatch(
      /no words/,
    );
    expect(
      failureOf(await client.callTool('search_documentation', { query: 'tool', limit: 0 })),
    ).toMatch(/^Invalid arguments: limit/);
    expect(failureOf(await client.callTool('search_documentation', {}))).toMatch(
      /^Invalid arguments: query/,
    );
  });

  test('list_exports: the names of the build, with kinds and summaries', async () => {
    const index = JSON.parse(readFileSync(join(ROOT, 'dist', 'exports.json'), 'utf8'));
    const listed = jsonOf(await client.callTool('list_exports'));
    expect(listed).toMatchObject({
      package: 'declarative-mcp',
      entry: 'declarative-mcp',
      source: 'dist/exports.json',
    });
    expect(listed.exports.map((e: { name: string }) => e.name)).toEqual(
      index.entries['declarative-mcp'].map((e: { name: string }) => e.name),
    );
    const byName = new Map(listed.exports.map((e: { name: string }) => [e.name, e]));
    expect(byName.get('McpApplication')).toEqual({
      name: 'McpApplication',
      kind: 'class',
      summary: expect.stringMatching(/^An MCP server built from decorated provider classes/),
    });
    expect(byName.has('createDevtools')).toBe(false);
    expect(byName.get('ToolOptions')).toMatchObject({
      kind: 'interface',
      summary: 'Options of Tool.',
    });
    expect(byName.get('ErrorCode')).toMatchObject({ kind: 'const' });
    const testing = jsonOf(
      await client.callTool('list_exports', { entry: 'declarative-mcp/testing', kind: 'function' }),
    );
    expect(testing.exports.map((e: { name: string }) => e.name)).toEqual([
      'connect',
      'connectHttp',
      'connectProcess',
    ]);
    const devtools = jsonOf(
      await client.callTool('list_exports', {
        entry: 'declarative-mcp/devtools',
        kind: 'function',
      }),
    );
    expect(devtools.exports).toContainEqual(
      expect.objectContaining({
        name: 'createDevtools',
        signature: expect.stringMatching(/^createDevtools\(/),
      }),
    );
    const classes = jsonOf(
      await client.callTool('list_exports', { filter: 'mcpapp', members: true }),
    );
    expect(classes.exports[0].members).toContainEqual(
      expect.objectContaining({ name: 'create', kind: 'method', static: true }),
    );
  });

  test('list_exports: an unknown entry or kind → isError', async () => {
    expect(
      failureOf(await client.callTool('list_exports', { entry: 'declarative-mcp/internal' })),
    ).toBe(
      'Unknown entry point "declarative-mcp/internal". Known: declarative-mcp, declarative-mcp/decorators, declarative-mcp/testing, declarative-mcp/nestjs, declarative-mcp/devtools, declarative-mcp/redis, declarative-mcp/fetch, declarative-mcp/adapter.',
    );
    expect(failureOf(await client.callTool('list_exports', { kind: 'module' }))).toMatch(
      /^Invalid arguments: kind/,
    );
  });

  test('without a build or the compiler: list_exports says why; the search still answers from the docs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'devtools-reference-'));
    try {
      const loaded = DevtoolsState.load(undefined, [], undefined);
      const bare = new DevtoolsState(dir, loaded.documents, undefined, [], undefined);
      const reference = new DevtoolsReference(bare);
      const error = bare.exportsIndex() as { error: string };
      expect(() => reference.listExports({ entry: 'declarative-mcp', members: false })).toThrow(
        new ToolError(`The export index is not available: ${error.error}`),
      );
      const { results } = JSON.parse(
        reference.searchDocumentation({ query: 'McpApplication', limit: 3 }),
      );
      expect(results).toHaveLength(3);
      expect(results.every((r: { symbol?: string }) => r.symbol === undefined)).toBe(true);
      expect(() => reference.searchDocumentation({ query: '--', limit: 3 })).toThrow(
        new ToolError(
          'The query has no words to look for: give one or more, e.g. "resource template".',
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
