/**
 * The stdio transport in a real child process, as an MCP client launches it: the compiled package
 * (dist/, built by `npm run build`, which `npm test` runs first) serves seed 001's Notes server on
 * the process's own stdin/stdout/stderr (test/fixtures/stdio-notes.js).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  CALL_COUNT,
  COUNT_ANSWER,
  INITIALIZE,
  INITIALIZE_ANSWER,
  INITIALIZED,
} from '../../helpers/stdio-lines';

const ROOT = join(__dirname, '..', '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'stdio-notes.js');
const DIST = join(ROOT, 'dist', 'src', 'transports', 'stdio', 'index.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Collects a child's stdout and stderr until it exits. */
function finished(child: ChildProcess): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the fixture with `input` as its whole stdin, like `printf … | server`. */
function pipe(input: string): Promise<Run> {
  const child = spawn(process.execPath, [FIXTURE], { stdio: 'pipe' });
  const run = finished(child);
  child.stdin.end(input);
  return run;
}

beforeAll(() => {
  if (!existsSync(DIST)) {
    throw new Error(
      `${DIST} is missing: these tests run the compiled package. Run \`npm run build\` first (\`npm test\` does).`,
    );
  }
  const sources = join(ROOT, 'src', 'transports', 'stdio');
  for (const file of readdirSync(sources).filter((name) => name.endsWith('.ts'))) {
    const built = join(ROOT, 'dist', 'src', 'transports', 'stdio', file.replace(/\.ts$/, '.js'));
    if (!existsSync(built) || statSync(built).mtimeMs < statSync(join(sources, file)).mtimeMs) {
      throw new Error(
        `${built} is missing or older than src/transports/stdio/${file}: run \`npm run build\` first (\`npm test\` does).`,
      );
    }
  }
});

describe('stdio in a child process (seed 001)', () => {
  it("answers the seed's printf pipe on stdout, exactly, and exits 0 at end of input", async () => {
    // printf '%s\n' initialize initialized tools/call | bootgly mcp
    const run = await pipe(`${INITIALIZE}\n${INITIALIZED}\n${CALL_COUNT}\n`);
    expect(run.stdout).toBe(`${INITIALIZE_ANSWER}\n${COUNT_ANSWER}\n`);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('served, code 0\n');
  });

  it('moves what a tool prints (console.log, process.stdout.write) to stderr, also after serving', async () => {
    const run = await pipe(
      `${INITIALIZE}\n${CALL_COUNT.replace('"count"', '"noisy"')}\n${CALL_COUNT.replace('"id":2', '"id":3')}\n`,
    );
    expect(run.stdout).toBe(
      `${INITIALIZE_ANSWER}\n${COUNT_ANSWER}\n${COUNT_ANSWER.replace('"id":2', '"id":3')}\n`,
    );
    expect(run.stderr).toBe('stray console.log\nstray process.stdout.write\nserved, code 0\n');
    expect(run.code).toBe(0);
  });

  it('exits 1 when the client stops reading stdout (EPIPE), even with stdin still open', async () => {
    const child = spawn(process.execPath, [FIXTURE], { stdio: 'pipe' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdout.destroy();
    child.stdin.write(`${INITIALIZE}\n`);
    expect(await exited).toBe(1);
    expect(stderr).toContain('declarative-mcp stdio: the output is gone (EPIPE); stopping.\n');
    expect(stderr).toContain('served, code 1\n');
    child.stdin.destroy();
  });

  it('guardStdout moves console.log and process.stdout.write to stderr, keeping the real write', async () => {
    const script = `
      const { guardStdout } = require(${JSON.stringify(DIST)});
      const guard = guardStdout(process.stdout, process.stderr);
      console.log('stray 1');
      process.stdout.write('stray 2\\n');
      guard.write('protocol line\\n');
      guard.restore();
      process.stdout.write('restored\\n');
    `;
    const run = await new Promise<Run>((resolve, reject) =>
      execFile(process.execPath, ['-e', script], (error, stdout, stderr) => {
        if (error) reject(error);
        else resolve({ code: 0, stdout, stderr });
      }),
    );
    expect(run.stdout).toBe('protocol line\nrestored\n');
    expect(run.stderr).toBe('stray 1\nstray 2\n');
  });
});
