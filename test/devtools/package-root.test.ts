/**
 * The folder of the declarative-mcp package: found by walking up from the module to the
 * package.json named declarative-mcp, once.
 */
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

test('under ts-jest: the repository root, two levels above src/devtools; the same folder every time', () => {
  jest.isolateModules(() => {
    const { packageRoot } = require('../../src/devtools/package-root');
    expect(packageRoot()).toBe(ROOT);
    expect(packageRoot()).toBe(ROOT);
  });
});

test('once found, the file system is not asked again', () => {
  jest.isolateModules(() => {
    const fs = require('node:fs');
    const { packageRoot } = require('../../src/devtools/package-root');
    packageRoot();
    const exists = jest.spyOn(fs, 'existsSync');
    try {
      expect(packageRoot()).toBe(ROOT);
      expect(exists).not.toHaveBeenCalled();
    } finally {
      exists.mockRestore();
    }
  });
});

test('a manifest of another name, or an unreadable one, is walked past', () => {
  jest.isolateModules(() => {
    jest.doMock('node:fs', () => {
      const real = jest.requireActual('node:fs');
      return {
        ...real,
        existsSync: () => true,
        readFileSync: (path: string, encoding: string) => {
          if (path === join(ROOT, 'src', 'devtools', 'package.json')) return '{ broken';
          if (path === join(ROOT, 'src', 'package.json')) return '{ "name": "other" }';
          if (path === join(ROOT, 'package.json')) return real.readFileSync(path, encoding);
          throw new Error(`unexpected read of ${path}`);
        },
      };
    });
    const { packageRoot } = require('../../src/devtools/package-root');
    expect(packageRoot()).toBe(ROOT);
  });
  jest.dontMock('node:fs');
});

test('no manifest named declarative-mcp within six levels: the compiled layout (three up)', () => {
  jest.isolateModules(() => {
    jest.doMock('node:fs', () => ({ ...jest.requireActual('node:fs'), existsSync: () => false }));
    const { packageRoot } = require('../../src/devtools/package-root');
    expect(packageRoot()).toBe(join(ROOT, 'src', 'devtools', '..', '..', '..'));
  });
  jest.dontMock('node:fs');
});
