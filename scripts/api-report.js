#!/usr/bin/env node
/**
 * The API report: what each entry point of the package exports, as api-extractor reads it from
 * the build's .d.ts files (internals marked @internal are stripped by the build). Checked in
 * `npm test`: a change to the public surface fails until the report under api/ is updated on
 * purpose with `npm run api:update`, and the diff of api/*.api.md shows it in review.
 *
 *   node scripts/api-report.js            check (fails when a report differs)
 *   node scripts/api-report.js --update   rewrite the reports
 */
const { join } = require('node:path');
const { Extractor, ExtractorConfig } = require('@microsoft/api-extractor');

const root = join(__dirname, '..');
const update = process.argv.includes('--update');

/** Each entry point of package.json's exports, with the .d.ts it starts from. */
const ENTRIES = [
  ['declarative-mcp', 'dist/src/index.d.ts'],
  ['declarative-mcp-decorators', 'dist/decorators/index.d.ts'],
  ['declarative-mcp-testing', 'dist/src/testing/index.d.ts'],
  ['declarative-mcp-devtools', 'dist/src/devtools/index.d.ts'],
  ['declarative-mcp-nestjs', 'dist/src/nestjs/index.d.ts'],
  ['declarative-mcp-redis', 'dist/src/redis/index.d.ts'],
  ['declarative-mcp-fetch', 'dist/src/fetch/index.d.ts'],
  ['declarative-mcp-adapter', 'dist/src/adapter/index.d.ts'],
];

/** The import specifier of an entry: `declarative-mcp-testing` → `declarative-mcp/testing`. */
function specifierOf(name) {
  return name.replace(/^declarative-mcp-/, 'declarative-mcp/');
}

/**
 * The entries name the main entry's types through the package's own name (a type-only
 * `import type { Mcp } from 'declarative-mcp'`), as a user's TypeScript resolves them. api-extractor
 * reports such an import as an import of another package only when the compiler resolved it under
 * a node_modules folder; the package's self-reference resolves to its own dist/ instead. So the
 * check resolves each entry's name to a stub package under .tmp/api/node_modules whose files
 * re-export the built entries: the reports then show `import { Mcp } from 'declarative-mcp'`, and
 * a type an entry names through another entry is not a forgotten export. Returns the `paths`.
 */
function stubPackage() {
  const { mkdirSync, writeFileSync } = require('node:fs');
  const { relative } = require('node:path');
  const stub = join(root, '.tmp', 'api', 'node_modules', 'declarative-mcp');
  mkdirSync(stub, { recursive: true });
  const paths = {};
  for (const [name, entry] of ENTRIES) {
    const specifier = specifierOf(name);
    const file = join(stub, `${specifier.split('/')[1] ?? 'index'}.d.ts`);
    const target = relative(stub, join(root, entry))
      .replaceAll('\\', '/')
      .replace(/\.d\.ts$/, '');
    writeFileSync(file, `export * from '${target}';\n`);
    paths[specifier] = [file];
  }
  return paths;
}

require('node:fs').mkdirSync(join(root, 'api'), { recursive: true });
const paths = stubPackage();
let failed = 0;
for (const [name, entry] of ENTRIES) {
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, entry),
      bundledPackages: [],
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'node16',
            moduleResolution: 'node16',
            lib: ['ES2022'],
            types: ['node'],
            strict: true,
            skipLibCheck: true,
            experimentalDecorators: true,
            // An entry's own name resolves to itself (the main entry's decorators name its Mcp).
            paths: Object.fromEntries(
              Object.entries(paths).filter(([specifier]) => specifier !== specifierOf(name)),
            ),
          },
          files: [join(root, entry)],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: name,
        reportFolder: join(root, 'api'),
        reportTempFolder: join(root, '.tmp', 'api'),
        includeForgottenExports: false,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'none' },
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: join(root, 'api', 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  });
  const result = Extractor.invoke(config, {
    localBuild: update,
    showVerboseMessages: false,
    messageCallback: (message) => {
      if (message.logLevel === 'none') message.handled = true;
    },
  });
  const report = require('node:fs').readFileSync(
    join(root, '.tmp', 'api', `${name}.api.md`),
    'utf8',
  );
  const forgotten = [...report.matchAll(/\(ae-forgotten-export\) The symbol "([^"]+)"/g)].map(
    (match) => match[1],
  );
  // Every entry names only what it exports itself or imports from another entry by the package's
  // name: a type a signature names otherwise (a "forgotten export") fails the check.
  if (forgotten.length > 0) {
    failed += 1;
    process.stderr.write(
      `api-report: ${entry} names types it does not export: ${[...new Set(forgotten)].join(', ')}. Export them from the entry, import them by the package's name from the entry that exports them (import type { Mcp } from 'declarative-mcp'), or mark the members that name them @internal.\n`,
    );
  }
  if (result.apiReportChanged && !update) {
    failed += 1;
    process.stderr.write(
      `api-report: the public API of ${entry} changed: see .tmp/api/${name}.api.md against api/${name}.api.md. If the change is meant, run \`npm run api:update\` and commit api/.\n`,
    );
  } else if (!result.succeeded) {
    failed += 1;
    process.stderr.write(`api-report: api-extractor failed on ${entry}.\n`);
  }
}
if (failed === 0)
  process.stderr.write(
    `api-report: ${update ? 'updated' : 'unchanged'} (${ENTRIES.length} entry points)\n`,
  );
process.exitCode = failed === 0 ? 0 : 1;
