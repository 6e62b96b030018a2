/**
 * How the docs tests read markdown and run what it says: the fenced blocks of a page, the file a
 * block is (its first line, `// src/server.ts`), and shell blocks run as a user runs them, in a
 * temporary folder, with npm's and this repository's own environment taken out.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const STEP_TIMEOUT = 180_000;

/** One fenced code block of a markdown page. */
export interface Block {
  lang: string;
  /** The info string after the language (`fragment` marks a block that is not run). */
  info: string;
  code: string;
}

/** The fenced code blocks of `markdown`, in order. */
export function blocks(markdown: string): Block[] {
  const found: Block[] = [];
  const fence = /^```(\w*)([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown)) {
    found.push({ lang: match[1], info: match[2].trim(), code: match[3] });
  }
  return found;
}

/** The file a block is, from its first line (`// src/server.ts`), if it names one. */
export function fileOf(block: Block): string | undefined {
  if (!['ts', 'json', 'js'].includes(block.lang)) return undefined;
  return /^\/\/ ([\w./-]+\.(?:ts|json|js|cjs|mjs))\n/.exec(block.code)?.[1];
}

/** The environment of the commands: this process's, without npm's and this repository's own. */
export function environment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith('npm_') && key !== 'INIT_CWD') env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !entry.startsWith(ROOT))
    .join(delimiter);
  env.npm_config_audit = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_update_notifier = 'false';
  return env;
}

/** Runs a shell script in `cwd` with no input; resolves with the folder it ended in. */
export function shell(script: string, cwd: string, env = environment()): Promise<string> {
  const marker = join(mkdtempSync(join(tmpdir(), 'declarative-mcp-pwd-')), 'pwd');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-eo', 'pipefail', '-c', `${script}\npwd > "${marker}"`], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), STEP_TIMEOUT);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(
          new Error(`\`${script.trim()}\` ended with ${code ?? signal} in ${cwd}:\n${output}`),
        );
        return;
      }
      const ended = readFileSync(marker, 'utf8').trim();
      rmSync(dirname(marker), { recursive: true, force: true });
      resolve(ended);
    });
  });
}

/**
 * A shell block as the test runs it: `npm i`/`npm install` lines install the packed tarball for
 * `declarative-mcp` and the TypeScript line under test for `typescript`; every other word stays.
 */
export function substitute(code: string, tarball: string, typescript: string): string {
  return code
    .split('\n')
    .map((line) =>
      /^npm (i|install)\b/.test(line)
        ? line
            .replace(/(^|\s)declarative-mcp(?=\s|$)/g, `$1${tarball}`)
            .replace(/(^|\s)typescript(?=\s|$)/g, `$1typescript@${typescript}`)
        : line,
    )
    .join('\n');
}

/** A command a shell block offers as an alternative in a comment (`# or: npx … serve …`). */
export function alternatives(code: string): string[][] {
  return [...code.matchAll(/#\s*or:\s*(.+)$/gm)].map((match) => match[1].trim().split(/\s+/));
}
