/**
 * Drives a StdioTransport with in-memory streams: what the client writes goes into `input`, what
 * the server writes is collected from `output` (answer lines) and `error` (diagnostics).
 */
import { PassThrough } from 'node:stream';
import type { Servable } from '../../../src/core';
import { StdioTransport, type StdioTransportOptions } from '../../../src/transports/stdio';

export interface Harness<C> {
  input: PassThrough;
  output: PassThrough;
  error: PassThrough;
  transport: StdioTransport<C>;
  /** The promise of `transport.serving()`, started at once. */
  serving: Promise<number>;
  /** Everything written to the output so far. */
  readonly out: string;
  /** Everything written to the error stream so far. */
  readonly err: string;
  /** The output's whole lines so far. */
  lines(): string[];
  /** Resolves with the output's lines once there are at least `count`. */
  until(count: number): Promise<string[]>;
  /** Writes lines to the input, each ending with `\n`. */
  send(...lines: string[]): void;
}

export function harness<C = unknown>(
  servable: Servable<C>,
  options: Omit<StdioTransportOptions<C>, 'input' | 'output' | 'error'> = {},
): Harness<C> {
  const input = new PassThrough();
  const output = new PassThrough();
  const error = new PassThrough();
  const transport = new StdioTransport<C>(servable, { ...options, input, output, error });
  let out = '';
  let err = '';
  let waiters: Array<() => void> = [];
  output.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    const pending = waiters;
    waiters = [];
    for (const wake of pending) wake();
  });
  error.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  const lines = (): string[] => {
    const all = out.split('\n');
    all.pop();
    return all;
  };
  const until = (count: number): Promise<string[]> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (lines().length >= count) resolve(lines());
        else waiters.push(check);
      };
      check();
    });
  return {
    input,
    output,
    error,
    transport,
    serving: transport.serving(),
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    lines,
    until,
    send: (...messages) => {
      for (const message of messages) input.write(`${message}\n`);
    },
  };
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
