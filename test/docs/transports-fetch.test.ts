/**
 * docs/transports-fetch.md shows the runtime examples that CI runs on each runtime
 * (test/e2e/hono, bun, deno and worker tests): each `// src/NAME.ts` block of the page is
 * examples/NAME.ts without its header comment, word for word, so the page cannot drift from what
 * is tested. (The page's program, all five files compiled together, runs with the tutorials.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blocks, fileOf, ROOT } from './markdown';

const page = readFileSync(join(ROOT, 'docs', 'transports-fetch.md'), 'utf8');
const files = new Map(
  blocks(page)
    .map((block) => [fileOf(block), block.code] as const)
    .filter((entry): entry is readonly [string, string] => entry[0] !== undefined),
);

it.each(['greeter', 'hono', 'bun', 'deno', 'worker'])(
  'src/%s.ts is the example of that name',
  (name) => {
    const example = readFileSync(join(ROOT, 'examples', `${name}.ts`), 'utf8');
    const code = example.replace(/^\/\*\*[\s\S]*?\*\/\n/, '');
    expect(files.get(`src/${name}.ts`)).toBe(`// src/${name}.ts\n${code}`);
  },
);
