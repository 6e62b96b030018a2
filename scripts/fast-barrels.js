#!/usr/bin/env node
/**
 * Build step (after tsc): each re-export of a folder's index.js (`export { X } from './x'`) becomes
 * a plain property, `exports.X = x_1.X;`, instead of tsc's getter,
 * `Object.defineProperty(exports, "X", { enumerable: true, get: function () { return x_1.X; } });`.
 *
 * Why: V8 turns an object with a second distinct getter into a dictionary-mode object, and an
 * optimized function then reads `core_1.revisionOf`, `request_1.Refusal`, … through a generic
 * property load and a getter call at every use instead of a constant: ~200 instructions each,
 * ~3k per HTTP session POST (callgrind, bench row 3: 107.2k -> 104.0k instructions per request).
 *
 * The value is the same: imports form no circle (npm run deps checks it), so the module an index
 * re-exports from has finished loading when the index reads it, and no module exports a `let`.
 */

const { readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const DIST = join(__dirname, '..', 'dist');
/** tsc's re-export of one name, as it writes it on a line of its own. */
const REEXPORT =
  /^Object\.defineProperty\(exports, "([\w$]+)", \{ enumerable: true, get: function \(\) \{ return ([\w$]+)\.([\w$]+); \} \}\);$/gm;

/** The text with every re-export of tsc made a plain property, and how many there were. */
function plainReexports(text) {
  let count = 0;
  const plain = text.replace(REEXPORT, (_line, name, module, member) => {
    count += 1;
    return `exports.${name} = ${module}.${member};`;
  });
  return { text: plain, count };
}

function* jsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* jsFiles(path);
    else if (name.endsWith('.js')) yield path;
  }
}

function main() {
  let files = 0;
  let names = 0;
  for (const file of jsFiles(DIST)) {
    const { text, count } = plainReexports(readFileSync(file, 'utf8'));
    if (count === 0) continue;
    writeFileSync(file, text);
    files += 1;
    names += count;
  }
  console.log(`fast-barrels: ${names} re-exports in ${files} files made plain properties`);
}

if (require.main === module) main();

module.exports = { plainReexports };
