import type { Readable, Writable } from 'node:stream';
import { ConfigurationRangeError, ConfigurationTypeError } from '../../core';

/** The default line limit: 4 MiB, the newline excluded. */
export const DEFAULT_LINE = 4 * 1024 * 1024;

/** Options of {@link StdioTransport} and {@link serveStdio}. */
export interface StdioTransportOptions<C = unknown> {
  /**
   * What every call receives as its context. A stdio process serves one client, the user who
   * started it: resolve who that is once (from an environment variable the client configuration
   * sets, for instance) and pass it here.
   */
  context?: C;
  /** The longest line accepted, in bytes, the `\n` or `\r\n` ending excluded (default 4 MiB). */
  line?: number;
  /** Where the client's messages come from (default `process.stdin`). */
  input?: Readable;
  /** Where the answers go, one line each and nothing else (default `process.stdout`). */
  output?: Writable;
  /** Where every diagnostic goes, and what tools print to stdout (default `process.stderr`). */
  error?: Writable;
  /**
   * How long a server→client request (elicitation, sampling, roots) waits for the client's
   * answer, in ms (default 60 000). The same name and meaning as over HTTP.
   */
  clientRequestTimeout?: number;
  /**
   * The most resource subscriptions the client may hold at once (default 100; `0` no limit): one
   * more `resources/subscribe`, or a `subscriptions/listen` naming more URIs, gets `-32602`.
   */
  maxSubscriptions?: number;
  /** The longest resource URI the client may subscribe to, in characters (default 2 048; `0` no limit). */
  maxUriLength?: number;
}

/** The defaults of the subscription limits. */
const LIMIT_DEFAULTS = { maxSubscriptions: 100, maxUriLength: 2048 } as const;

/** A limit: a whole number of 0 or more (`0`: none), or its default. */
function limitOf(
  options: StdioTransportOptions<unknown>,
  name: keyof typeof LIMIT_DEFAULTS,
): number {
  const value = options[name];
  if (value === undefined) return LIMIT_DEFAULTS[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ConfigurationRangeError(
      `StdioTransport: "${name}" must be a whole number of 0 or more (got ${String(value)}); 0 means no limit, the default is ${LIMIT_DEFAULTS[name]}.`,
    );
  }
  return value;
}

function isReadable(value: unknown): value is Readable {
  const stream = value as Partial<Readable> | null | undefined;
  return (
    typeof stream?.on === 'function' &&
    typeof stream.removeListener === 'function' &&
    typeof stream.pause === 'function' &&
    typeof stream.resume === 'function'
  );
}

function isWritable(value: unknown): value is Writable {
  const stream = value as Partial<Writable> | null | undefined;
  return (
    typeof stream?.write === 'function' &&
    typeof stream.on === 'function' &&
    typeof stream.removeListener === 'function'
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return value.constructor?.name ?? 'object';
}

/** Options checked, with the process's streams filled in. */
export interface ResolvedStdioOptions {
  line: number;
  input: Readable;
  output: Writable;
  error: Writable;
  clientRequestTimeout: number | undefined;
  maxSubscriptions: number;
  maxUriLength: number;
}

/**
 * Checks {@link StdioTransportOptions} and fills in the defaults. Throws a `TypeError` for a
 * stream that is not a stream of the right direction, a `RangeError` for a `line` that is not a
 * whole number of 1 or more or a `clientRequestTimeout` that is not above 0.
 */
export function resolveOptions<C>(options: StdioTransportOptions<C>): ResolvedStdioOptions {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationTypeError('StdioTransport: options must be an object.');
  }
  const line = options.line === undefined ? DEFAULT_LINE : options.line;
  if (typeof line !== 'number') {
    throw new ConfigurationTypeError(
      `StdioTransport: "line" must be a number of bytes (got ${typeof line}).`,
    );
  }
  if (!Number.isInteger(line) || line < 1) {
    throw new ConfigurationRangeError(
      `StdioTransport: "line" must be a whole number of bytes, 1 or more (got ${line}); the default is ${DEFAULT_LINE} (4 MiB).`,
    );
  }
  // Only an absent stream takes the process's own: `null` is a mistake worth reporting.
  const input: unknown = options.input === undefined ? process.stdin : options.input;
  const output: unknown = options.output === undefined ? process.stdout : options.output;
  const error: unknown = options.error === undefined ? process.stderr : options.error;
  if (!isReadable(input)) {
    throw new ConfigurationTypeError(
      `StdioTransport: "input" must be a readable stream such as process.stdin (got ${describe(input)}).`,
    );
  }
  if (!isWritable(output)) {
    throw new ConfigurationTypeError(
      `StdioTransport: "output" must be a writable stream such as process.stdout (got ${describe(output)}).`,
    );
  }
  if (!isWritable(error)) {
    throw new ConfigurationTypeError(
      `StdioTransport: "error" must be a writable stream such as process.stderr (got ${describe(error)}).`,
    );
  }
  if (output === error) {
    throw new ConfigurationTypeError(
      'StdioTransport: "output" and "error" must be different streams: diagnostics would corrupt the protocol.',
    );
  }
  if ('requestTimeout' in options) {
    throw new ConfigurationTypeError(
      'StdioTransport: "requestTimeout" is not an option: the wait for a client\'s answer is "clientRequestTimeout".',
    );
  }
  const timeout: unknown = options.clientRequestTimeout;
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0)) {
    throw new ConfigurationRangeError(
      `StdioTransport: "clientRequestTimeout" must be a number of milliseconds above 0 (got ${String(timeout)}).`,
    );
  }
  const clientRequestTimeout = timeout as number | undefined;

  const maxSubscriptions = limitOf(options, 'maxSubscriptions');
  const maxUriLength = limitOf(options, 'maxUriLength');
  return { line, input, output, error, clientRequestTimeout, maxSubscriptions, maxUriLength };
}
