import type { JsonObject, Link, LinkFacts, Peer, RequestHeaders } from '../../../core';
import { connectionFacts, type HttpRequest, type Refusal, type Reply, refuse } from '../request';
import { END_OF_STREAM, postStreamKey, type StreamHub, type StreamWriter } from './resumable';
import { SseStream, STREAM_LIMITS, type StreamLimits } from './sse';

/** How a session's POST streams are made resumable (MCP 2025-11-25, SEP-1699). */
export interface Resumption {
  readonly hub: StreamHub;
  /** The session's id (the stream's key in the event store is made from it when the stream begins). */
  readonly sessionId: string;
  /** Send the priming event (id, empty data, `retry`): for clients of 2025-11-25 and later. */
  readonly prime: boolean;
  /** The `retry` sent with it (ms). */
  readonly retry: number;
  /**
   * Sends a message to the session's GET stream: where the call's messages go when this POST's
   * connection is gone before the stream began (so the client has nothing to resume from).
   */
  readonly toSession: (json: string) => void;
}

/**
 * The response to one POST. It stays undecided while the call runs: when the call speaks before
 * its result (progress, log messages, server-to-client requests), it becomes an event stream
 * carrying those messages and then the answer (MCP basic/transports: the server MAY answer a POST
 * with `text/event-stream`); otherwise the answer goes out as `application/json`, or as `202` with
 * no body when nothing is owed.
 *
 * In session mode the stream is resumable: every event is kept in the adapter's event store with
 * its id; once the connection is gone (the client lost it, or the call closed it), what follows
 * goes to the store and to whichever connection resumed the stream with `Last-Event-ID`.
 *
 * It is also the call's {@link Link} (its peer, `send` and `closeStream`): no link object and
 * closure per POST.
 */
export class Exchange implements Link {
  /** Set in session mode: the stream is resumable. */
  resumption: Resumption | undefined;
  /**
   * Whether the POST held a request. Its answer is then never an empty `202` (MCP
   * basic/transports: that is for POSTs of notifications and responses only): with nothing owed
   * (its calls were cancelled) it is an event stream that ends without a message.
   */
  holdsRequests = false;
  /** Told once, when the answer (or a refusal) is given. */
  onSettle: (() => void) | undefined;
  /** The POST's headers: the core checks a 2026-07-28 request against them (the link's `headers`). */
  headers: RequestHeaders | undefined;
  /** The caller's identity key (undefined without authentication). */
  owner: string | undefined;
  /** The id of the POST's session (undefined in stateless mode). */
  sessionId: string | undefined;
  private stream: SseStream | undefined;
  private writer: StreamWriter | undefined;
  private settled = false;
  /** Whether a scope challenge may replace the answer (`scopeChallenge`, a single request). */
  challengeable = false;
  /** The scopes a refused call named (see {@link challenge}): the POST is then answered `403`. */
  wanted: string[] | undefined;

  constructor(
    private readonly request: HttpRequest,
    private readonly reply: Reply,
    /** The client as the core sees it (the link's peer). */
    readonly peer: Peer,
    private readonly keepAliveInterval: number,
    private readonly limits: StreamLimits = STREAM_LIMITS,
  ) {}

  /**
   * The caller's identity key, else its session (the link's `principal`): MRTR request state and
   * tasks are bound to it. Made when read (by those only), not per POST.
   */
  get principal(): string {
    const owner = this.owner;
    if (owner !== undefined) return owner;
    return this.sessionId === undefined ? '' : `session:${this.sessionId}`;
  }

  /** No identity and no session (the link's `anonymous`). */
  get anonymous(): boolean {
    return this.owner === undefined && this.sessionId === undefined;
  }

  /** The connection as OpenTelemetry names it (the link's `facts`): asked only while traced. */
  facts(): LinkFacts {
    return connectionFacts(this.request, this.resumption?.sessionId);
  }

  /** Whether the answer (or a refusal) has been given. */
  get done(): boolean {
    return this.settled;
  }

  /** Whether the client is still there to read. */
  get connected(): boolean {
    return this.reply.open;
  }

  /** Records a call refused for lacking `scopes`, while the answer can still become a `403`. */
  challenge(scopes: readonly string[]): boolean {
    if (!this.challengeable || this.settled || this.stream !== undefined) return false;
    this.wanted = [...new Set([...(this.wanted ?? []), ...scopes])];
    return true;
  }

  /** Sends a message of the call before its answer (the link's `send`). */
  send(message: JsonObject): void {
    // Nothing about a request goes out after its answer (or its refusal).
    if (this.settled) return;
    const json = JSON.stringify(message);
    if (this.writer !== undefined) {
      this.emit(json);
      return;
    }
    if (!this.connected) {
      this.resumption?.toSession(json);
      return;
    }
    const stream = this.stream ?? this.begin();
    if (this.writer !== undefined) this.emit(json);
    else stream.send(json);
  }

  /**
   * Ends the connection now, keeping the call and its stream: the client resumes with
   * `Last-Event-ID` (the link's `closeStream`). False when the stream is not resumable.
   */
  closeStream(): boolean {
    if (this.settled || this.resumption === undefined || !this.resumption.prime) return false;
    if (this.stream === undefined) {
      if (!this.connected) return false;
      this.begin();
    }
    const stream = this.stream!;
    this.writer!.whenDelivered(() => stream.end());
    return true;
  }

  /** Gives the answer: the core's JSON text, or `null` when nothing is owed. */
  answer(text: string | null, status = 200): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettle?.();
    if (text === null && this.holdsRequests && this.stream === undefined && this.connected) {
      // MCP basic/transports: a cancelled request may end with its event stream closed unanswered
      // (nothing to resume: no priming).
      this.stream = new SseStream(this.reply, {}, 0, this.limits);
    }
    if (this.writer !== undefined) {
      if (text !== null) for (const item of answerEvents(text)) this.emit(item);
      this.emit(END_OF_STREAM);
      const stream = this.stream!;
      this.writer!.whenDelivered(() => stream.end());
    } else if (this.stream !== undefined) {
      if (text !== null) for (const item of answerEvents(text)) this.stream.send(item);
      this.stream.end();
    } else if (text === null) {
      // MCP basic/transports: 202 Accepted with no body when only notifications or responses came in.
      this.reply.empty(202);
    } else {
      this.reply.json(status, text);
    }
  }

  /** Refuses at the HTTP level (or ends the stream, if one has begun). */
  refuse(refusal: Refusal): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettle?.();
    if (this.writer !== undefined) {
      this.emit(END_OF_STREAM);
      const stream = this.stream!;
      this.writer!.whenDelivered(() => stream.end());
    } else if (this.stream !== undefined) this.stream.end();
    else refuse(this.reply, refusal);
  }

  /** Turns the response into an event stream (primed, when resumable). */
  private begin(): SseStream {
    const stream = new SseStream(this.reply, {}, this.keepAliveInterval, this.limits);
    this.stream = stream;
    const resumption = this.resumption;
    if (resumption !== undefined) {
      this.writer = resumption.hub.writer(postStreamKey(resumption.sessionId));
      if (resumption.prime) {
        this.writer.emit('', (id) => {
          if (id !== undefined) stream.prime(id, resumption.retry);
        });
      }
    }
    return stream;
  }

  /** One event of a resumable stream: to the connection while it lasts, else to whoever resumed it. */
  private emit(data: string): void {
    const stream = this.stream!;
    const hub = this.resumption!.hub;
    const writer = this.writer!;
    writer.emit(data, (id) => {
      if (stream.open) {
        if (data !== END_OF_STREAM) stream.send(data, id);
      } else hub.deliver(writer.key, id, data);
    });
  }
}

/** A batch answer goes out as one event per response: clients parse one message per event. */
function answerEvents(text: string): string[] {
  return text.startsWith('[')
    ? (JSON.parse(text) as unknown[]).map((item) => JSON.stringify(item))
    : [text];
}
