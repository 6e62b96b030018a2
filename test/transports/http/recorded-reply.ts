/**
 * A `Reply` that writes nothing and records what the pipeline told it, so a test of one part
 * (CORS, a refusal, the metadata document, a session's stream) reads the exact status, headers
 * and body without a server.
 */
import type { Reply, ReplyHeaders } from '../../../src/transports/http/request';

export class RecordedReply implements Reply {
  started = false;
  ended = false;
  gone = false;
  status: number | undefined;
  body: string | undefined;
  /** The headers of the answer: those set with `header`, then those given with it. */
  readonly headers: Record<string, string> = {};
  readonly chunks: string[] = [];
  private readonly closeListeners: Array<() => void> = [];
  private readonly waiters: Array<{ count: number; resolve: () => void }> = [];

  get open(): boolean {
    return !this.ended && !this.gone;
  }

  get buffered(): number {
    return 0;
  }

  header(name: string, value: string): void {
    this.headers[name] = value;
  }

  removeHeader(name: string): void {
    delete this.headers[name];
  }

  json(status: number, body: string, headers?: ReplyHeaders): void {
    if (this.started) {
      this.end();
      return;
    }
    this.begin(status, headers);
    this.body = body;
    this.end();
  }

  empty(status: number, headers?: ReplyHeaders): void {
    if (this.started) {
      this.end();
      return;
    }
    this.begin(status, headers);
    this.end();
  }

  stream(headers: ReplyHeaders): void {
    this.begin(200, headers);
  }

  write(chunk: string): boolean {
    if (!this.open) return false;
    this.chunks.push(chunk);
    for (const waiter of [...this.waiters]) {
      if (this.chunks.length >= waiter.count) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    return true;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.close();
  }

  destroy(): void {
    this.gone = true;
    this.close();
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  onDrain(): void {}

  /** Resolves once the stream holds `count` chunks. */
  written(count: number): Promise<void> {
    if (this.chunks.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** The JSON body, parsed. */
  parsed(): unknown {
    return this.body === undefined ? undefined : JSON.parse(this.body);
  }

  private begin(status: number, headers: ReplyHeaders | undefined): void {
    this.started = true;
    this.status = status;
    Object.assign(this.headers, headers);
  }

  private close(): void {
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
