#!/usr/bin/env node
/**
 * Build step (after tsc): writes dist/exports.json, the package's public API as its .d.ts files
 * declare it, for the devtools' list_exports and search_documentation. The analysis itself is the
 * compiled src/devtools/exports-index.ts, so the build and the devtools share one implementation.
 */

const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const ts = require('typescript');

const root = join(__dirname, '..');
const { buildExportsIndex, exportsIndexFile } = require(
  join(root, 'dist', 'src', 'devtools', 'exports-index.js'),
);

const index = buildExportsIndex(ts, root);
const file = exportsIndexFile(root);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(index, null, 2)}\n`);
const counts = Object.entries(index.entries).map(([entry, list]) => `${entry}: ${list.length}`);
process.stderr.write(`exports-index: wrote ${file} (${counts.join(', ')})\n`);
