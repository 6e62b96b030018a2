/**
 * Bundles the browser side of the MCP Apps example (examples/apps-view/view.ts, which imports
 * ext-apps' App class) with esbuild and inlines it into its HTML page, written to
 * build/examples/apps-view.html. The view is one self-contained document: MCP Apps hosts render
 * it in a sandboxed iframe whose default CSP allows inline scripts and no network origin.
 * Server code is compiled by tsc (decorator metadata); only this browser code is bundled.
 */
const { readFileSync, writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const esbuild = require('esbuild');

const ROOT = join(__dirname, '..');
const MARK = '/*VIEW_SCRIPT*/';

const bundle = esbuild.buildSync({
  entryPoints: [join(ROOT, 'examples', 'apps-view', 'view.ts')],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'warning',
});
// Inside <script>, only "</script" (any case) could end the element early.
const script = bundle.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1');
const page = readFileSync(join(ROOT, 'examples', 'apps-view', 'view.html'), 'utf8');
if (!page.includes(MARK)) throw new Error(`examples/apps-view/view.html has no ${MARK} mark.`);
const out = join(ROOT, 'build', 'examples');
mkdirSync(out, { recursive: true });
const html = page.replace(MARK, () => script);
writeFileSync(join(out, 'apps-view.html'), html);
process.stdout.write(
  `build-apps: wrote build/examples/apps-view.html (${Math.round(html.length / 1024)} KiB)\n`,
);
