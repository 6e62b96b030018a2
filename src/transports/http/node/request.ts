import type { IncomingMessage } from 'node:http';
import type { BodyBudget, BodyOutcome, Connection, Deadline, HttpRequest } from '../request';
import { readBody } from './body';

/**
 * A `node:http` request as the pipeline reads it: every field read from the `IncomingMessage`
 * when asked (nothing copied), its body read from the stream within the limits.
 */
export class NodeRequest implements HttpRequest {
  // The request's headers, read from it once: node's getter behind `req.headers` is a megamorphic
  // symbol load, and a session POST reads the headers six times (~100 instructions each; callgrind).
  private headerRecord: IncomingMessage['headers'] | undefined;

  constructor(readonly original: IncomingMessage) {}

  get method(): string {
    return this.original.method ?? 'GET';
  }

  get target(): string {
    return this.original.url ?? '/';
  }

  get headers(): IncomingMessage['headers'] {
    this.headerRecord ??= this.original.headers;
    return this.headerRecord;
  }

  get encrypted(): boolean {
    return (this.original.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  }

  get localAddress(): string | undefined {
    return this.original.socket?.localAddress;
  }

  get remoteAddress(): string | undefined {
    return this.original.socket?.remoteAddress;
  }

  /** What a framework's body parser left on `req.body` (a Buffer as its text). */
  get parsedBody(): unknown {
    const body = (this.original as { body?: unknown }).body;
    return Buffer.isBuffer(body) ? body.toString('utf8') : body;
  }

  readBody(
    limit: number,
    deadline: Deadline,
    bodyDeadline: Deadline,
    budget: BodyBudget,
  ): Promise<BodyOutcome> {
    return readBody(this.original, limit, deadline, bodyDeadline, budget);
  }

  connection(): Connection {
    const req = this.original;
    const socket = req.socket;
    return {
      localAddress: socket?.localAddress,
      localPort: socket?.localPort,
      remoteAddress: socket?.remoteAddress,
      remotePort: socket?.remotePort,
      httpVersion: req.httpVersion,
    };
  }
}
