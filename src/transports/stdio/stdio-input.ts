import type { Readable } from 'node:stream';
import type { LineReader } from './line-reader';

/** What {@link StdioInput} reports besides the bytes it feeds its {@link LineReader}. */
export interface StdioInputEvents {
  /** The input ended, or was destroyed without an end. Called at most once per {@link StdioInput.start}. */
  end(): void;
  /** The input stream emitted an error (it may still be reported after {@link StdioInput.stop}). */
  failed(error: Error): void;
}

/**
 * The reading side of the stdio transport: feeds the input stream's bytes to a {@link LineReader}
 * while it is read, pauses
 * it while the output is full (back-pressure) and resumes it once the output drained, and lets go
 * of it for good at the end. Only an error listener stays after {@link stop}: a late error of the
 * input must not crash the process.
 */
export class StdioInput {
  private reading = false;
  private paused = false;

  private readonly onData = (chunk: Buffer | string): void => {
    this.lines.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  };
  private readonly onEnd = (): void => this.events.end();
  private readonly onError = (error: Error): void => this.events.failed(error);

  constructor(
    private readonly input: Readable,
    private readonly lines: LineReader,
    private readonly events: StdioInputEvents,
  ) {}

  /** Whether chunks are being read (from {@link start} until {@link stop}). */
  get isReading(): boolean {
    return this.reading;
  }

  /**
   * Starts reading. Returns `false`, reading nothing, when the input has already ended; the error
   * listener is added either way.
   */
  start(): boolean {
    const input = this.input;
    input.on('error', this.onError);
    if (input.readableEnded) return false;
    input.on('data', this.onData);
    input.on('end', this.onEnd);
    // A stream destroyed without an end is an end of input too.
    input.on('close', this.onEnd);
    this.reading = true;
    input.resume();
    return true;
  }

  /** The output is full: read no more until {@link resume}. Does nothing when not reading. */
  pause(): void {
    if (!this.reading || this.paused) return;
    this.paused = true;
    this.input.pause();
  }

  /** The output drained: read again, if {@link pause} held the input. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.reading) this.input.resume();
  }

  /** Stops reading for good: the data and end listeners go, and the input is paused. */
  stop(): void {
    if (!this.reading) return;
    this.reading = false;
    const input = this.input;
    input.removeListener('data', this.onData);
    input.removeListener('end', this.onEnd);
    input.removeListener('close', this.onEnd);
    // Paused, process.stdin no longer keeps the process alive.
    input.pause();
  }
}
