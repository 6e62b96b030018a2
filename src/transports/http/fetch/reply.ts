import { type Reply, type ReplyHeaders, utf8Length } from '../request';

type Listener = () => void;

/** Bytes an event stream may queue before `write` asks the pipeline to wait for `drain`. */
const HIGH_WATER_MARK = 64 * 1024;

const encoder = new TextEncoder();

/**
 * The pipeline's reply as a Web `Response`: settled with a whole body when the answer is JSON or
 * empty, or with a `ReadableStream` body once an event stream begins. The client going away (the
 * stream cancelled, or the request's signal aborted) closes it.
 */
export class FetchReply implements Reply {
  started = false;
  readonly response: Promise<Response>;
  private resolve!: (response: Response) => void;
  private readonly headers = new Headers();
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private queued = 0;
  private ended = false;
  private gone = false;
  private readonly closeListeners: Listener[] = [];
  private drainListeners: Listener[] = [];
  private closed = false;

  constructor(signal: AbortSignal | undefined) {
    this.response = new Promise((resolve) => {
      this.resolve = resolve;
    });
    signal?.addEventListener('abort', () => this.destroy(), { once: true });
  }

  get open(): boolean {
    return !this.ended && !this.gone;
  }

  get buffered(): number {
    return this.queued;
  }

  header(name: string, value: string): void {
    this.headers.set(name, value);
  }

  removeHeader(name: string): void {
    this.headers.delete(name);
  }

  json(status: number, body: string, headers?: ReplyHeaders): void {
    if (this.started) {
      this.end();
      return;
    }
    this.add(headers);
    this.headers.set('Content-Type', 'application/json');
    this.headers.set('Content-Length', String(utf8Length(body)));
    this.settle(status, body);
  }

  empty(status: number, headers?: ReplyHeaders): void {
    if (this.started) {
      this.end();
      return;
    }
    this.add(headers);
    this.settle(status, null);
  }

  /** Starts the event stream: the `Response` goes out now, its body written as events come. */
  stream(headers: ReplyHeaders): void {
    if (this.started) return;
    this.started = true;
    this.add(headers);
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
    this.resolve(new Response(body, { status: 200, headers: this.headers }));
  }

  write(chunk: string): boolean {
    if (!this.open || this.controller === undefined) return false;
    const bytes = encoder.encode(chunk);
    this.queued += bytes.byteLength;
    this.controller.enqueue(bytes);
    return this.queued < HIGH_WATER_MARK;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.started) this.settle(200, null);
    else if (!this.gone) {
      try {
        this.controller?.close();
      } catch {
        // Already closed by a cancel.
      }
    }
    queueMicrotask(() => this.emitClose());
  }

  destroy(): void {
    if (this.gone) return;
    this.gone = true;
    if (!this.started) {
      // The client is gone before any answer: nobody reads this one, but the promise settles.
      this.started = true;
      this.resolve(new Response(null, { status: 499 }));
    } else {
      try {
        this.controller?.close();
      } catch {
        // Already closed.
      }
    }
    this.emitClose();
  }

  onClose(listener: Listener): void {
    if (this.closed) queueMicrotask(listener);
    else this.closeListeners.push(listener);
  }

  onDrain(listener: Listener): void {
    this.drainListeners.push(listener);
  }

  private add(headers: ReplyHeaders | undefined): void {
    if (headers === undefined) return;
    for (const name of Object.keys(headers)) this.headers.set(name, headers[name]!);
  }

  /** The whole answer: the `Response` settles now and the reply is over. */
  private settle(status: number, body: string | null): void {
    this.started = true;
    this.ended = true;
    // 204 and 304 have no body (the Response constructor refuses one).
    const empty = status === 204 || status === 304;
    this.resolve(new Response(empty ? null : body, { status, headers: this.headers }));
    queueMicrotask(() => this.emitClose());
  }

  private emitClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
