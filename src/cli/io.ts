import type { Readable, Writable } from 'node:stream';

/**
 * Where the command line reads and writes: the process's own streams and directory by
 * default, others in tests.
 */
export interface CliIo {
  /** Relative module paths resolve from here (default `process.cwd()`). */
  cwd?: string;
  /** The stdio transport's input (default `process.stdin`). */
  input?: Readable;
  /** The protocol over stdio, `--help` and `--version` (default `process.stdout`). */
  output?: Writable;
  /** Diagnostics and the HTTP URL (default `process.stderr`). */
  error?: Writable;
  /** Stops an HTTP server, as SIGINT and SIGTERM do. */
  signal?: AbortSignal;
}
