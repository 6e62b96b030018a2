import type { Writable } from 'node:stream';

/** What a {@link LineWriter} reports. */
export interface LineWriterHandlers {
  /** The output can no longer be written (EPIPE, a write error, closed): called once. */
  gone(error: Error): void;
  /** The output drained after a write asked to wait. */
  drain(): void;
}

/** How a {@link LineWriter} writes one chunk (the stream's own `write`, or a guard's). */
export type WriteChunk = (chunk: string, callback: (error?: Error | null) => void) => boolean;

/**
 * Writes whole lines to the output stream — one `write` call per message, so a line is never
 * interleaved with another — and notices when the output is gone: a write that fails, an `error`
 * event, or the stream closing. It never lets an error event of the output go unhandled.
 */
export class LineWriter {
  private pending = 0;
  private failure: Error | undefined;
  private waiters: Array<() => void> = [];
  private readonly onError = (error: Error): void => this.fail(error);
  private readonly onClose = (): void => this.fail(new Error('The output stream closed.'));
  private readonly onDrain = (): void => this.handlers.drain();
  /** Whether the output is corked until the end of this tick (see {@link write}). */
  private corked = false;
  private readonly uncork = (): void => {
    this.corked = false;
    this.output.uncork();
  };
  private readonly written = (error?: Error | null): void => {
    this.pending -= 1;
    if (error) this.fail(error);
    if (this.pending === 0) this.wake();
  };

  constructor(
    private readonly output: Writable,
    private readonly handlers: LineWriterHandlers,
    private readonly writeChunk: WriteChunk = (chunk, callback) => output.write(chunk, callback),
  ) {
    output.on('error', this.onError);
    output.on('close', this.onClose);
    output.on('drain', this.onDrain);
  }

  /** Whether the output is gone. */
  get gone(): boolean {
    return this.failure !== undefined;
  }

  /**
   * Writes one whole line (`text` already ends with its newline). Returns false when the output
   * asks the writer to wait for `drain`, or is gone.
   */
  write(text: string): boolean {
    if (this.failure !== undefined) return false;
    if (this.output.destroyed || this.output.writableEnded) {
      this.fail(new Error('The output stream is closed.'));
      return false;
    }
    this.pending += 1;
    if (!this.corked && typeof this.output.cork === 'function') {
      // The lines written in one tick (the answers to one chunk of input) leave together, in
      // order, at the end of the tick: one writev on a pipe instead of one write per line.
      this.corked = true;
      this.output.cork();
      process.nextTick(this.uncork);
    }
    try {
      return this.writeChunk(text, this.written);
    } catch (error) {
      this.pending -= 1;
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return false;
    }
  }

  /** Resolves once every line written so far has been flushed (or the output is gone). */
  idle(): Promise<void> {
    if (this.pending === 0 || this.failure !== undefined) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Stops watching the output's `close` and `drain`. The `error` listener stays, inert once the
   * writer is gone, so a late error of a write already made cannot crash the process.
   */
  dispose(): void {
    this.output.removeListener('close', this.onClose);
    this.output.removeListener('drain', this.onDrain);
  }

  private fail(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.wake();
    this.handlers.gone(error);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
