import type { RequestHeaders } from '../../../core';
import type { BodyBudget, BodyOutcome } from './body';
import type { Deadline } from './deadline';

/** Headers of an answer, by name as written. */
export type ReplyHeaders = Readonly<Record<string, string>>;

/** The connection a request came on, as OpenTelemetry's conventions record it (asked only while traced). */
export interface Connection {
  readonly localAddress: string | undefined;
  readonly localPort: number | undefined;
  readonly remoteAddress: string | undefined;
  readonly remotePort: number | undefined;
  /** `1.1`, `2.0` (as node spells it), or undefined when the runtime does not say. */
  readonly httpVersion: string | undefined;
}

/**
 * A request as the pipeline decides on it, whatever runtime it came from: the method, the
 * request target, the headers (lower-case names), where it came from, and its body as a source
 * to read within limits. A face (`node/`, `fetch/`) describes its own request object this way.
 */
export interface HttpRequest {
  /** Upper case (`POST`). */
  readonly method: string;
  /** The request target as sent: origin form (`/mcp?x`), or absolute form (`http://host/mcp`). */
  readonly target: string;
  readonly headers: RequestHeaders;
  /** Whether it came over TLS (the scheme of the resource identifier built from `Host`). */
  readonly encrypted: boolean;
  /** The address it reached on this machine (the Host check is for loopback binds); undefined when unknown. */
  readonly localAddress: string | undefined;
  /** The client's address (`maxSessionsPerIdentity` counts anonymous clients by it); undefined when unknown. */
  readonly remoteAddress: string | undefined;
  /** What the face's hooks (`authenticate`, `context`, `onError`) receive: its own request object. */
  readonly original: unknown;
  /** A body a framework already parsed (`express.json()`): the object, or its text; else undefined. */
  readonly parsedBody: unknown;
  /**
   * Reads the body as UTF-8 text, never holding more than `limit` bytes (a declared length over it
   * is refused before reading), taking its bytes from `budget` as they arrive, stopped by either
   * deadline.
   */
  readBody(
    limit: number,
    deadline: Deadline,
    bodyDeadline: Deadline,
    budget: BodyBudget,
  ): Promise<BodyOutcome>;
  /** The connection's addresses and HTTP version (OpenTelemetry). */
  connection(): Connection;
}

/**
 * The answer the pipeline gives, whatever runtime it goes out on: a status, headers, and a JSON
 * body (or none), or an event stream written as the call speaks. The face turns it into its
 * own response object; nothing here knows which.
 */
export interface Reply {
  /** Whether the status and headers went out (an answer or a stream began). */
  readonly started: boolean;
  /** Whether the client can still be written to: not ended, not gone. */
  readonly open: boolean;
  /** Bytes written to a stream and not yet taken by the client. */
  readonly buffered: number;
  /** A header of whatever answer goes out (CORS, `Mcp-Session-Id`). */
  header(name: string, value: string): void;
  removeHeader(name: string): void;
  /** The whole answer, a JSON body with its status; once something went out, only ends it. */
  json(status: number, body: string, headers?: ReplyHeaders): void;
  /** An answer with no body (`202`, `204`); once something went out, only ends it. */
  empty(status: number, headers?: ReplyHeaders): void;
  /** Begins a `200` streamed body with these headers; {@link write} sends its chunks. */
  stream(headers: ReplyHeaders): void;
  /** Writes a chunk of the stream; false when it is past its high-water mark (wait for drain). */
  write(chunk: string): boolean;
  /** Ends the answer (the stream's end, as the client sees it). */
  end(): void;
  /** Drops the connection (a client that does not read). */
  destroy(): void;
  /** Told once when the answer is over, whichever side ends it (the client going away too). */
  onClose(listener: () => void): void;
  /** Told once when a stream past its high-water mark has drained. */
  onDrain(listener: () => void): void;
}
