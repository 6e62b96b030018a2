import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const NAME = 'declarative-mcp';
let cached: string | undefined;

/**
 * The folder of the declarative-mcp package itself: the nearest `package.json` named
 * `declarative-mcp` above this file. Compiled, this file is `dist/src/devtools/*.js` (three levels
 * down); under ts-jest it is `src/devtools/*.ts` (two): walking up serves both.
 */
export function packageRoot(): string {
  if (cached !== undefined) return cached;
  for (let dir = __dirname, up = 0; up < 6; up++, dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === NAME) {
        cached = dir;
        return dir;
      }
    } catch {
      // An unreadable manifest on the way up is not ours: keep walking.
    }
  }
  // Not found (a bundler moved this file): the compiled layout's answer, dist/src/devtools → root.
  cached = join(__dirname, '..', '..', '..');
  return cached;
}
