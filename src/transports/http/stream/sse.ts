import { notice } from '../../../core';
import { type Reply, type ReplyHeaders, unref } from '../request';

/** How much an event stream may hold for a slow reader, and how long it may take to drain. */
export interface StreamLimits {
  /** Bytes queued for the client past which the stream is dropped (`streamBufferBytes`). */
  bufferBytes: number;
  /** Ms a stream over its high-water mark may take to drain before it is dropped (`streamDrainTimeout`). */
  drainTimeout: number;
  /**
   * Told once for each stream dropped for its slow reader, with a stackless notice naming the
   * limit (the endpoint's `onError`): a client dropped this way is never dropped silently.
   */
  dropped?: (notice: Error) => void;
}

/** The defaults of {@link StreamLimits} (see HTTP_DEFAULTS). */
export const STREAM_LIMITS: StreamLimits = Object.freeze({
  bufferBytes: 64 * 1024 * 1024,
  drainTimeout: 30_000,
});

/**
 * A Server-Sent Events response: each JSON-RPC message one `event: message` with a single
 * `data:` line (JSON text never holds a raw newline) and, on a resumable stream, its `id:`;
 * `: keep-alive` comments on an unref'd timer so proxies keep an idle stream open.
 */
export class SseStream {
  private timer: ReturnType<typeof setInterval> | undefined;
  private drainTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly reply: Reply,
    headers: ReplyHeaders,
    keepAliveInterval: number,
    private readonly limits: StreamLimits = STREAM_LIMITS,
  ) {
    reply.stream({
      ...headers,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    if (keepAliveInterval > 0) {
      this.timer = setInterval(() => this.write(': keep-alive\n\n'), keepAliveInterval);
      unref(this.timer);
    }
    reply.onClose(() => this.dispose());
  }

  /** Whether messages can still be written. */
  get open(): boolean {
    return !this.closed && this.reply.open;
  }

  /** Writes one JSON-RPC message (its JSON text), with its event id if any; false when the stream is gone. */
  send(json: string, id?: string): boolean {
    return this.write(
      id === undefined
        ? `event: message\ndata: ${json}\n\n`
        : `event: message\nid: ${id}\ndata: ${json}\n\n`,
    );
  }

  /**
   * The priming event (MCP 2025-11-25, SEP-1699): an id and empty data, so the client can resume
   * from here, and `retry`, how long it waits before reconnecting.
   */
  prime(id: string, retry: number): boolean {
    return this.write(`id: ${id}\nretry: ${retry}\ndata: \n\n`);
  }

  /** Ends the stream (the client sees it close). */
  end(): void {
    if (!this.closed) this.dispose();
    if (this.reply.open) this.reply.end();
  }

  /** Called once when the stream ends, whichever side ends it. */
  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.listeners.push(listener);
  }

  /**
   * Back-pressure per stream, judged after the flush: a burst larger than the socket's buffer is
   * queued (up to `bufferBytes`), and the stream is dropped only when it stays over its
   * high-water mark for `drainTimeout`. A healthy reader never loses its stream to a burst; a
   * reader that stopped reading holds at most `bufferBytes`, for at most `drainTimeout`.
   */
  private write(chunk: string): boolean {
    if (!this.open) return false;
    const reply = this.reply;
    const below = reply.write(chunk);
    if (reply.buffered > this.limits.bufferBytes) {
      this.drop(
        `its client stopped reading with ${reply.buffered} bytes queued, past streamBufferBytes (${this.limits.bufferBytes})`,
      );
      return false;
    }
    if (!below && this.drainTimer === undefined && this.limits.drainTimeout > 0) {
      this.drainTimer = setTimeout(
        () =>
          this.drop(
            `its client did not read what was queued within streamDrainTimeout (${this.limits.drainTimeout} ms)`,
          ),
        this.limits.drainTimeout,
      );
      unref(this.drainTimer);
      reply.onDrain(() => {
        clearTimeout(this.drainTimer);
        this.drainTimer = undefined;
      });
    }
    return true;
  }

  /** Drops the stream of a reader that fell behind, and says so once. */
  private drop(why: string): void {
    if (this.closed || !this.reply.open) return;
    this.reply.destroy();
    this.limits.dropped?.(
      notice(
        `An event stream was dropped: ${why}. The client may open it again (a session's stream resumes with Last-Event-ID).`,
        'StreamDropped',
      ),
    );
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    if (this.drainTimer !== undefined) clearTimeout(this.drainTimer);
    this.drainTimer = undefined;
    for (const listener of this.listeners.splice(0)) listener();
  }
}
