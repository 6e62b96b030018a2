import type { ServerResponse } from 'node:http';
import type { Reply, ReplyHeaders } from '../request';

/**
 * The pipeline's reply written on a `node:http` response: each operation is the response's own
 * (`writeHead`, `write`, `end`), with no intermediate object.
 */
export class NodeReply implements Reply {
  constructor(private readonly res: ServerResponse) {}

  get started(): boolean {
    return this.res.headersSent;
  }

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  get buffered(): number {
    return this.res.writableLength;
  }

  header(name: string, value: string): void {
    this.res.setHeader(name, value);
  }

  removeHeader(name: string): void {
    this.res.removeHeader(name);
  }

  json(status: number, body: string, headers?: ReplyHeaders): void {
    const res = this.res;
    if (res.headersSent) {
      if (!res.writableEnded) res.end();
      return;
    }
    const length = Buffer.byteLength(body);
    if (headers === undefined) {
      // Every answer goes this way: a flat header list, no object to build and enumerate.
      res.writeHead(status, ['Content-Type', 'application/json', 'Content-Length', String(length)]);
    } else {
      res.writeHead(status, {
        ...headers,
        'Content-Type': 'application/json',
        'Content-Length': length,
      });
    }
    res.end(body);
  }

  empty(status: number, headers?: ReplyHeaders): void {
    const res = this.res;
    if (res.headersSent) {
      if (!res.writableEnded) res.end();
      return;
    }
    res.writeHead(status, headers ?? {});
    res.end();
  }

  stream(headers: ReplyHeaders): void {
    this.res.writeHead(200, headers);
    this.res.flushHeaders();
  }

  write(chunk: string): boolean {
    return this.res.write(chunk);
  }

  end(): void {
    this.res.end();
  }

  destroy(): void {
    this.res.destroy();
  }

  onClose(listener: () => void): void {
    // ('close' is emitted once: `on` spares the wrapper `once` makes.)
    this.res.on('close', listener);
  }

  onDrain(listener: () => void): void {
    this.res.once('drain', listener);
  }
}
