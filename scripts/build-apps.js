/**
 * Bundles the browser side of the MCP Apps example (examples/apps-view/view.ts, which imports
 * ext-apps' App class) with esbuild and inlines it into its HTML page, written to
 * build/examples/apps-view.html. The view is one self-contained document: MCP Apps hosts render
 * it in a sandboxed iframe whose default CSP allows inline scripts and no network origin.
 * Server code is compiled by tsc (decorator metadata); only this browser code is bundled, and
 * the compiled Worker example (build/examples/worker.bundle.mjs, below).
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

// The Worker example (examples/worker.ts, compiled by tsc for its decorator metadata) bundled as
// Cloudflare Workers take it: one ES module, Worker conditions, and no Node built-in, since
// examples/wrangler.toml asks for no nodejs_compat. A Node module reached fails the build here,
// naming who imported it, rather than the deploy.
const BUILTIN = new Set(require('node:module').builtinModules);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

async function bundleWorker() {
  const reached = [];
  await esbuild.build({
    stdin: {
      contents: "import worker from './worker.js';\nexport default worker;\n",
      resolveDir: out,
      loader: 'js',
    },
    outfile: join(out, 'worker.bundle.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'warning',
    plugins: [
      {
        name: 'worker-imports',
        setup(build) {
          // The examples import this package by name: resolve it through its own "exports".
          build.onResolve({ filter: /^declarative-mcp(\/|$)/ }, (args) => {
            const entry = pkg.exports[`.${args.path.slice('declarative-mcp'.length)}`];
            if (!entry)
              return { errors: [{ text: `${args.path} is not an export of the package` }] };
            return { path: join(ROOT, entry.default) };
          });
          build.onResolve({ filter: /.*/ }, (args) => {
            if (!args.path.startsWith('node:') && !BUILTIN.has(args.path)) return undefined;
            reached.push(`${args.path} <- ${args.importer.replace(ROOT, '.')}`);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  if (reached.length > 0) {
    throw new Error(
      `the Worker bundle reaches Node modules, which Workers without nodejs_compat refuse:\n  ${reached.join('\n  ')}`,
    );
  }
  process.stdout.write('build-apps: wrote build/examples/worker.bundle.mjs (no node: import)\n');
}

bundleWorker().catch((error) => {
  process.stderr.write(`build-apps: ${error.message}\n`);
  process.exit(1);
});
