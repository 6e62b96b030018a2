import type { Writable } from 'node:stream';
import { ConfigurationTypeError } from '../../core';

/**
 * What {@link guardStdout} leaves in place: the real write to stdout, kept for the protocol's own
 * lines, and the way to undo the guard.
 */
export interface StdoutGuard {
  /** Writes to the real stdout, past the guard: what the transport uses for its answer lines. */
  write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean;
  /** Where everything else written to stdout goes now. */
  readonly target: Writable;
  /** Puts the original `write` back (the transport itself never does: the capture stays). */
  restore(): void;
}

interface Guard extends StdoutGuard {
  target: Writable;
}

type WriteFunction = (...args: unknown[]) => boolean;

const guards = new WeakMap<Writable, Guard>();

/**
 * Moves everything written to `stdout` — `console.log`, `process.stdout.write`, a logger built on
 * them — to `stderr`, so that a tool printing while it runs can never corrupt the protocol: over
 * stdio, stdout carries the answer lines and nothing else. Replaces `stdout.write` with a function
 * that writes to `stderr`, and hands back the original for the protocol's own lines.
 *
 * Guarding a stream twice returns the same guard (now moving writes to the new `stderr`), so the
 * original is never lost. {@link StdioTransport} does this by itself when its output is
 * `process.stdout`.
 *
 * @example
 * const guard = guardStdout(process.stdout, process.stderr);
 * console.log('debug');                    // lands on stderr
 * guard.write('{"jsonrpc":"2.0",…}\n');    // lands on stdout
 */
export function guardStdout(
  stdout: Writable = process.stdout,
  stderr: Writable = process.stderr,
): StdoutGuard {
  if (typeof stdout?.write !== 'function' || typeof stderr?.write !== 'function') {
    throw new ConfigurationTypeError('guardStdout: stdout and stderr must be writable streams.');
  }
  if (stdout === stderr) {
    throw new ConfigurationTypeError(
      'guardStdout: stdout and stderr must be two different streams (stray output would loop back).',
    );
  }
  const existing = guards.get(stdout);
  if (existing !== undefined) {
    existing.target = stderr;
    return existing;
  }

  const own = Object.hasOwn(stdout, 'write');
  const original = stdout.write as unknown as WriteFunction;
  const guard: Guard = {
    target: stderr,
    write: (chunk, callback) => original.call(stdout, chunk, callback),
    restore: () => {
      if (guards.get(stdout) !== guard) return;
      guards.delete(stdout);
      if (own) stdout.write = original as unknown as Writable['write'];
      else delete (stdout as { write?: unknown }).write;
    },
  };
  const guarded: WriteFunction = (...args) =>
    (guard.target.write as unknown as WriteFunction).apply(guard.target, args);
  stdout.write = guarded as unknown as Writable['write'];
  guards.set(stdout, guard);
  return guard;
}
