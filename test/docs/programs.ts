/**
 * The complete programs and tests of docs/*.md, found by how a page marks them:
 * - a fenced block whose first line names a file (`// src/server.ts`, `// jest.config.js`) is that
 *   file, as written; a page with such blocks shows a complete program;
 * - `<!-- program: NAME -->` starts one more program of the page (a set-up of its own); the file
 *   blocks above the page's first marker are shared by all its programs, and each program writes
 *   its own blocks over them; `<!-- program: NAME; typescript 5.9 -->` runs it with that line only;
 * - shell blocks (`sh`, `bash`) in a program run in order, in the program's folder: the command a
 *   reader types is what proves the program works (exit 0); `npm i` lines are installed once for
 *   every program (see {@link installs}), so a page lists every package it needs;
 * - `fragment` after the language keeps a block out.
 * A program starts in a folder of the tutorial's project with its `tsconfig.json` and an empty
 * `package.json`: a page that shows a program "in your project" means that project.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Block, blocks, fileOf, ROOT } from './markdown';

/** One complete program of a page. */
export interface Program {
  /** `testing.md: jest, ESM`, for the test's name. */
  title: string;
  /** A folder name for it. */
  slug: string;
  /** The TypeScript line it is limited to (`5.9`), if any. */
  typescript?: string;
  /** Its blocks in order: the page's shared files first. */
  blocks: Block[];
}

const MARKER = /^<!--\s*program:\s*([^;>]+?)\s*(?:;\s*typescript\s+([\d.]+)\s*)?-->[ \t]*$/gm;

/** Pages that a tutorial test runs whole: only their marked programs count here. */
const TUTORIALS = new Set(['getting-started.md']);

/** The programs of one page (none when it marks no file). */
export function programsOf(page: string, markdown: string): Program[] {
  const markers = [...markdown.matchAll(MARKER)];
  const head = markdown.slice(0, markers[0]?.index ?? markdown.length);
  const shared = blocks(head).filter((block) => !block.info.includes('fragment'));
  const found: Program[] = [];
  const base = page.replace(/\.md$/, '');
  if (markers.length === 0) {
    if (!TUTORIALS.has(page) && shared.some((block) => fileOf(block) !== undefined))
      found.push({ title: page, slug: base, blocks: shared });
    return found;
  }
  const files = TUTORIALS.has(page) ? [] : shared.filter((block) => fileOf(block) !== undefined);
  markers.forEach((marker, i) => {
    const end = markers[i + 1]?.index ?? markdown.length;
    const own = blocks(markdown.slice(marker.index, end)).filter(
      (block) => !block.info.includes('fragment'),
    );
    found.push({
      title: `${page}: ${marker[1]}`,
      slug: `${base}-${marker[1].replace(/\W+/g, '-').toLowerCase()}`,
      ...(marker[2] !== undefined ? { typescript: marker[2] } : {}),
      blocks: [...files, ...own],
    });
  });
  return found;
}

/** Every program of docs/, page by page. */
export function programs(): Program[] {
  const docs = join(ROOT, 'docs');
  return readdirSync(docs)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .flatMap((page) => programsOf(page, readFileSync(join(docs, page), 'utf8')));
}

/** Whether a shell line installs packages (`npm i …`, `npm install …`). */
export function isInstall(line: string): boolean {
  return /^npm (i|install)\b/.test(line.trim());
}

/**
 * What the programs install, as two `npm i` lines (dependencies, then dev dependencies), so that
 * every program of a TypeScript line shares one install.
 */
export function installs(list: readonly Program[]): string[] {
  const runtime = new Set<string>();
  const dev = new Set<string>();
  for (const program of list) {
    for (const block of program.blocks) {
      if (block.lang !== 'sh' && block.lang !== 'bash') continue;
      for (const line of block.code.split('\n').filter(isInstall)) {
        const words = line.replace(/#.*$/, '').trim().split(/\s+/).slice(2);
        const into = words.some((word) => word === '-D' || word === '--save-dev') ? dev : runtime;
        for (const word of words) if (!word.startsWith('-')) into.add(word);
      }
    }
  }
  return [
    ...(runtime.size > 0 ? [`npm i ${[...runtime].join(' ')}`] : []),
    ...(dev.size > 0 ? [`npm i -D ${[...dev].join(' ')}`] : []),
  ];
}

/** A program's shell block as it runs once the installs are done: without its `npm i` lines. */
export function withoutInstalls(code: string): string {
  return code
    .split('\n')
    .filter((line) => !isInstall(line))
    .join('\n');
}
