/**
 * The Worker example (examples/worker.ts, bundled by `npm run build` into
 * build/examples/worker.bundle.mjs) in Cloudflare's own runtime, workerd, through miniflare (both
 * from npm), with examples/wrangler.toml's compatibility date and no `nodejs_compat`: the bundle
 * imports no Node module, loads, and answers the official clients over HTTP.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { describeRuntime } from './fetch-runtimes';

const ROOT = join(__dirname, '..', '..');
const BUNDLE = join(ROOT, 'build', 'examples', 'worker.bundle.mjs');
const WRANGLER = readFileSync(join(ROOT, 'examples', 'wrangler.toml'), 'utf8');

describe('the Worker bundle', () => {
  it('asks for no nodejs_compat and imports no Node module', () => {
    expect(WRANGLER).not.toMatch(/^\s*compatibility_flags/m);
    const code = readFileSync(BUNDLE, 'utf8');
    // One self-contained module: no import left for the runtime to resolve (the build fails when
    // a Node module is reached; names such as "node:crypto" remain only as guarded
    // process.getBuiltinModule look-ups, which Workers skip).
    expect(code.match(/^\s*(?:import\s|export\s.*\sfrom\s)/gm)).toBeNull();
    expect(code.match(/\bimport\(\s*["']/g)).toBeNull();
  });
});

describeRuntime('workerd (miniflare), no nodejs_compat', async () => {
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(WRANGLER)![1]!;
  const worker = new Miniflare({
    modules: true,
    scriptPath: BUNDLE,
    compatibilityDate,
    compatibilityFlags: [],
    host: '127.0.0.1',
    port: 0,
  });
  const base = await worker.ready;
  return { url: new URL('/mcp', base).href, stop: () => worker.dispose() };
});
