/**
 * `--against REF`: the other side of an A/B. Checks REF out in a temporary git worktree, links this
 * checkout's node_modules into it, builds its library (tsc, then its main entry's bundle where it
 * has scripts/bundle-main.js), and compiles *this* checkout's bench against
 * that library (the bench's children import `declarative-mcp`, which resolves to the worktree's
 * `dist/`). Both builds then run the same bench code, interleaved, in one run.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { note } from './common';

/** The prepared `--against` build. */
export interface AgainstBuild {
  /** The commit, resolved. */
  sha: string;
  /** What the user asked for (`main`, `da14414`, …). */
  ref: string;
  /** The ref's compiled bench (`<worktree>/build/bench`): its children use the ref's library. */
  dir: string;
  /** Removes the worktree (unless kept with `--keep`). */
  dispose(): void;
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Compiles with this checkout's TypeScript; type errors against an older API still emit. */
function tsc(root: string, cwd: string, project: string): void {
  try {
    run(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project],
      cwd,
    );
  } catch (error) {
    const output = String((error as { stdout?: unknown }).stdout ?? '').trim();
    note(`tsc -p ${project} in ${cwd} reported errors (output kept):\n${output.slice(0, 2000)}`);
  }
}

/**
 * Prepares REF. `root` is this checkout. A worktree kept by an earlier `--keep` run of the same
 * commit is reused (its library is not rebuilt; the bench is recompiled from this checkout).
 */
export function prepareAgainst(ref: string, root: string, keep: boolean): AgainstBuild {
  const sha = run('git', ['rev-parse', '--verify', `${ref}^{commit}`], root).trim();
  const worktree = join(tmpdir(), `declarative-mcp-bench-${sha.slice(0, 12)}`);
  const reused = existsSync(join(worktree, 'dist', 'src', 'index.js'));
  if (!reused) {
    if (existsSync(worktree)) {
      rmSync(worktree, { recursive: true, force: true });
      run('git', ['worktree', 'prune'], root);
    }
    note(`--against ${ref}: checking out ${sha.slice(0, 12)} in ${worktree}`);
    run('git', ['worktree', 'add', '--detach', worktree, sha], root);
  }
  const modules = join(worktree, 'node_modules');
  if (!existsSync(modules)) symlinkSync(join(root, 'node_modules'), modules, 'dir');
  if (!reused) {
    note(`--against ${ref}: building its library`);
    tsc(root, worktree, 'tsconfig.build.json');
    if (!existsSync(join(worktree, 'dist', 'src', 'index.js'))) {
      throw new Error(`--against ${ref}: its build produced no dist/src/index.js`);
    }
    // Its library as its build:lib makes it: plain re-exports where it has the step
    // (scripts/fast-barrels.js), then its main entry, where it bundles one (scripts/bundle-main.js).
    const barrels = join(worktree, 'scripts', 'fast-barrels.js');
    if (existsSync(barrels)) run(process.execPath, [barrels], worktree);
    const bundle = join(worktree, 'scripts', 'bundle-main.js');
    if (existsSync(bundle)) run(process.execPath, [bundle], worktree);
  }
  // This checkout's bench, compiled against the ref's library.
  note(`--against ${ref}: compiling this bench against it`);
  rmSync(join(worktree, 'bench'), { recursive: true, force: true });
  rmSync(join(worktree, 'build', 'bench'), { recursive: true, force: true });
  cpSync(join(root, 'bench'), join(worktree, 'bench'), { recursive: true });
  cpSync(join(root, 'tsconfig.bench.json'), join(worktree, 'tsconfig.bench.json'));
  tsc(root, worktree, 'tsconfig.bench.json');
  const dir = join(worktree, 'build', 'bench');
  if (!existsSync(join(dir, 'children', 'ours-http.js'))) {
    throw new Error(`--against ${ref}: the bench did not compile against it`);
  }
  return {
    sha,
    ref,
    dir,
    dispose() {
      if (keep) {
        note(
          `--against ${ref}: kept ${worktree} (remove: git worktree remove --force ${worktree})`,
        );
        return;
      }
      // The link first, so that nothing can follow it into this checkout's node_modules.
      rmSync(modules, { force: true });
      try {
        run('git', ['worktree', 'remove', '--force', worktree], root);
      } catch {
        rmSync(worktree, { recursive: true, force: true });
        run('git', ['worktree', 'prune'], root);
      }
    },
  };
}
