import type { BodyBudget, BodyOutcome, Connection, Deadline, HttpRequest } from '../request';
import { readStreamBody } from './body';

/** What a Web `Request` tells of its connection: nothing (the runtime keeps it). */
const NO_CONNECTION: Connection = Object.freeze({
  localAddress: undefined,
  localPort: undefined,
  remoteAddress: undefined,
  remotePort: undefined,
  httpVersion: undefined,
});

/**
 * A Web `Request` as the pipeline reads it: the method, the origin-form target, the headers as
 * lower-case names (several values joined as HTTP joins them), the scheme, and the body read from
 * its stream with the request's signal. A `Request` tells no addresses: the Host check (which is
 * for loopback binds) and the per-client session count see none.
 */
export class FetchRequest implements HttpRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly encrypted: boolean;
  readonly localAddress = undefined;
  readonly remoteAddress: string | undefined;
  readonly remotePort: number | undefined;
  readonly parsedBody = undefined;

  constructor(
    readonly original: Request,
    /** The client's address, when the runtime told it (see `FetchConnectionInfo`). */
    peer?: { readonly address: string; readonly port: number | undefined },
  ) {
    const headers: Record<string, string> = {};
    original.headers.forEach((value, name) => {
      headers[name] = value;
    });
    let target = '/';
    let encrypted = false;
    try {
      const parsed = new URL(original.url);
      target = `${parsed.pathname}${parsed.search}`;
      encrypted = parsed.protocol === 'https:';
      // A `Request` built by hand (or by some runtimes) has no Host header: its URL names the host.
      headers.host ??= parsed.host;
    } catch {
      // A relative or broken URL (never from a runtime): the path check answers 404.
    }
    this.method = original.method.toUpperCase();
    this.target = target;
    this.headers = headers;
    this.encrypted = encrypted;
    this.remoteAddress = peer?.address;
    this.remotePort = peer?.port;
  }

  readBody(
    limit: number,
    deadline: Deadline,
    bodyDeadline: Deadline,
    budget: BodyBudget,
  ): Promise<BodyOutcome> {
    const request = this.original;
    return readStreamBody(
      request.body,
      this.headers['content-length'],
      limit,
      deadline,
      bodyDeadline,
      budget,
      request.signal,
    );
  }

  connection(): Connection {
    return this.remoteAddress === undefined
      ? NO_CONNECTION
      : { ...NO_CONNECTION, remoteAddress: this.remoteAddress, remotePort: this.remotePort };
  }
}
