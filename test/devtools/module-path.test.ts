/**
 * Where a generated test imports a provider from: the loaded module that exports it (else the
 * application's own module), with `.js` in an ES module package and without it in a CommonJS one.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasJest, isEsModule, providerImport } from '../../src/devtools/module-path';

const ROOT = join(__dirname, '..', '..');
let dir: string;
beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'devtools-module-path-')));
  mkdirSync(join(dir, 'esm', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'esm', 'package.json'), '{ "type": "module" }');
  mkdirSync(join(dir, 'cjs', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'cjs', 'package.json'), '{ "type": "commonjs" }');
  mkdirSync(join(dir, 'broken', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'broken', 'package.json'), '{ not json');
  // A compiled module of the user's that exports the provider class.
  writeFileSync(
    join(dir, 'cjs', 'dist', 'weather-tools.js'),
    'class WeatherTools {}\nexports.WeatherTools = WeatherTools;\nexports.Alias = WeatherTools;\n',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('isEsModule', () => {
  test('by extension first, else the nearest package.json says', () => {
    expect(isEsModule(join(dir, 'cjs', 'dist', 'a.mjs'))).toBe(true);
    expect(isEsModule(join(dir, 'esm', 'dist', 'a.cjs'))).toBe(false);
    expect(isEsModule(join(dir, 'esm', 'dist', 'a.js'))).toBe(true);
    expect(isEsModule(join(dir, 'cjs', 'dist', 'a.js'))).toBe(false);
  });

  test('an unreadable package.json, or none up to the root: CommonJS', () => {
    expect(isEsModule(join(dir, 'broken', 'dist', 'a.js'))).toBe(false);
    expect(isEsModule(join(dir, 'a.js'))).toBe(false);
  });
});

describe('providerImport', () => {
  test('no module loaded: nothing to import from', () => {
    expect(providerImport('WeatherTools', undefined)).toBeUndefined();
  });

  test("the application's module, beside which the test sits", () => {
    expect(providerImport('Unknown', join(dir, 'cjs', 'dist', 'server.js'))).toBe('./server');
    expect(providerImport('Unknown', join(dir, 'esm', 'dist', 'server.js'))).toBe('./server.js');
    expect(providerImport('Unknown', join(dir, 'esm', 'dist', 'server.mjs'))).toBe('./server.js');
    expect(providerImport('Unknown', join(dir, 'cjs', 'dist', 'server.cjs'))).toBe('./server');
  });

  test('a loaded module that exports the class under its own name wins over the entry', () => {
    require(join(dir, 'cjs', 'dist', 'weather-tools.js'));
    expect(providerImport('WeatherTools', join(dir, 'esm', 'dist', 'server.js'))).toBe(
      './weather-tools',
    );
    // Exported under another name only: not the provider's own module.
    expect(providerImport('Alias', join(dir, 'esm', 'dist', 'server.js'))).toBe('./server.js');
  });
});

describe('hasJest', () => {
  test("whether jest resolves from the entry's folder", () => {
    expect(hasJest(join(ROOT, 'dist', 'server.js'))).toBe(true);
    expect(hasJest(join(dir, 'cjs', 'dist', 'server.js'))).toBe(false);
  });
});
