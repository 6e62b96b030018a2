/**
 * Runs a command-line entry (`runCli`, `runDevtools`) in process with in-memory streams: the
 * harness the CLI and devtools tests share.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';

/** What a run printed, and its exit code. */
export interface Ran {
  code: number;
  out: string;
  err: string;
}

/** The streams a command takes (the `CliIo` shape). */
export interface MemoryIo {
  cwd: string;
  input: Readable;
  output: Writable;
  error: Writable;
}

/**
 * Runs `command` with in-memory stdin/stdout/stderr in `cwd`; `lines` go to its stdin, which
 * then ends. Resolves when the command does.
 */
export async function runInMemory(
  command: (io: MemoryIo) => Promise<number>,
  cwd: string,
  lines: readonly string[] = [],
): Promise<Ran> {
  const input = new PassThrough();
  const output = new PassThrough();
  const error = new PassThrough();
  let out = '';
  let err = '';
  output.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  error.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  const code = command({ cwd, input, output, error });
  input.end(lines.map((line) => `${line}\n`).join(''));
  return { code: await code, out, err };
}
