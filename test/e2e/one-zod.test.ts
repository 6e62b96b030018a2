/**
 * One copy of zod: an ES module application (`import { z } from 'zod'` loads zod's ESM build)
 * whose tool takes a zod schema. The framework, a CommonJS package, converts and validates it
 * through the schema's own `~standard` interface, so zod's CommonJS build is never loaded beside
 * the ESM one (it was: ~40 ms of cold start, and two zods). Run as a child process from the
 * built package, as a user's app would run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

test('an ESM app with a zod tool loads no CommonJS zod, and the tool validates', () => {
  const folder = join(ROOT, 'build', 'test-one-zod');
  mkdirSync(folder, { recursive: true });
  const app = join(folder, 'app.mjs');
  writeFileSync(
    app,
    `import { createRequire } from 'node:module';
import { z } from 'zod';
import { McpApplication, Tool } from 'declarative-mcp';

class Weather {
  forecast({ city }) { return \`Sunny in \${city}.\`; }
}
Tool({ input: z.object({ city: z.string() }) })(
  Weather.prototype, 'forecast', Object.getOwnPropertyDescriptor(Weather.prototype, 'forecast'));
const app = McpApplication.create({ name: 'w', version: '1', providers: [Weather] });
const call = (args) => app.handle(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'forecast', arguments: args } }));
const answers = [await call({ city: 'Oslo' }), await call({ city: 3 })];
const cjsZod = Object.keys(createRequire(import.meta.url).cache).filter((file) => /[\\\\/]node_modules[\\\\/]zod[\\\\/]/.test(file));
console.log(JSON.stringify({ answers, cjsZod }));
`,
  );
  const run = spawnSync(process.execPath, [app], { encoding: 'utf8', timeout: 20_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({
    answers: [
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Sunny in Oslo."}],"isError":false}}',
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Invalid arguments: city: Invalid input: expected string, received number"}],"isError":true}}',
    ],
    cjsZod: [],
  });
});
