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

/**
 * Entries whose public declarations name only what they export themselves: a type one of their
 * signatures names and they do not export (api-extractor's "forgotten export") fails the check.
 * The other entries name the main entry's types (McpApplication, JsonObject, …), which a user
 * imports from there.
 */
const SELF_CONTAINED = new Set(['declarative-mcp', 'declarative-mcp-adapter']);

require('node:fs').mkdirSync(join(root, 'api'), { recursive: true });
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
  if (SELF_CONTAINED.has(name) && forgotten.length > 0) {
    failed += 1;
    process.stderr.write(
      `api-report: ${entry} names types it does not export: ${[...new Set(forgotten)].join(', ')}. Export them from the entry, or mark the members that name them @internal.\n`,
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
