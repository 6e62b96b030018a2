import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ConfigurationError } from '../core';

/** The URI of the guide. */
export const GUIDE_URI = 'declarative-mcp://guide';
/** The prefix of every documentation page's URI. */
export const DOCS_PREFIX = 'declarative-mcp://docs/';
/** The guide's file, at the top of the docs folder (served as {@link GUIDE_URI}, not under docs/). */
const GUIDE_FILE = 'guide.md';

/** One markdown page, read once at start-up. */
export interface DocumentPage {
  /** Its resource URI: {@link GUIDE_URI}, or `declarative-mcp://docs/<relative path>`. */
  readonly uri: string;
  /** Its path relative to the docs folder, with `/` separators. */
  readonly path: string;
  /** Its first `# ` heading, or its file name. */
  readonly title: string;
  readonly text: string;
  readonly lines: readonly string[];
}

/** The guide and the documentation pages, each URI mapped to its page. */
export interface DocumentSet {
  readonly guide: DocumentPage;
  /** The `docs/**\/*.md` pages (the guide excepted), getting-started first, then by path. */
  readonly pages: readonly DocumentPage[];
  /** Exact-match look-up: the only way from a client's URI to a page. */
  readonly byUri: ReadonlyMap<string, DocumentPage>;
}

function page(uri: string, path: string, text: string): DocumentPage {
  const lines = text.split(/\r?\n/);
  const heading = lines.find((line) => line.startsWith('# '));
  return Object.freeze({
    uri,
    path,
    title: heading ? heading.slice(2).trim() : path,
    text,
    lines: Object.freeze(lines),
  });
}

/**
 * Every `*.md` file under `folder` whose real path stays inside it: a symbolic link that leads
 * out of the folder is skipped, and so is a linked directory (no loops). Hidden entries and
 * `node_modules` are not searched.
 */
function markdownFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      const stat = lstatSync(full);
      if (stat.isDirectory()) walk(full);
      else if (/\.md$/i.test(entry.name) && (stat.isFile() || stat.isSymbolicLink())) {
        let real: string;
        try {
          real = realpathSync(full);
        } catch {
          continue; // a dangling link
        }
        if (real.startsWith(root + sep) && lstatSync(real).isFile()) found.push(full);
      }
    }
  };
  walk(root);
  return found;
}

/**
 * Reads the guide (`guide.md`) and every other `*.md` page under `folder`, once. The URIs are
 * computed here, from the files found; a client's URI is only ever looked up in `byUri`, never
 * joined into a path.
 */
export function loadDocuments(folder: string): DocumentSet {
  let root: string;
  try {
    root = realpathSync(folder);
  } catch {
    throw new ConfigurationError(
      `devtools: the documentation folder ${folder} does not exist. It ships with the package ("files" includes "docs"); reinstall declarative-mcp, or pass docsFolder.`,
    );
  }
  let guide: DocumentPage | undefined;
  const pages: DocumentPage[] = [];
  for (const file of markdownFiles(root)) {
    const path = relative(root, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    if (path === GUIDE_FILE) guide = page(GUIDE_URI, path, text);
    else
      pages.push(page(DOCS_PREFIX + path.split('/').map(encodeURIComponent).join('/'), path, text));
  }
  if (guide === undefined) {
    throw new ConfigurationError(
      `devtools: ${join(root, GUIDE_FILE)} is missing; the guide is served from it. Reinstall declarative-mcp, or pass a docsFolder that holds a guide.md.`,
    );
  }
  const rank = (p: DocumentPage): string => (p.path === 'getting-started.md' ? '' : p.path);
  pages.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
  const byUri = new Map<string, DocumentPage>([[guide.uri, guide]]);
  for (const p of pages) byUri.set(p.uri, p);
  return Object.freeze({ guide, pages: Object.freeze(pages), byUri });
}
