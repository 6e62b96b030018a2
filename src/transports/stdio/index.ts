/**
 * The stdio transport (seed 001): newline-delimited JSON-RPC on stdin, one answer line each on
 * stdout, diagnostics and stray output on stderr.
 */
export type { StdioTransportOptions } from './stdio-options';
export { StdioTransport, serveStdio } from './stdio-transport';
export { guardStdout, type StdoutGuard } from './stdout-guard';
