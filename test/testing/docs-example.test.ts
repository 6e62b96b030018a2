/**
 * docs/testing.md's complete jest example (the block that starts `// One jest test file, run in both revisions`), read
 * from the page and run here as written: its `describe`/`test` blocks register in this file, so
 * the page cannot drift from what the kit does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

const page = readFileSync(join(__dirname, '..', '..', 'docs', 'testing.md'), 'utf8');
const start = page.indexOf('```ts\n// One jest test file, run in both revisions');
if (start < 0)
  throw new Error(
    'docs/testing.md lost its example block (// One jest test file, run in both revisions)',
  );
const source = page.slice(start + 6, page.indexOf('```', start + 6));
const { outputText } = ts.transpileModule(source, {
  compilerOptions: {
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
  },
});
new Function('require', 'exports', 'describe', 'test', 'expect', outputText)(
  require,
  {},
  describe,
  test,
  expect,
);
