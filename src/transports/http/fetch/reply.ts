type Listener = () => void;
type HeaderValue = string | number | readonly string[] | undefined;

/** Bytes an event stream may queue before `write` asks the pipeline to wait for `drain`. */
const HIGH_WATER_MARK = 64 * 1024;

const encoder = new TextEncoder();

/**
 * The plain reply the pipeline writes (status, headers, then a JSON body or an event stream),
 * turned into a Web `Response`: settled with a whole body when the reply ends before its headers
 * are flushed, or with a `ReadableStream` body once an event stream starts. The client going away
 * (the stream cancelled, or the request's signal aborted) is the reply's `close`.
 */
export class ResponseSink {
  headersSent = false;
  writableEnded = false;
  destroyed = false;
  readonly response: Promise<Response>;
  req: unknown;
  private resolve!: (response: Response) => void;
  private status = 200;
  private readonly headers = new Headers();
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private queued = 0;
  private readonly closeListeners: Listener[] = [];
  private drainListeners: Listener[] = [];
  private closed = false;

  constructor(signal: AbortSignal | undefined) {
    this.response = new Promise((resolve) => {
      this.resolve = resolve;
    });
    signal?.addEventListener('abort', () => this.destroy(), { once: true });
  }

  get writableLength(): number {
    return this.queued;
  }

  setHeader(name: string, value: HeaderValue): this {
    this.set(name, value);
    return this;
  }

  removeHeader(name: string): void {
    this.headers.delete(name);
  }

  writeHead(status: number, headers?: Record<string, HeaderValue> | readonly string[]): this {
    this.status = status;
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) this.set(headers[i]!, headers[i + 1]);
    } else if (headers !== undefined) {
      for (const name of Object.keys(headers)) {
        this.set(name, (headers as Record<string, HeaderValue>)[name]);
      }
    }
    return this;
  }

  /** Starts the event stream: the `Response` goes out now, its body written as events come. */
  flushHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      pull: () => {
        this.queued = 0;
        const waiting = this.drainListeners;
        this.drainListeners = [];
        for (const listener of waiting) listener();
      },
      cancel: () => {
        this.destroy();
      },
    });
    this.resolve(new Response(body, { status: this.status, headers: this.headers }));
  }

  write(chunk: string): boolean {
    if (this.writableEnded || this.destroyed) return false;
    if (!this.headersSent) this.flushHeaders();
    const bytes = encoder.encode(chunk);
    this.queued += bytes.byteLength;
    this.controller!.enqueue(bytes);
    return this.queued < HIGH_WATER_MARK;
  }

  end(body?: string): this {
    if (this.writableEnded) return this;
    this.writableEnded = true;
    if (this.controller === undefined && !this.headersSent) {
      this.headersSent = true;
      // 204 and 304 have no body (the Response constructor refuses one).
      const empty = this.status === 204 || this.status === 304 || body === undefined;
      this.resolve(
        new Response(empty ? null : body, { status: this.status, headers: this.headers }),
      );
    } else if (!this.destroyed) {
      if (body !== undefined) this.controller?.enqueue(encoder.encode(body));
      try {
        this.controller?.close();
      } catch {
        // Already closed by a cancel.
      }
    }
    queueMicrotask(() => this.emitClose());
    return this;
  }

  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (!this.headersSent) {
      // The client is gone before any answer: nobody reads this one, but the promise settles.
      this.headersSent = true;
      this.resolve(new Response(null, { status: 499 }));
    } else {
      try {
        this.controller?.close();
      } catch {
        // Already closed.
      }
    }
    this.emitClose();
    return this;
  }

  on(event: string, listener: Listener): this {
    if (event === 'close') {
      if (this.closed) queueMicrotask(listener);
      else this.closeListeners.push(listener);
    } else if (event === 'drain') this.drainListeners.push(listener);
    return this;
  }

  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }

  private set(name: string, value: HeaderValue): void {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      this.headers.delete(name);
      for (const item of value) this.headers.append(name, item);
    } else this.headers.set(name, String(value));
  }

  private emitClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
