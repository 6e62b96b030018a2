import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigurationError, UsageError } from '../core';

/** A loaded application: anything with a `core` that answers `handle` (an `McpApplication`). */
export interface LoadedApplication {
  readonly core: { handle(payload: string, context?: unknown): Promise<string | null> };
}

function isApplication(value: unknown): value is LoadedApplication {
  const core = (value as { core?: { handle?: unknown } } | null | undefined)?.core;
  return typeof core === 'object' && core !== null && typeof core.handle === 'function';
}

/**
 * Loads a compiled module (CommonJS or ESM) and finds the application it exports: the default
 * export, or a named export `app`. Relative paths resolve from `cwd`. With `introspectable`, only
 * an application that can `describe()` itself counts (an `McpApplication`, not a bare core).
 */
export async function loadApplication(
  specifier: string,
  cwd = process.cwd(),
  options: { introspectable?: boolean } = {},
): Promise<LoadedApplication> {
  const path = resolve(cwd, specifier);
  if (/\.[cm]?tsx?$/.test(path)) {
    throw new UsageError(
      `"${specifier}" is TypeScript: compile with tsc first (npx tsc) and give the .js file it writes, e.g. dist/server.js. (Runners such as tsx drop the decorator metadata the framework reads.)`,
    );
  }
  if (!existsSync(path)) {
    throw new UsageError(
      `Cannot find module "${specifier}" (looked at ${path}). Give a compiled .js file, e.g. dist/server.js.`,
    );
  }
  let loaded: Record<string, unknown>;
  try {
    loaded = path.endsWith('.mjs') ? await import(pathToFileURL(path).href) : require(path);
  } catch (error) {
    // A module that throws while loading is its own failure (exit 1), not a usage mistake. An ES
    // module that require() cannot take (older Node.js, or one with top-level await) is imported.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_REQUIRE_ESM' && code !== 'ERR_REQUIRE_ASYNC_MODULE') throw error;
    loaded = await import(pathToFileURL(path).href);
  }
  const candidates = [
    loaded?.default,
    loaded?.app,
    (loaded?.default as Record<string, unknown> | undefined)?.app,
    loaded,
  ];
  const found = candidates.find(
    (candidate) =>
      isApplication(candidate) &&
      (!options.introspectable ||
        typeof (candidate as { describe?: unknown }).describe === 'function'),
  );
  if (found === undefined) {
    const nest = nestModuleOf(loaded);
    if (nest !== undefined) return loadNest(nest, specifier);
    const names = Object.keys(loaded ?? {}).join(', ') || 'nothing';
    throw new UsageError(
      `"${specifier}" exports no McpApplication (it exports: ${names}). Export one: \`export const app = McpApplication.create({ … })\` or \`export default app\`, or a Nest module that imports DeclarativeMcpModule.`,
    );
  }
  return found as LoadedApplication;
}

/** The exported Nest module (a class with Nest's `@Module()` metadata), if any: default first. */
function nestModuleOf(loaded: Record<string, unknown> | undefined): Function | undefined {
  const values = [loaded?.default, ...Object.values(loaded ?? {})];
  const reflect = Reflect as unknown as { getOwnMetadataKeys?: (target: object) => unknown[] };
  return values.find(
    (value): value is Function =>
      typeof value === 'function' &&
      (reflect.getOwnMetadataKeys?.(value) ?? []).some(
        (key) => key === 'imports' || key === 'providers',
      ),
  );
}

/**
 * The Nest form: the module is booted as a standalone application context and its
 * `McpApplication` served; the devtools see how Nest hosts it as `framework`. The Nest entry
 * point (and so Nest itself) is loaded only here.
 */
async function loadNest(module: Function, specifier: string): Promise<LoadedApplication> {
  const { nestApplication } = require('../nestjs') as typeof import('../nestjs');
  let loaded: Awaited<ReturnType<typeof nestApplication>>;
  try {
    loaded = await nestApplication(module);
  } catch (error) {
    if (ConfigurationError.is(error)) throw new UsageError(`"${specifier}": ${error.message}`);
    throw error;
  }
  const { app, framework } = loaded;
  return {
    core: app.core,
    describe: () => app.describe(),
    ...(framework !== undefined ? { framework } : {}),
  } as LoadedApplication;
}
