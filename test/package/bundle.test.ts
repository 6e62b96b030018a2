import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

/**
 * The built main entry (scripts/bundle-main.js, after tsc): dist/src/index.js runs tsc's index.js
 * from dist/src/index.bundle.js, which holds the entry's start-up modules. It must be the same
 * package as tsc's output: the same exports for `require` and `import`, one instance of each
 * module whichever file is loaded first, tsc's text of each module, and stack traces that still
 * point into src/*.ts.
 */
const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const ENTRY = join(DIST, 'src', 'index.js');
const BUNDLE = join(DIST, 'src', 'index.bundle.js');

/** Runs `code` in a fresh node (CommonJS, or an ES module) and returns what it printed. */
function node(code: string, options: { esm?: boolean; flags?: string[] } = {}): string {
  const args = [...(options.flags ?? [])];
  if (options.esm) args.push('--input-type=module');
  return execFileSync(process.execPath, [...args, '-e', code], { cwd: ROOT, encoding: 'utf8' });
}

function bundledFiles(): string[] {
  const match = /^const FILES = (\[.*\]);$/m.exec(readFileSync(BUNDLE, 'utf8'));
  if (!match) throw new Error('dist/src/index.bundle.js has no FILES line: run npm run build');
  return JSON.parse(match[1]) as string[];
}

describe('the bundled main entry', () => {
  it('bundles tsc index.js and its start-up modules, each verbatim', () => {
    const files = bundledFiles();
    expect(files[0]).toBe('src/index.js');
    expect(files).toEqual(
      expect.arrayContaining([
        'decorators/index.js',
        'src/core/dispatcher.js',
        'src/registry/application.js',
        'src/transports/stdio/index.js',
        'src/schema/standard.js',
      ]),
    );
    // No HTTP transport: it loads on first use, from its own files.
    expect(files.filter((file) => file.startsWith('src/transports/http/'))).toEqual([
      'src/transports/http/auth/refusal.js',
      'src/transports/http/http-session.js',
    ]);
    const bundle = readFileSync(BUNDLE, 'utf8');
    for (const file of files.slice(1)) {
      const text = readFileSync(join(DIST, file), 'utf8').replace(
        /\n\/\/# sourceMappingURL=.*$/,
        '',
      );
      expect({ file, verbatim: bundle.includes(`{\n${text}\n},`) }).toEqual({
        file,
        verbatim: true,
      });
    }
  });

  it('exports the same names to require and to import', () => {
    const required = JSON.parse(
      node(`console.log(JSON.stringify(Object.keys(require(${JSON.stringify(ENTRY)})).sort()))`),
    ) as string[];
    const imported = JSON.parse(
      node(
        `const m = await import(${JSON.stringify(ENTRY)}); console.log(JSON.stringify(Object.keys(m).filter((k) => k !== 'default' && k !== '__esModule').sort()))`,
        { esm: true },
      ),
    ) as string[];
    expect(required).toContain('McpApplication');
    expect(required).toContain('serveStdio');
    expect(imported).toEqual(required);
  });

  it.each([
    ['the entry first', ['ENTRY', 'ERRORS']],
    ['a bundled module from its own file first', ['ERRORS', 'ENTRY']],
  ])('keeps one instance of each module (%s)', (_, order) => {
    const errors = join(DIST, 'src', 'core', 'errors.js');
    const loads = order
      .map(
        (name) =>
          `const ${name.toLowerCase()} = require(${JSON.stringify(name === 'ENTRY' ? ENTRY : errors)});`,
      )
      .join(' ');
    const out = node(
      `${loads} const m = require.cache[${JSON.stringify(errors)}];` +
        ` console.log(entry.ToolError === errors.ToolError, m.exports === errors, m.loaded,` +
        ` Object.keys(require.cache).filter((f) => f === ${JSON.stringify(errors)}).length)`,
    );
    expect(out.trim()).toBe('true true true 1');
  });

  it('loads a module it does not hold from its file, sharing the bundled ones', () => {
    // The HTTP transport is not bundled: loaded lazily, it requires the core's files, which the
    // bundle has already registered.
    const out = node(
      `const m = require(${JSON.stringify(ENTRY)});` +
        ` const core = require(${JSON.stringify(join(DIST, 'src', 'core', 'index.js'))});` +
        ` const http = require(${JSON.stringify(join(DIST, 'src', 'transports', 'http', 'index.js'))});` +
        ` console.log(typeof http.serveHttp, core.ToolError === m.ToolError,` +
        ` Object.keys(require.cache).filter((f) => f.endsWith('/src/core/errors.js')).length)`,
    );
    expect(out.trim()).toBe('function true 1');
  });

  it('maps each position of a bundled module where tsc maps it', () => {
    const bundleMap = new SourceMap(
      JSON.parse(readFileSync(`${BUNDLE}.map`, 'utf8')) as SourceMapPayload,
    );
    // Each module starts on the line after its wrapper's, in FILES order.
    const starts: number[] = [];
    readFileSync(BUNDLE, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line === 'function (exports, require, module, __filename, __dirname) {') {
          starts.push(index + 1);
        }
      });
    const files = bundledFiles();
    expect(starts.length).toBe(files.length);
    let checked = 0;
    const wrong: unknown[] = [];
    files.forEach((file, i) => {
      // tsc's map of index.js goes with it (dist/src/index.js is the generated entry); the
      // others are where tsc wrote them.
      if (file === 'src/index.js') return;
      const own = new SourceMap(
        JSON.parse(readFileSync(join(DIST, `${file}.map`), 'utf8')) as SourceMapPayload,
      );
      const text = readFileSync(join(DIST, file), 'utf8').split('\n');
      text.forEach((line, lineNumber) => {
        for (let column = 0; column < line.length; column += 5) {
          const expected = own.findEntry(lineNumber, column);
          if (!('originalSource' in expected)) continue;
          const got = bundleMap.findEntry(starts[i] + lineNumber, column);
          const source = join(DIST, file, '..', expected.originalSource);
          if (
            !('originalSource' in got) ||
            join(DIST, 'src', got.originalSource) !== source ||
            got.originalLine !== expected.originalLine ||
            got.originalColumn !== expected.originalColumn
          ) {
            wrong.push({ file, lineNumber, column, got, expected });
          }
          checked++;
        }
      });
    });
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  });

  it('shows src/*.ts in stack traces with --enable-source-maps', () => {
    const out = node(
      `const { McpApplication } = require(${JSON.stringify(ENTRY)});` +
        ` try { McpApplication.create({ name: 'x', version: '1', providers: [class Empty {}] }) }` +
        ` catch (error) { console.log(error.stack.split('\\n')[1]) }`,
      { flags: ['--enable-source-maps'] },
    );
    expect(out).toMatch(/\(.*src[/\\]registry[/\\]providers\.ts:\d+:\d+\)/);
  });

  it('runs inside an app bundled by esbuild for node: the entry then takes tsc’s index.js', () => {
    // The bundler's `module` is not node's: the bundle's loader, which registers node modules
    // under their file names, cannot run there; tsc's modules, which esbuild follows, can.
    const dir = mkdtempSync(join(tmpdir(), 'declarative-mcp-esbuild-'));
    try {
      const app = `
        const { McpApplication, Tool } = require(${JSON.stringify(ENTRY)});
        const { z } = require('zod');
        class Sums {
          add({ a, b }) {
            return String(a + b);
          }
        }
        const add = Object.getOwnPropertyDescriptor(Sums.prototype, 'add');
        Tool({ input: z.object({ a: z.number(), b: z.number() }) })(Sums.prototype, 'add', add);
        const server = McpApplication.create({ name: 'sums', version: '1', providers: [Sums] });
        Promise.resolve(
          server.handle('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}'),
        ).then((answer) => console.log(answer));
      `;
      const outfile = join(dir, 'app.js');
      buildSync({
        stdin: { contents: app, resolveDir: ROOT, sourcefile: 'app.js' },
        bundle: true,
        platform: 'node',
        outfile,
        logLevel: 'error',
      });
      const out = execFileSync(process.execPath, [outfile], { cwd: dir, encoding: 'utf8' });
      expect(out.trim()).toBe(
        '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"5"}],"isError":false}}',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs under Bun (whose new Module() has no require): the entry then takes tsc’s index.js', () => {
    // The bun binary that the `bun` package installs from npm (--no-install: nothing is downloaded).
    const bun = join(ROOT, 'node_modules', '.bin', 'bun');
    const out = execFileSync(
      bun,
      [
        '--no-install',
        '-e',
        `const m = require(${JSON.stringify(ENTRY)}); console.log(typeof m.McpApplication, typeof m.serveStdio, Object.keys(require.cache).some((f) => f.endsWith('index.tsc.js')))`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(out.trim()).toBe('function function true');
  });

  it('under jest (a module registry of its own) is one package too: dist decorators, dist application', async () => {
    // This file runs in jest: require here is jest's, whose require.cache is not node's.
    const dist = require(ENTRY) as typeof import('../../src');
    const { z } = require('zod') as typeof import('zod');
    class Sums {
      add({ a, b }: { a: number; b: number }): string {
        return String(a + b);
      }
    }
    const descriptor = Object.getOwnPropertyDescriptor(Sums.prototype, 'add')!;
    dist.Tool({ input: z.object({ a: z.number(), b: z.number() }) })(
      Sums.prototype,
      'add',
      descriptor,
    );
    const app = dist.McpApplication.create({ name: 'sums', version: '1', providers: [Sums] });
    const answer = await app.handle(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}',
    );
    expect(answer).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"5"}],"isError":false}}',
    );
  });
});
