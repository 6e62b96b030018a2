/**
 * Loading the application a compiled module exports: where it is looked for (default, app,
 * default.app, the module itself), what is refused with a UsageError that says what to do,
 * and a module that throws while loading (its own error, not a usage mistake).
 */
import 'reflect-metadata';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadApplication } from '../../src/cli/load';
import { ConfigurationError, UsageError } from '../../src/core';

const APP = '{ core: { handle: async () => null }, describe: () => [], name: NAME }';
let dir: string;

/** Writes `body` as `name` in the fixture folder; `NAME` in it is the file's name. */
function fixture(name: string, body: string): string {
  writeFileSync(join(dir, name), `const NAME = ${JSON.stringify(name)};\n${body}\n`);
  return name;
}

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'cli-load-')));
  fixture('default.js', `exports.default = ${APP};`);
  fixture('named.js', `exports.app = ${APP}; exports.other = 1;`);
  fixture('nested.js', `exports.default = { app: ${APP} };`);
  fixture('itself.js', `module.exports = ${APP};`);
  fixture('both.js', `exports.default = ${APP}; exports.app = { ...${APP}, name: 'app' };`);
  fixture('core.js', 'exports.app = { core: { handle: async () => null } };');
  fixture('bad-core.js', 'exports.app = { core: { handle: "no" } }; exports.x = null;');
  fixture('nothing.js', '');
  fixture('throws.js', "throw new Error('boom while loading');");
  fixture(
    'nest.js',
    'class ShopModule {}\nReflect.defineMetadata("imports", [], ShopModule);\nReflect.defineMetadata("providers", [], ShopModule);\nexports.ShopModule = ShopModule;',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = (name: string, options?: { introspectable?: boolean }) =>
  loadApplication(name, dir, options) as Promise<unknown> as Promise<{ name: string }>;

test('the default export, a named app, default.app, or the module itself; default first', async () => {
  expect((await load('default.js')).name).toBe('default.js');
  expect((await load('named.js')).name).toBe('named.js');
  expect((await load('nested.js')).name).toBe('nested.js');
  expect((await load('itself.js')).name).toBe('itself.js');
  expect((await load('both.js')).name).toBe('both.js');
  expect((await loadApplication(join(dir, 'named.js'), '/')) as unknown).toMatchObject({
    name: 'named.js',
  });
});

test('a bare core serves, but is not introspectable', async () => {
  await expect(load('core.js')).resolves.toBeDefined();
  await expect(load('core.js', { introspectable: true })).rejects.toThrow(
    new UsageError(
      '"core.js" exports no McpApplication (it exports: app). Export one: `export const app = McpApplication.create({ … })` or `export default app`, or a Nest module that imports DeclarativeMcpModule.',
    ),
  );
});

test('nothing usable exported: a UsageError naming what is exported', async () => {
  await expect(load('bad-core.js')).rejects.toThrow(
    /^"bad-core\.js" exports no McpApplication \(it exports: app, x\)\./,
  );
  await expect(load('nothing.js')).rejects.toThrow(
    /^"nothing\.js" exports no McpApplication \(it exports: nothing\)\./,
  );
  await expect(load('nothing.js')).rejects.toBeInstanceOf(UsageError);
});

test('TypeScript, or a file that is not there: a UsageError saying what to give', async () => {
  for (const ts of ['src/server.ts', 'a.mts', 'b.cts', 'c.tsx'])
    await expect(load(ts)).rejects.toThrow(
      new UsageError(
        `"${ts}" is TypeScript: compile with tsc first (npx tsc) and give the .js file it writes, e.g. dist/server.js. (Runners such as tsx drop the decorator metadata the framework reads.)`,
      ),
    );
  await expect(load('missing.js')).rejects.toThrow(
    new UsageError(
      `Cannot find module "missing.js" (looked at ${join(dir, 'missing.js')}). Give a compiled .js file, e.g. dist/server.js.`,
    ),
  );
});

test('a module that throws while loading: its own error, not a UsageError', async () => {
  const error = await load('throws.js').catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect(error).not.toBeInstanceOf(UsageError);
  expect((error as Error).message).toBe('boom while loading');
});

describe('a Nest module (Nest itself stands in: booting it is test/nestjs/*)', () => {
  const booted = jest.fn();
  beforeAll(() => {
    jest.doMock('../../src/nestjs', () => ({ nestApplication: booted }));
  });
  afterAll(() => jest.dontMock('../../src/nestjs'));

  test('is booted, and its application served with how Nest hosts it', async () => {
    const app = { core: { handle: async () => null }, describe: () => ['described'] };
    booted.mockResolvedValueOnce({ app, framework: { name: 'nestjs' } });
    const loaded = (await load('nest.js')) as unknown as {
      core: unknown;
      describe(): unknown;
      framework: unknown;
    };
    expect((booted.mock.calls[0][0] as Function).name).toBe('ShopModule');
    expect(loaded.core).toBe(app.core);
    expect(loaded.describe()).toEqual(['described']);
    expect(loaded.framework).toEqual({ name: 'nestjs' });
    booted.mockResolvedValueOnce({ app, framework: undefined });
    expect('framework' in (await load('nest.js'))).toBe(false);
  });

  test('its ConfigurationError is a UsageError naming the module; another error is its own', async () => {
    booted.mockRejectedValueOnce(
      new ConfigurationError('ShopModule is a Nest module without DeclarativeMcpModule.'),
    );
    await expect(load('nest.js')).rejects.toThrow(
      new UsageError('"nest.js": ShopModule is a Nest module without DeclarativeMcpModule.'),
    );
    const crash = new Error('provider failed');
    booted.mockRejectedValueOnce(crash);
    await expect(load('nest.js')).rejects.toBe(crash);
  });
});
