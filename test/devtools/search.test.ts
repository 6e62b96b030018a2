/**
 * The documentation search on made-up pages and symbols: symbols the query names first, then
 * lines holding every word, headings a little higher, then page order.
 */
import type { DocumentPage, DocumentSet } from '../../src/devtools/documents';
import type { ExportsIndex } from '../../src/devtools/exports-index';
import { type SymbolInfo, search, symbolsOf, wordsOf } from '../../src/devtools/search';

function page(uri: string, text: string): DocumentPage {
  return { uri, path: uri, title: uri, text, lines: text.split('\n') };
}

function documents(guide: string, ...pages: Array<[string, string]>): DocumentSet {
  const g = page('declarative-mcp://guide', guide);
  const list = pages.map(([uri, text]) => page(uri, text));
  return { guide: g, pages: list, byUri: new Map([g, ...list].map((p) => [p.uri, p])) };
}

const symbol = (name: string, more: Partial<SymbolInfo> = {}): SymbolInfo => ({
  symbol: name,
  kind: 'class',
  summary: '',
  entry: 'declarative-mcp',
  ...more,
});

describe('wordsOf', () => {
  test('lower case, split on anything but letters, digits, _ $ @, each once', () => {
    expect(wordsOf('McpApplication.create  create, @Tool $x a_b!')).toEqual([
      'mcpapplication',
      'create',
      '@tool',
      '$x',
      'a_b',
    ]);
    expect(wordsOf(' ?! ')).toEqual([]);
  });
});

describe('symbolsOf', () => {
  test('each name and member once, the shortest entry (the main one) first', () => {
    const index = {
      entries: {
        'declarative-mcp/testing': [{ name: 'connect', kind: 'function', summary: 'Connects.' }],
        'declarative-mcp': [
          {
            name: 'McpApplication',
            kind: 'class',
            summary: 'An app.',
            members: [
              {
                name: 'create',
                kind: 'method',
                static: true,
                summary: 'Creates.',
                signature: 'create()',
              },
              { name: 'describe', kind: 'method', summary: 'Describes.' },
            ],
          },
          { name: 'connect', kind: 'function', summary: 'Main connect.' },
        ],
      },
    } as unknown as ExportsIndex;
    expect(symbolsOf(index)).toEqual([
      {
        symbol: 'McpApplication',
        kind: 'class',
        summary: 'An app.',
        signature: undefined,
        entry: 'declarative-mcp',
      },
      {
        symbol: 'McpApplication.create',
        kind: 'static method',
        summary: 'Creates.',
        signature: 'create()',
        entry: 'declarative-mcp',
      },
      {
        symbol: 'McpApplication.describe',
        kind: 'method',
        summary: 'Describes.',
        signature: undefined,
        entry: 'declarative-mcp',
      },
      {
        symbol: 'connect',
        kind: 'function',
        summary: 'Main connect.',
        signature: undefined,
        entry: 'declarative-mcp',
      },
    ]);
  });
});

describe('search', () => {
  const docs = documents(
    '# Guide\nCreate an app with McpApplication.create.\nnothing here',
    ['declarative-mcp://docs/a.md', 'tools are listed\n## Tools and scopes\nscopes alone'],
    ['declarative-mcp://docs/b.md', 'tools and scopes again\ncall create( once'],
  );

  test('prose: every word above some, a heading above a line, then page order and line', () => {
    expect(search(docs, [], 'tools scopes', 10)).toEqual([
      { resource: 'declarative-mcp://docs/a.md', line: 2, excerpt: '## Tools and scopes' },
      { resource: 'declarative-mcp://docs/b.md', line: 1, excerpt: 'tools and scopes again' },
      { resource: 'declarative-mcp://docs/a.md', line: 1, excerpt: 'tools are listed' },
      { resource: 'declarative-mcp://docs/a.md', line: 3, excerpt: 'scopes alone' },
    ]);
  });

  test('a heading ranks above the same words in a line of an earlier page', () => {
    const set = documents(
      'x',
      ['declarative-mcp://docs/a.md', 'tools'],
      ['declarative-mcp://docs/b.md', '# tools'],
    );
    expect(search(set, [], 'tools', 5).map((r) => r.resource)).toEqual([
      'declarative-mcp://docs/b.md',
      'declarative-mcp://docs/a.md',
    ]);
  });

  test('limit cuts the list', () => {
    expect(search(docs, [], 'tools scopes', 2)).toHaveLength(2);
  });

  test('a symbol the query names comes first, pointing at where the docs mention it; that line is not repeated', () => {
    const symbols = [
      symbol('McpApplication', { summary: 'Create one with create.' }),
      symbol('McpApplication.create', {
        kind: 'static method',
        summary: 'Creates an app.',
        signature: 'create(options)',
      }),
    ];
    const results = search(docs, symbols, 'McpApplication create', 10);
    expect(results.slice(0, 2)).toEqual([
      {
        resource: 'declarative-mcp://guide',
        line: 2,
        excerpt: 'create(options) — Creates an app.',
        symbol: 'McpApplication.create',
        kind: 'static method',
        entry: 'declarative-mcp',
      },
      {
        resource: 'declarative-mcp://guide',
        line: 2,
        excerpt: 'McpApplication — Create one with create.',
        symbol: 'McpApplication',
        kind: 'class',
        entry: 'declarative-mcp',
      },
    ]);
    expect(
      results.filter((r) => r.resource === 'declarative-mcp://guide' && r.line === 2),
    ).toHaveLength(2);
    expect(results.slice(2).every((r) => r.symbol === undefined)).toBe(true);
  });

  test('a member the docs do not name is found by "member(", a symbol they never mention has no place', () => {
    const symbols = [
      symbol('Client.create', { kind: 'method' }),
      symbol('Unmentioned', { summary: 'unmentioned' }),
    ];
    expect(search(docs, symbols, 'client create', 1)[0]).toMatchObject({
      symbol: 'Client.create',
      resource: 'declarative-mcp://docs/b.md',
      line: 2,
    });
    expect(search(docs, symbols, 'unmentioned', 5)[0]).toEqual({
      resource: null,
      line: null,
      excerpt: 'Unmentioned — unmentioned',
      symbol: 'Unmentioned',
      kind: 'class',
      entry: 'declarative-mcp',
    });
  });

  test('a symbol must hold every word (in its name, summary or signature)', () => {
    const symbols = [symbol('McpApplication', { summary: 'An app.' })];
    expect(search(docs, symbols, 'McpApplication zebra', 5).some((r) => r.symbol)).toBe(false);
  });

  test('at most five symbols, and no more than the limit', () => {
    const symbols = Array.from({ length: 8 }, (_, i) => symbol(`Tool${i}`));
    expect(search(docs, symbols, 'tool', 20).filter((r) => r.symbol)).toHaveLength(5);
    expect(search(docs, symbols, 'tool', 3).filter((r) => r.symbol)).toHaveLength(3);
  });

  test('a long line is clipped to 240 characters with an ellipsis', () => {
    const long = `word ${'x'.repeat(400)}`;
    const [hit] = search(documents(long), [], 'word', 1);
    expect(hit.excerpt).toHaveLength(240);
    expect(hit.excerpt.endsWith('…')).toBe(true);
  });

  test('no words: no results', () => {
    expect(search(docs, [symbol('A')], '?!', 10)).toEqual([]);
  });
});
