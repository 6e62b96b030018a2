/**
 * Full-text search over the guide and the documentation pages, with the package's exported
 * symbols ranked first: `McpApplication create` answers `McpApplication.create` before any
 * sentence that mentions both words.
 */
import type { DocumentPage, DocumentSet } from './documents';
import type { ExportsIndex } from './exports-index';

/** One search result. Symbols carry `symbol`, `kind` and `entry` too. */
export interface SearchResult {
  /** The page's URI (`declarative-mcp://guide`, `declarative-mcp://docs/…`); `null` for a symbol no page mentions. */
  resource: string | null;
  /** 1-based line in that page; `null` with `resource`. */
  line: number | null;
  excerpt: string;
  symbol?: string;
  kind?: string;
  entry?: string;
}

/** A searchable exported name (`McpApplication`) or class member (`McpApplication.create`). */
export interface SymbolInfo {
  symbol: string;
  kind: string;
  summary: string;
  signature?: string;
  entry: string;
}

/** At most this many symbols come before the text matches. */
const SYMBOL_LIMIT = 5;
const EXCERPT = 240;

/** Every exported name and public class member of the index, each once (the main entry first). */
export function symbolsOf(index: ExportsIndex): SymbolInfo[] {
  const seen = new Set<string>();
  const symbols: SymbolInfo[] = [];
  const add = (symbol: SymbolInfo): void => {
    if (seen.has(symbol.symbol)) return;
    seen.add(symbol.symbol);
    symbols.push(symbol);
  };
  const entries = Object.keys(index.entries).sort((a, b) => a.length - b.length);
  for (const entry of entries) {
    for (const item of index.entries[entry]) {
      add({
        symbol: item.name,
        kind: item.kind,
        summary: item.summary,
        signature: item.signature,
        entry,
      });
      for (const m of item.members ?? []) {
        add({
          symbol: `${item.name}.${m.name}`,
          kind: m.static ? `static ${m.kind}` : m.kind,
          summary: m.summary,
          signature: m.signature,
          entry,
        });
      }
    }
  }
  return symbols;
}

/** The query's words, lower case. */
export function wordsOf(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^a-z0-9_$@]+/)
        .filter((w) => w !== ''),
    ),
  ];
}

function clip(text: string): string {
  const line = text.trim();
  return line.length <= EXCERPT ? line : `${line.slice(0, EXCERPT - 1)}…`;
}

/** Where the docs first mention `symbol` as a word (a member: `Class.member`, else `member(`). */
function mention(
  pages: readonly DocumentPage[],
  symbol: string,
): { page: DocumentPage; line: number } | undefined {
  const needles = [symbol];
  const dot = symbol.lastIndexOf('.');
  if (dot > 0) needles.push(`${symbol.slice(dot + 1)}(`);
  for (const needle of needles) {
    const word = new RegExp(
      `(^|[^A-Za-z0-9_$])${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_$])`,
    );
    for (const page of pages) {
      const index = page.lines.findIndex((line) => word.test(line));
      if (index >= 0) return { page, line: index + 1 };
    }
  }
  return undefined;
}

function symbolMatches(symbols: readonly SymbolInfo[], words: readonly string[]) {
  const scored: Array<{ symbol: SymbolInfo; score: number }> = [];
  for (const symbol of symbols) {
    const parts = symbol.symbol.toLowerCase().split('.');
    const named = words.filter((w) => parts.some((p) => p.includes(w)));
    if (named.length === 0) continue;
    const haystack = `${symbol.symbol} ${symbol.summary} ${symbol.signature ?? ''}`.toLowerCase();
    if (!words.every((w) => haystack.includes(w))) continue;
    const exact = words.filter((w) => parts.includes(w)).length;
    const wholeName = parts.every((p) => words.some((w) => p === w)) ? 4 : 0;
    scored.push({ symbol, score: exact * 4 + named.length * 2 + wholeName });
  }
  return scored.sort(
    (a, b) => b.score - a.score || a.symbol.symbol.length - b.symbol.symbol.length,
  );
}

/**
 * Searches `documents` (guide first) and `symbols`. Lines holding every word rank above lines
 * holding some; headings a little higher; then page order.
 */
export function search(
  documents: DocumentSet,
  symbols: readonly SymbolInfo[],
  query: string,
  limit: number,
): SearchResult[] {
  const words = wordsOf(query);
  const pages = [documents.guide, ...documents.pages];
  const results: SearchResult[] = [];
  const taken = new Set<string>();
  for (const { symbol } of symbolMatches(symbols, words).slice(0, Math.min(SYMBOL_LIMIT, limit))) {
    const where = mention(pages, symbol.symbol);
    const head = symbol.signature ?? symbol.symbol;
    results.push({
      resource: where?.page.uri ?? null,
      line: where?.line ?? null,
      excerpt: clip(symbol.summary ? `${head} — ${symbol.summary}` : head),
      symbol: symbol.symbol,
      kind: symbol.kind,
      entry: symbol.entry,
    });
    if (where) taken.add(`${where.page.uri}#${where.line}`);
  }
  const lines: Array<{ page: DocumentPage; order: number; line: number; score: number }> = [];
  pages.forEach((page, order) => {
    page.lines.forEach((text, index) => {
      const lower = text.toLowerCase();
      const hits = words.filter((w) => lower.includes(w)).length;
      if (hits === 0 || taken.has(`${page.uri}#${index + 1}`)) return;
      const score = (hits === words.length ? 100 : 0) + hits * 10 + (text.startsWith('#') ? 5 : 0);
      lines.push({ page, order, line: index + 1, score });
    });
  });
  lines.sort((a, b) => b.score - a.score || a.order - b.order || a.line - b.line);
  for (const hit of lines) {
    if (results.length >= limit) break;
    results.push({
      resource: hit.page.uri,
      line: hit.line,
      excerpt: clip(hit.page.lines[hit.line - 1]),
    });
  }
  return results;
}
