/**
 * Where a generated test imports a provider from, as the introspected application tells it: the
 * compiled module that exports the provider's class (or else the module the application was
 * loaded from), written as the import of a test that sits beside that module's source. A module
 * of an ES module package keeps its `.js` (as `nodenext` requires); a CommonJS one drops it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';

/** The loaded CommonJS module that exports a class named `provider`, if any (not a package's). */
function exporterOf(provider: string): string | undefined {
  for (const loaded of Object.values(require.cache)) {
    if (loaded === undefined || loaded.filename.includes(`${sep}node_modules${sep}`)) continue;
    const exported = (loaded.exports as Record<string, unknown> | undefined)?.[provider];
    if (typeof exported === 'function' && exported.name === provider) return loaded.filename;
  }
  return undefined;
}

/** Whether `file` runs as an ES module: `.mjs`, or `.js` under a `"type": "module"` package. */
export function isEsModule(file: string): boolean {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs')) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type === 'module';
      } catch {
        return false;
      }
    }
    if (dirname(dir) === dir) return false;
  }
}

/**
 * The import path of `provider` for a test beside its source (`./server`, or `./server.js` in an
 * ES module package), from the loaded modules, else `entry` itself (the module the application was
 * loaded from); undefined when no module was loaded.
 */
export function providerImport(provider: string, entry: string | undefined): string | undefined {
  if (entry === undefined) return undefined;
  const file = exporterOf(provider) ?? resolve(entry);
  const name = basename(file).replace(/\.[cm]?js$/, '');
  return isEsModule(file) ? `./${name}.js` : `./${name}`;
}

/** Whether `jest` can be resolved from the folder of `entry` (the user's project has it). */
export function hasJest(entry: string): boolean {
  try {
    require.resolve('jest', { paths: [dirname(resolve(entry))] });
    return true;
  } catch {
    return false;
  }
}
