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
 * - dist/src/index.bundle.cache: V8's code cache of the bundle, made by a child node (this script
 *   with `--code-cache`, no NODE_OPTIONS) after it served a stdio app's first requests with it, so
 *   that it holds the functions compiled on that path, not only the top level. The entry compiles
 *   the bundle through `node:vm` with it under node's own module system when source maps, a policy
 *   and watch mode are off; a V8 that did not make it (another node version, other V8 flags)
 *   rejects it and compiles the same text. It is made here, at build time only: nothing is
 *   written at run time. Editing index.bundle.js in place: delete index.bundle.cache too (V8
 *   checks the text's length, not its content).
 */

const { spawnSync } = require('node:child_process');
const { existsSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');

const DIST = join(__dirname, '..', 'dist');
const SRC = join(DIST, 'src');
const ENTRY = join(SRC, 'index.js');
const BUNDLE = join(SRC, 'index.bundle.js');
const CACHE = join(SRC, 'index.bundle.cache');
const TSC_ENTRY = join(SRC, 'index.tsc.js');
/** Loaded lazily on every zod 4 app's path: bundled too (then so are the modules it loads at start-up). */
const LAZY_ROOTS = [join(SRC, 'schema', 'standard.js')];
const MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;
/** tsc's require of a relative path as a statement of its own, at the top level of a module. */
const TOP_LEVEL_REQUIRE = /^(?:(?:const|var|let) \w+ = )?(?:__exportStar\()?require\("(\.[^"]+)"\)/;
/** A dynamic `import()`: a script compiled by `node:vm` without a loader for it cannot run one. */
const DYNAMIC_IMPORT = /(?<![\w$.])import\(/;

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

// How the entry runs the bundle. The `node:vm` path does what node's loader does for a module
// (a `Module` in require.cache under the bundle's name, a child of the entry's, run with its
// exports, require, module, __filename and __dirname), with V8's code cache of the bundle.
// Node's loader instead where it does more: under another module system (jest's), with source
// maps on (it registers the bundle's map), a policy (integrity checks) or watch mode (it watches
// the file). Node 20 has no compile cache of its own (module.enableCompileCache is node 22).
const ENTRY_LOADER = `
const { Module } = require("node:module");
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
const file = join(__dirname, "index.bundle.js");
/** The bundle's text where it runs with its code cache, else undefined (node's loader runs it). */
function cacheable() {
  if (
    require.cache !== Module._cache ||
    process.sourceMapsEnabled !== false ||
    process.env.WATCH_REPORT_DEPENDENCIES !== undefined ||
    /--experimental-policy/.test(\`\${process.execArgv} \${process.env.NODE_OPTIONS}\`)
  ) {
    return undefined;
  }
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined; // Not beside this file: an app bundler has put both in its own output.
  }
}
// An app bundler's module (esbuild, webpack: no filename), or Bun (whose new Module() has no
// require): tsc's index.js, whose requires they follow into tsc's modules (the bundle's loader
// needs node's modules and files).
const tscOnly = typeof module.filename !== "string" || process.versions.bun !== undefined;
const source = tscOnly ? undefined : cacheable();
if (tscOnly) {
  module.exports = require("./index.tsc.js");
} else if (source === undefined) {
  require("./index.bundle.js")(module);
} else {
  const { Script } = require("node:vm");
  let cachedData;
  try {
    cachedData = readFileSync(join(__dirname, "index.bundle.cache"));
  } catch {
    // None (a build without it): V8 compiles the text, as it does when it rejects the cache.
  }
  const script = new Script(
    \`(function (exports, require, module, __filename, __dirname) { \${source}\\n})\`,
    { filename: file, cachedData },
  );
  const bundle = new Module(file, module);
  bundle.filename = file;
  bundle.paths = Module._nodeModulePaths(__dirname);
  require.cache[file] = bundle;
  try {
    const run = script.runInThisContext();
    run.call(bundle.exports, bundle.exports, Module.createRequire(file), bundle, file, __dirname);
  } catch (error) {
    delete require.cache[file];
    throw error;
  }
  bundle.loaded = true;
  bundle.exports(module);
}
`;

/** A stdio app's first requests, served while the code cache is made (see writeCodeCache). */
const START_UP = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bundle-main","version":"1"}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
  '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}',
];

/**
 * In a child node (`--code-cache`): loads the package from dist/src/index.js, which compiles the
 * bundle with `node:vm` (no cache yet), serves START_UP over streams in memory with a zod tool
 * (zod is a devDependency), then writes V8's code cache of the bundle: its top level and every
 * function compiled so far.
 */
async function writeCodeCache() {
  if (process.sourceMapsEnabled !== false) {
    throw new Error('bundle-main: the code cache is made with source maps off');
  }
  const vm = require('node:vm');
  const { Script } = vm;
  let script;
  vm.Script = class extends Script {
    constructor(code, options) {
      super(code, options);
      if (options?.filename === BUNDLE) script = this;
    }
  };
  const pkg = require(ENTRY);
  vm.Script = Script;
  if (script === undefined) {
    throw new Error('bundle-main: dist/src/index.js did not compile the bundle with node:vm');
  }
  const { PassThrough } = require('node:stream');
  const { z } = require('zod');
  class Sums {
    add({ a, b }) {
      return String(a + b);
    }
  }
  const input = z.object({ a: z.number(), b: z.number() });
  const add = Object.getOwnPropertyDescriptor(Sums.prototype, 'add');
  pkg.Tool({ description: 'Adds two numbers.', input })(Sums.prototype, 'add', add);
  const app = pkg.McpApplication.create({ name: 'bundle-main', version: '1', providers: [Sums] });
  const streams = { input: new PassThrough(), output: new PassThrough(), error: new PassThrough() };
  let output = '';
  let error = '';
  streams.error.setEncoding('utf8').on('data', (chunk) => (error += chunk));
  const answered = new Promise((resolve) => {
    streams.output.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      if (output.split('\n').length > 3) resolve();
    });
  });
  const served = pkg.serveStdio(app, streams);
  for (const line of START_UP) streams.input.write(`${line}\n`);
  await answered;
  streams.input.end();
  await served;
  const answers = output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  // In any order: a synchronous tool may be answered before an earlier request.
  const sum = answers.find((answer) => answer.id === 3)?.result?.content?.[0]?.text;
  if (answers.some((answer) => answer.result === undefined) || sum !== '3') {
    throw new Error(
      `bundle-main: the start-up served for the code cache failed:\n${output}${error}`,
    );
  }
  writeFileSync(CACHE, script.createCachedData());
}

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
    if (DYNAMIC_IMPORT.test(source)) {
      throw new Error(`bundle-main: ${rel(file)} has an import(), which node:vm cannot run here`);
    }
    lines.push(...source.split('\n'), '},');
  }
  lines.push('];', LOADER.trim(), '//# sourceMappingURL=index.bundle.js.map', '');
  rmSync(CACHE, { force: true });
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

  // The cache as a user's `node app.js` would accept it: this node, its default V8 flags.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawnSync(process.execPath, [__filename, '--code-cache'], {
    env,
    stdio: 'inherit',
  });
  if (child.status !== 0 || !existsSync(CACHE)) {
    throw new Error(`bundle-main: making the code cache failed (${child.status ?? child.signal})`);
  }
  const size = Math.round(statSync(CACHE).size / 1024);
  process.stderr.write(
    `bundle-main: dist/src/index.bundle.cache (V8 ${process.versions.v8}, ${size} KiB)\n`,
  );
}

if (process.argv[2] === '--code-cache') {
  writeCodeCache().catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exitCode = 1;
  });
} else {
  bundle();
}
