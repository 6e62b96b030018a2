import { WEB_BODY, type WebBody } from '../request';

/** Where the description keeps the `Request` it was made from (for `authenticate`, `context`, `onError`). */
export const ORIGINAL: unique symbol = Symbol('declarative-mcp.fetch-request');

/**
 * The plain description of a request the pipeline decides on, made from a Web `Request`: the
 * method, the origin-form target, the headers as lower-case names (several values joined as
 * HTTP joins them), the scheme, and the body as a stream with the request's signal.
 */
export interface DescribedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly socket: { readonly encrypted: boolean };
  readonly complete: boolean;
  readonly readableEnded: boolean;
  readonly [WEB_BODY]: WebBody;
  readonly [ORIGINAL]: Request;
  on(event: string, listener: (...args: unknown[]) => void): DescribedRequest;
}

function ignore(this: DescribedRequest): DescribedRequest {
  return this;
}

/** Describes `request`; throws nothing (a URL that does not parse is the target `/`). */
export function describeRequest(request: Request): DescribedRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  let url = '/';
  let encrypted = false;
  try {
    const parsed = new URL(request.url);
    url = `${parsed.pathname}${parsed.search}`;
    encrypted = parsed.protocol === 'https:';
    // A `Request` built by hand (or by some runtimes) has no Host header: its URL names the host.
    headers.host ??= parsed.host;
  } catch {
    // A relative or broken URL (never from a runtime): the path check answers 404.
  }
  return {
    method: request.method.toUpperCase(),
    url,
    headers,
    socket: { encrypted },
    complete: false,
    readableEnded: false,
    [WEB_BODY]: { stream: request.body, signal: request.signal },
    [ORIGINAL]: request,
    on: ignore,
  };
}
