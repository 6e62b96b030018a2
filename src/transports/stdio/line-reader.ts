const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

/** Whether `bytes[start, end)` holds only JSON whitespace (or nothing). */
function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte !== SPACE && byte !== TAB && byte !== CR && byte !== LF) return false;
  }
  return true;
}

/** What a {@link LineReader} reports. */
export interface LineReaderHandlers {
  /** One whole line, decoded as UTF-8, without its `\n` or `\r\n` ending. Blank lines are not reported. */
  line(text: string): void;
  /** A line longer than the limit was dropped; `length` is how many bytes it had (its ending excluded). */
  overflow(length: number): void;
}

/**
 * Splits a byte stream into newline-delimited lines (`\n` or `\r\n`), working on bytes so that a
 * multi-byte UTF-8 character split across chunks is never corrupted: a line is decoded only once
 * it is whole. Blank (whitespace-only) lines are skipped; the last line may end without a newline
 * and is reported by {@link end}.
 *
 * A line longer than `limit` bytes (its ending not counted) is never held in memory: once it
 * passes the limit its bytes are counted and dropped up to the next newline, then reported once
 * through `overflow`. What the reader holds ({@link buffered}) never exceeds `limit + 1` bytes.
 */
export class LineReader {
  private parts: Uint8Array[] = [];
  private length = 0;
  private discarding = false;
  private dropped = 0;
  private last = 0;
  private peak = 0;

  constructor(
    /** The longest line accepted, in bytes, the newline excluded. */
    readonly limit: number,
    private readonly handlers: LineReaderHandlers,
  ) {}

  /** The bytes of the unfinished line the reader holds now. */
  get buffered(): number {
    return this.length;
  }

  /** The most bytes the reader ever held at once (to show an over-long line is not buffered). */
  get peakBuffered(): number {
    return this.peak;
  }

  /** Feeds the next chunk of input; whole lines are reported before it returns. */
  push(chunk: Buffer): void {
    const size = chunk.length;
    let start = 0;
    while (start < size) {
      const newline = chunk.indexOf(LF, start);
      const stop = newline === -1 ? size : newline;

      if (this.discarding) {
        this.dropped += stop - start;
        if (stop > start) this.last = chunk[stop - 1];
        if (newline === -1) return;
        this.finishDiscard();
        start = newline + 1;
        continue;
      }

      const total = this.length + (stop - start);
      if (newline === -1) {
        // An unfinished line: a trailing `\r` may still be the start of its `\r\n` ending.
        const last = chunk[stop - 1];
        if (total > this.limit + 1 || (total === this.limit + 1 && last !== CR)) {
          this.startDiscard(total, last);
          return;
        }
        this.parts.push(chunk.subarray(start, stop));
        this.length = total;
        if (total > this.peak) this.peak = total;
        return;
      }

      const last = stop > start ? chunk[stop - 1] : this.lastHeld();
      const content = last === CR ? total - 1 : total;
      if (content > this.limit) {
        this.reset();
        this.handlers.overflow(content);
      } else if (this.length === 0) {
        if (!isBlank(chunk, start, start + content)) {
          this.handlers.line(chunk.toString('utf8', start, start + content));
        }
      } else {
        this.parts.push(chunk.subarray(start, stop));
        const whole = Buffer.concat(this.parts, total);
        this.reset();
        if (!isBlank(whole, 0, content)) this.handlers.line(whole.toString('utf8', 0, content));
      }
      start = newline + 1;
    }
  }

  /** The input ended: reports the last line if it had no newline (or the over-long line it was). */
  end(): void {
    if (this.discarding) {
      this.finishDiscard();
      return;
    }
    if (this.length === 0) return;
    const whole = Buffer.concat(this.parts, this.length);
    const content = whole[whole.length - 1] === CR ? whole.length - 1 : whole.length;
    this.reset();
    if (!isBlank(whole, 0, content)) this.handlers.line(whole.toString('utf8', 0, content));
  }

  private lastHeld(): number {
    const part = this.parts[this.parts.length - 1];
    return part === undefined ? 0 : part[part.length - 1];
  }

  private startDiscard(length: number, last: number): void {
    this.reset();
    this.discarding = true;
    this.dropped = length;
    this.last = last;
  }

  private finishDiscard(): void {
    const length = this.last === CR ? this.dropped - 1 : this.dropped;
    this.discarding = false;
    this.dropped = 0;
    this.last = 0;
    this.handlers.overflow(length);
  }

  private reset(): void {
    this.parts = [];
    this.length = 0;
  }
}
