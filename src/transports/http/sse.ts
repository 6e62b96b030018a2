import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** A client that reads this slowly is dropped rather than buffered for without end. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * A Server-Sent Events response: each JSON-RPC message one `event: message` with a single
 * `data:` line (JSON text never holds a raw newline) and, on a resumable stream, its `id:`;
 * `: keep-alive` comments on an unref'd timer so proxies keep an idle stream open.
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
