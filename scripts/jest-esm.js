/**
 * A jest transform for ESM-only packages (NestJS 12 ships `"type": "module"`): jest on Node 20
 * cannot `require()` an ES module, so their files are compiled to CommonJS as they load.
 * `import.meta.url` becomes the file's URL and `import()` a `require()`, which keeps Nest's
 * lazy loading of its optional packages working.
 */
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      format: 'cjs',
      loader: 'js',
      target: 'node20',
      sourcefile: filename,
      sourcemap: 'external',
      define: { 'import.meta.url': '__jestEsmUrl' },
      banner: 'var __jestEsmUrl = require("node:url").pathToFileURL(__filename).href;',
      logLevel: 'silent',
    });
    return { code, map };
  },
};
