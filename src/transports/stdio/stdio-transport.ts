import type { Readable, Writable } from 'node:stream';
import {
  type Broadcaster,
  coreOf,
  ErrorCode,
  type JsonObject,
  type Link,
  type LinkFacts,
  type McpCore,
  Peer,
  type Servable,
} from '../../core';
import { LineReader } from './line-reader';
import { LineWriter } from './line-writer';
import { StdioInput } from './stdio-input';
import { resolveOptions, type StdioTransportOptions } from './stdio-options';
import { guardStdout } from './stdout-guard';

// OpenTelemetry semconv, MCP: stdio is recorded as network.transport "pipe".
const STDIO_FACTS: LinkFacts = Object.freeze({ transport: 'pipe' });

function ignore(): void {}

function errorOf(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Serves an MCP server over the stdio transport: newline-delimited JSON-RPC on the input (`\n` or
 * `\r\n`; blank lines skipped; the last line may end without a newline), one answer line per
 * request on the output and none for notifications, every diagnostic on the error stream.
 *
 * - Requests are answered concurrently (a slow tool does not hold the next line); each message is
 *   written whole, as one line. A call's progress and log messages, and the requests it sends the
 *   client (elicitation, sampling, roots), go out on the same output before its answer; the
 *   client's responses come back on the input and are routed to the call that waits for them.
 * - What tools print while they run (`console.log`, `process.stdout.write`) is moved to the error
 *   stream when the output is `process.stdout`, and stays moved after {@link serving} returns.
 * - A line longer than {@link line} bytes is dropped without being held in memory and answered
 *   once with `-32600 Invalid Request` (`id: null`), with a note on the error stream.
 * - End of input: {@link serving} resolves `0` once the calls in flight have answered. The output
 *   gone (the client went away, EPIPE): it stops reading, aborts the calls in flight and
 *   resolves `1`.
 *
 * One process serves one client: the transport keeps that client's {@link Peer}.
 *
 * @example
 * const code = await new StdioTransport(core, { context: identity }).serving();
 * process.exitCode = code;
 */
export class StdioTransport<C = unknown> {
  /** The server core this transport serves. */
  readonly core: McpCore<C>;
  /** What every call receives as its context. */
  readonly context: C | undefined;
  /** The longest line accepted, in bytes (the newline excluded). */
  readonly line: number;
  /**
   * The one client this process serves: its revision, capabilities, log level, subscriptions,
   * calls in flight.
   *
   * @internal
   */
  readonly peer: Peer;

  private readonly input: Readable;
  private readonly output: Writable;
  private readonly error: Writable;
  private readonly link: Link;
  private promise: Promise<number> | undefined;
  private resolve: ((code: number) => void) | undefined;
  private feed: StdioInput | undefined;
  private writer: LineWriter | undefined;
  private detach: (() => void) | undefined;
  private active = 0;
  /** Set at end of input or {@link close}: no more lines; finish once the calls in flight answered. */
  private ending: number | undefined;
  private closed = false;
  private finished = false;

  private readonly broadcaster: Broadcaster = (message, filter) => {
    // Server-wide notifications are for a client that completed initialize.
    if (this.peer.revision === undefined || this.peer.isClosed) return;
    try {
      if (filter !== undefined && !filter(this.peer)) return;
    } catch {
      return;
    }
    this.send(JSON.stringify(message));
  };

  /**
   * Creates the transport for one server core (or an application that holds one). Throws a
   * `TypeError` for a stream of the wrong direction, a `RangeError` for a `line` that is not a
   * whole number of 1 or more.
   */
  constructor(servable: Servable<C>, options: StdioTransportOptions<C> = {}) {
    this.core = coreOf(servable);
    const { line, input, output, error, clientRequestTimeout, maxSubscriptions, maxUriLength } =
      resolveOptions(options);
    this.context = options.context;
    this.line = line;
    this.input = input;
    this.output = output;
    this.error = error;
    this.peer = new Peer({ clientRequestTimeout, maxSubscriptions, maxUriLength });
    this.link = {
      peer: this.peer,
      send: (message: JsonObject) => this.send(JSON.stringify(message)),
      // The client is this process's other end: MRTR request state is bound to this process.
      principal: `stdio:${process.pid}`,
      // MCP 2026-07-28 basic/transports/stdio: the first request (not server/discover) fixes the revision.
      pinsRevision: true,
      facts: () => STDIO_FACTS,
    };
  }

  /**
   * Serves the client until its input ends: reads one line at a time, answers it through the core
   * and writes the answer line to the output. Resolves `0` at end of input (or after
   * {@link close}), once every call in flight has answered and its line is flushed; `1` when the
   * output can no longer be written, or the input failed. Never rejects. Calling it again returns
   * the same promise.
   */
  serving(): Promise<number> {
    this.promise ??= new Promise<number>((resolve) => this.start(resolve));
    return this.promise;
  }

  /** Stops reading and aborts the calls in flight; {@link serving} then resolves `0` once they have settled. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.feed?.stop();
    this.peer.close(new Error('The stdio transport closed.'));
    if (this.resolve !== undefined) this.end(0);
  }

  private start(resolve: (code: number) => void): void {
    this.resolve = resolve;
    if (this.closed) {
      this.finish(0);
      return;
    }
    // A stream error must never crash the process: every one becomes a state change or a note.
    this.error.on('error', ignore);
    // Over stdio, stdout carries the protocol and nothing else (seed 001).
    const guard = this.output === process.stdout ? guardStdout(this.output, this.error) : undefined;
    this.writer = new LineWriter(
      this.output,
      {
        gone: (error) => this.gone(error),
        drain: () => this.feed?.resume(),
      },
      guard?.write,
    );
    const reader = new LineReader(this.line, {
      line: (text) => this.dispatch(text),
      overflow: (length) => this.overflow(length),
    });
    this.detach = this.core.attach(this.broadcaster);
    this.feed = new StdioInput(this.input, reader, {
      end: () => {
        if (this.ending !== undefined) return;
        reader.end();
        this.end(0);
      },
      failed: (error) => {
        if (this.finished || this.ending !== undefined) return;
        this.note(`the input failed (${error.message}); serving what is in flight, then stopping.`);
        this.end(1);
      },
    });
    if (!this.feed.start()) this.end(0);
  }

  private dispatch(text: string): void {
    if (this.closed || this.finished) return;
    this.active += 1;
    this.core.handle(text, this.context as C, this.link).then(
      (answer) => {
        if (answer !== null) this.send(answer);
        this.settled();
      },
      (error: unknown) => {
        // Unreachable by the core's contract (handle never rejects); never let it escape.
        this.note(`an answer failed: ${errorOf(error).message}`);
        this.settled();
      },
    );
  }

  private overflow(length: number): void {
    this.note(
      `discarded a line of ${length} bytes, longer than the limit of ${this.line}; answered -32600 Invalid Request.`,
    );
    // The client is told why, so it can send smaller messages (its id is in the dropped bytes).
    const message = `Invalid Request: a line of ${length} bytes is longer than this server's limit of ${this.line} bytes; send smaller messages`;
    this.send(
      `{"jsonrpc":"2.0","id":null,"error":{"code":${ErrorCode.INVALID_REQUEST},"message":${JSON.stringify(message)}}}`,
    );
  }

  /** Writes one message as one line; waits for the output to drain before reading more. */
  private send(text: string): void {
    const writer = this.writer;
    if (writer === undefined || this.finished) return;
    if (!writer.write(`${text}\n`) && !writer.gone) this.feed?.pause();
  }

  private settled(): void {
    this.active -= 1;
    this.maybeFinish();
  }

  /** No more lines: no answer can come for the server's own requests; finish after the calls in flight. */
  private end(code: number): void {
    if (this.ending !== undefined || this.finished) return;
    this.ending = code;
    this.feed?.stop();
    this.peer.rejectPending(new Error('The client closed its input: it can no longer answer.'));
    this.maybeFinish();
  }

  private maybeFinish(): void {
    if (this.ending === undefined || this.active > 0 || this.finished) return;
    const code = this.ending;
    const writer = this.writer;
    if (writer === undefined) this.finish(code);
    else void writer.idle().then(() => this.finish(writer.gone ? 1 : code));
  }

  private gone(error: Error): void {
    if (this.finished) return;
    const reason = (error as { code?: unknown }).code ?? error.message;
    this.note(`the output is gone (${String(reason)}); stopping.`);
    this.feed?.stop();
    this.peer.close(error);
    this.finish(1);
  }

  private finish(code: number): void {
    if (this.finished) return;
    this.finished = true;
    this.feed?.stop();
    // The session is over (its duration is recorded when its peer closes).
    if (!this.peer.isClosed) this.peer.close(new Error('The stdio transport finished.'));
    this.detach?.();
    this.detach = undefined;
    this.writer?.dispose();
    this.resolve?.(code);
  }

  private note(text: string): void {
    try {
      this.error.write(`declarative-mcp stdio: ${text}\n`);
    } catch {
      // The error stream is gone too: nothing left to tell.
    }
  }
}

/**
 * Serves `servable` over stdio — the common case of {@link StdioTransport}: resolves `0` at end of
 * input, `1` when stdout can no longer be written.
 *
 * @example
 * serveStdio(app, { context: identity }).then((code) => {
 *   process.exitCode = code;
 * });
 */
export function serveStdio<C>(
  servable: Servable<C>,
  options: StdioTransportOptions<C> = {},
): Promise<number> {
  return new StdioTransport(servable, options).serving();
}
