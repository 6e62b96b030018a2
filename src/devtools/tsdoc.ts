import type * as TS from 'typescript';

/**
 * The TSDoc of an exported name, as the export index shows it: the first sentence of the
 * declaration's comment, or of the comment on the `export { X } from` line that re-exports it.
 */

type Ts = typeof TS;

/** The first sentence of a TSDoc comment, `{@link X}` reduced to `X`, on one line. */
export function summaryOf(doc: string): string {
  const paragraph = doc.split(/\n\s*\n/)[0] ?? '';
  const text = paragraph
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)\s*(?:\|\s*([^}]*))?\}/g, (_m, name, label) =>
      (label ?? name).trim(),
    )
    .replace(/\s+/g, ' ')
    .trim();
  // Cut after the first sentence, but not at "e.g." / "i.e." or inside a code span.
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '`') inCode = !inCode;
    if (inCode || c !== '.' || (i + 1 < text.length && text[i + 1] !== ' ')) continue;
    const before = text.slice(Math.max(0, i - 3), i + 1);
    if (/(e\.g\.|i\.e\.|etc\.)$/.test(before)) continue;
    return text.slice(0, i + 1);
  }
  return text;
}

/** The `/** … *\/` comment just before `node`, without its stars (for `export { X } from` lines). */
function leadingDoc(ts: Ts, node: TS.Node): string {
  const source = node.getSourceFile().text;
  const ranges = ts.getLeadingCommentRanges(source, node.getFullStart()) ?? [];
  const last = ranges.filter((r) => source.startsWith('/**', r.pos)).pop();
  if (last === undefined) return '';
  return source
    .slice(last.pos + 3, last.end - 2)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .filter((line) => !line.startsWith('@'))
    .join('\n');
}

export function docOf(ts: Ts, checker: TS.TypeChecker, chain: TS.Symbol[]): string {
  for (const symbol of [...chain].reverse()) {
    const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker));
    if (doc.trim() !== '') return summaryOf(doc);
  }
  for (const symbol of chain) {
    for (const declaration of symbol.declarations ?? []) {
      const holder = ts.isExportSpecifier(declaration) ? declaration.parent.parent : declaration;
      const doc = leadingDoc(ts, holder);
      if (doc.trim() !== '') return summaryOf(doc);
    }
  }
  return '';
}
