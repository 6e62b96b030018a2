#!/usr/bin/env node
/**
 * Build step (after tsc): the main entry's start-up modules as one file, so that an app's cold
 * start reads and compiles two files instead of ~90 (issue 24 item 2). tsc's output stays the
 * source of truth and stays in dist/ untouched, but for dist/src/index.js:
 *
 * - dist/src/index.bundle.js holds, verbatim, each module that dist/src/index.js loads at start-up
 *   (its `require("./…")` statements outside any function, followed through the files they name)
 *   and the Standard Schema compiler (src/schema/standard.js, what a zod 4 app loads at its first
 *   tool), each in the function node wraps a CommonJS module in. Its loader gives each one a
 *   `Module` of its own in `require.cache`, under its own file name, before running it: a module
 *   loaded later from its file (a lazy `require`, a subpath entry such as `declarative-mcp/redis`)
 *   finds the same instance, and one already loaded from its file is not run twice. It is still
 *   one CommonJS module graph, in node's order; only the reading and compiling of files is saved.
 * - dist/src/index.js becomes the entry: tsc's `exports.… = void 0` line, so that an ES module
 *   app's `import { … } from 'declarative-mcp'` finds the same names (node reads them from this
 *   file's text), and a call that runs tsc's index.js from the bundle with this module.
 * - dist/src/index.bundle.js.map: tsc's maps of the bundled files as one source map, so
 *   that `--enable-source-maps` and debuggers still show src/*.ts. dist/src/index.js.map goes.
 * - dist/src/index.tsc.js (and its map): tsc's index.js as it was, which the entry requires when
 *   an app bundler (esbuild, webpack) or Bun runs it instead of node: they follow its requires
 *   into tsc's modules, as before this step.
 */

const { existsSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');

const DIST = join(__dirname, '..', 'dist');
const SRC = join(DIST, 'src');
const ENTRY = join(SRC, 'index.js');
const BUNDLE = join(SRC, 'index.bundle.js');
const TSC_ENTRY = join(SRC, 'index.tsc.js');
/** Loaded lazily on every zod 4 app's path: bundled too (then so are the modules it loads at start-up). */
const LAZY_ROOTS = [join(SRC, 'schema', 'standard.js')];
const MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;
/** tsc's require of a relative path as a statement of its own, at the top level of a module. */
const TOP_LEVEL_REQUIRE = /^(?:(?:const|var|let) \w+ = )?(?:__exportStar\()?require\("(\.[^"]+)"\)/;

const rel = (file) => relative(DIST, file).split(sep).join('/');

function resolveRelative(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const file of [base, `${base}.js`, join(base, 'index.js')]) {
    if (file.endsWith('.js') && existsSync(file)) return file;
  }
  throw new Error(`bundle-main: ${rel(from)} requires "${spec}", which is not in dist/`);
}

/** Each file once, a module before those it loads (the order does not matter to the loader). */
function startUpModules(roots) {
  const files = [];
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push(file);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const match = TOP_LEVEL_REQUIRE.exec(line);
      if (match) visit(resolveRelative(file, match[1]));
    }
  };
  for (const root of roots) visit(root);
  return files;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings` as lines of segments with absolute values. */
function decodeMappings(mappings) {
  const state = [0, 0, 0, 0, 0];
  return mappings.split(';').map((line) => {
    state[0] = 0;
    if (line === '') return [];
    return line.split(',').map((text) => {
      const segment = [];
      let value = 0;
      let shift = 0;
      for (const char of text) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        const delta = value & 1 ? -(value >>> 1) : value >>> 1;
        const field = segment.length;
        state[field] += delta;
        segment.push(state[field]);
        value = 0;
        shift = 0;
      }
      return segment;
    });
  });
}

function encodeMappings(lines) {
  const state = [0, 0, 0, 0, 0];
  const vlq = (delta) => {
    let value = delta < 0 ? (-delta << 1) | 1 : delta << 1;
    let text = '';
    do {
      let digit = value & 31;
      value >>>= 5;
      if (value > 0) digit |= 32;
      text += BASE64[digit];
    } while (value > 0);
    return text;
  };
  return lines
    .map((segments) => {
      state[0] = 0;
      return segments
        .map((segment) =>
          segment
            .map((value, field) => {
              const text = vlq(value - state[field]);
              state[field] = value;
              return text;
            })
            .join(''),
        )
        .join(',');
    })
    .join(';');
}

/**
 * tsc's maps of the bundled files as one map of the bundle (node 20 reads no sectioned map):
 * `parts[i]` is a file and the bundle line its first line is on.
 */
function bundleMap(parts) {
  const sources = [];
  const names = [];
  const lines = [];
  for (const { file, line } of parts) {
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    const from = join(dirname(file), map.sourceRoot ?? '');
    const firstSource = sources.length;
    const firstName = names.length;
    for (const source of map.sources) {
      sources.push(relative(SRC, resolve(from, source)).split(sep).join('/'));
    }
    names.push(...map.names);
    while (lines.length < line) lines.push([]);
    for (const segments of decodeMappings(map.mappings)) {
      lines.push(
        segments.map((s) =>
          s.length === 1
            ? s
            : [s[0], s[1] + firstSource, s[2], s[3], ...(s.length > 4 ? [s[4] + firstName] : [])],
        ),
      );
    }
  }
  return { version: 3, file: 'index.bundle.js', sources, names, mappings: encodeMappings(lines) };
}

// The loader, run in the bundle. `FILES[i]` is the path (from dist/) of `DEFS[i]`; `FILES[0]` is
// tsc's index.js, run by `module.exports(entry)` with dist/src/index.js's own module.
const LOADER = `
const { Module } = require('node:module');
const { dirname, join, resolve } = require('node:path');
const ROOT = join(__dirname, '..');
const INDEX = new Map(FILES.map((file, i) => [join(ROOT, file), i]));
// Only under node's own module system: a loader with a registry of its own (jest's) neither keeps
// what is written to require.cache nor looks there, so each bundled require would run its module
// anew (two metadata stores: decorated classes without their tools). There every module loads
// from its own file, as tsc wrote it.
const NODE = require.cache === Module._cache;

function run(i, module) {
  const dir = dirname(module.filename);
  const bundled = (spec) => {
    const base = resolve(dir, spec);
    if (INDEX.has(base)) return base;
    if (INDEX.has(base + '.js')) return base + '.js';
    const index = join(base, 'index.js');
    return INDEX.has(index) ? index : undefined;
  };
  const load = (spec) => {
    const file = NODE && spec[0] === '.' ? bundled(spec) : undefined;
    if (file === undefined) return module.require(spec);
    const cached = require.cache[file];
    if (cached !== undefined) return cached.exports;
    const inner = new Module(file, module);
    inner.filename = file;
    inner.paths = Module._nodeModulePaths(dirname(file));
    require.cache[file] = inner;
    try {
      run(INDEX.get(file), inner);
    } catch (error) {
      delete require.cache[file];
      throw error;
    }
    return inner.exports;
  };
  DEFS[i].call(module.exports, module.exports, load, module, module.filename, dir);
  module.loaded = true;
}

module.exports = (entry) => run(0, entry);
`;

// How the entry runs the bundle: node's loader compiles it, but where an app bundler (esbuild,
// webpack: its `module` has no filename) or Bun (whose new Module() has no require) runs the
// entry: there tsc's index.js, whose requires they follow into tsc's modules (the bundle's loader
// needs node's modules and files).
const ENTRY_LOADER = `
if (typeof module.filename !== "string" || process.versions.bun !== undefined) {
  module.exports = require("./index.tsc.js");
} else {
  require("./index.bundle.js")(module);
}
`;

function bundle() {
  if (readFileSync(ENTRY, 'utf8').includes('Generated by scripts/bundle-main.js')) {
    throw new Error('bundle-main: dist/src/index.js is already the bundle entry: run tsc first');
  }
  const files = startUpModules([ENTRY, ...LAZY_ROOTS]);
  const head = [
    "'use strict';",
    "// Generated by scripts/bundle-main.js from tsc's output in dist/ (see there): the start-up",
    '// modules of dist/src/index.js, each run once as its own module under its own file name.',
    `const FILES = ${JSON.stringify(files.map(rel))};`,
    'const DEFS = [',
  ];
  const lines = [...head];
  const parts = [];
  for (const file of files) {
    lines.push('function (exports, require, module, __filename, __dirname) {');
    parts.push({ file, line: lines.length });
    const source = readFileSync(file, 'utf8').replace(MAP_COMMENT, '');
    lines.push(...source.split('\n'), '},');
  }
  lines.push('];', LOADER.trim(), '//# sourceMappingURL=index.bundle.js.map', '');
  writeFileSync(BUNDLE, lines.join('\n'));
  writeFileSync(join(SRC, 'index.bundle.js.map'), JSON.stringify(bundleMap(parts)));

  // tsc's index.js as it was, for app bundlers (see ENTRY_LOADER), with its map.
  const tscEntry = readFileSync(ENTRY, 'utf8');
  writeFileSync(
    TSC_ENTRY,
    tscEntry.replace(MAP_COMMENT, '\n//# sourceMappingURL=index.tsc.js.map\n'),
  );
  const tscMap = JSON.parse(readFileSync(`${ENTRY}.map`, 'utf8'));
  writeFileSync(`${TSC_ENTRY}.map`, JSON.stringify({ ...tscMap, file: 'index.tsc.js' }));
  const names = /^exports\.\w+ = (?:exports\.\w+ = )*void 0;$/m.exec(tscEntry);
  if (!names) throw new Error('bundle-main: dist/src/index.js has no `exports.… = void 0` line');
  writeFileSync(
    ENTRY,
    [
      '"use strict";',
      "// Generated by scripts/bundle-main.js: tsc's index.js runs from index.bundle.js with this",
      '// module. The names below are what an ES module app imports (node reads them from this text).',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      names[0],
      ENTRY_LOADER.trim(),
      '',
    ].join('\n'),
  );
  rmSync(`${ENTRY}.map`, { force: true });
  process.stderr.write(`bundle-main: dist/src/index.bundle.js (${files.length} modules)\n`);
}

bundle();
