import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** A client that reads this slowly is dropped rather than buffered for without end. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * A Server-Sent Events response: each JSON-RPC message one `event: message` with a single
 * `data:` line (JSON text never holds a raw newline), and `: keep-alive` comments on an unref'd
 * timer so proxies keep an idle stream open. No event ids: streams are not resumable.
 */
export class SseStream {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly res: ServerResponse,
    headers: OutgoingHttpHeaders,
    keepAliveInterval: number,
  ) {
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    if (keepAliveInterval > 0) {
      this.timer = setInterval(() => this.write(': keep-alive\n\n'), keepAliveInterval);
      this.timer.unref();
    }
    res.once('close', () => this.dispose());
  }

  /** Whether messages can still be written. */
  get open(): boolean {
    return !this.closed && !this.res.writableEnded && !this.res.destroyed;
  }

  /** Writes one JSON-RPC message (its JSON text); false when the stream is gone. */
  send(json: string): boolean {
    return this.write(`event: message\ndata: ${json}\n\n`);
  }

  /** Ends the stream (the client sees it close). */
  end(): void {
    if (!this.closed) this.dispose();
    if (!this.res.writableEnded && !this.res.destroyed) this.res.end();
  }

  /** Called once when the stream ends, whichever side ends it. */
  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.listeners.push(listener);
  }

  private write(chunk: string): boolean {
    if (!this.open) return false;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return false;
    }
    this.res.write(chunk);
    return true;
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    for (const listener of this.listeners.splice(0)) listener();
  }
}
