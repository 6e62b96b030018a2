import type { ServerResponse } from 'node:http';
import type { JsonObject, Link, Peer } from '../../core';
import { sendEmpty, sendError, sendJson } from './reply';
import { SseStream } from './sse';

/**
 * The response to one POST. It stays undecided while the call runs: when the call speaks before
 * its result (progress, log messages, server-to-client requests), it becomes an event stream
 * carrying those messages and then the answer (MCP basic/transports: the server MAY answer a POST
 * with `text/event-stream`); otherwise the answer goes out as `application/json`, or as `202` with
 * no body when nothing is owed.
 *
 * It is also the call's {@link Link} (its peer, and `send`): no link object and closure per POST.
 */
export class Exchange implements Link {
  /**
   * The session whose GET stream takes the call's messages when this POST's connection is gone
   * before the answer, so a server-to-client request can still reach the client (session mode).
   */
  fallback: { readonly stream: SseStream | undefined } | undefined;
  /**
   * Whether the POST held a request. Its answer is then never an empty `202` (MCP
   * basic/transports: that is for POSTs of notifications and responses only): with nothing owed
   * (its calls were cancelled) it is an event stream that ends without a message.
   */
  holdsRequests = false;
  /** Told once, when the answer (or a refusal) is given. */
  onSettle: (() => void) | undefined;
  private stream: SseStream | undefined;
  private settled = false;
  /** Whether a scope challenge may replace the answer (`scopeChallenge`, a single request). */
  challengeable = false;
  /** The scopes a refused call named (see {@link challenge}): the POST is then answered `403`. */
  wanted: string[] | undefined;

  constructor(
    private readonly res: ServerResponse,
    /** The client as the core sees it (the link's peer). */
    readonly peer: Peer,
    private readonly keepAliveInterval: number,
  ) {}

  /** Whether the answer (or a refusal) has been given. */
  get done(): boolean {
    return this.settled;
  }

  /** Whether the client is still there to read. */
  get connected(): boolean {
    return !this.res.destroyed && !this.res.writableEnded;
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
    if (!this.connected) {
      this.fallback?.stream?.send(json);
      return;
    }
    if (this.stream === undefined)
      this.stream = new SseStream(this.res, {}, this.keepAliveInterval);
    this.stream.send(json);
  }

  /** Gives the answer: the core's JSON text, or `null` when nothing is owed. */
  answer(text: string | null, status = 200): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettle?.();
    if (text === null && this.holdsRequests && this.stream === undefined && this.connected) {
      // MCP basic/transports: a cancelled request may end with its event stream closed unanswered.
      this.stream = new SseStream(this.res, {}, 0);
    }
    if (this.stream !== undefined) {
      if (text !== null) {
        // A batch answer goes out as one event per response: clients parse one message per event.
        const items = text.startsWith('[') ? (JSON.parse(text) as unknown[]) : undefined;
        if (items === undefined) this.stream.send(text);
        else for (const item of items) this.stream.send(JSON.stringify(item));
      }
      this.stream.end();
    } else if (text === null) {
      // MCP basic/transports: 202 Accepted with no body when only notifications or responses came in.
      sendEmpty(this.res, 202);
    } else {
      sendJson(this.res, status, text);
    }
  }

  /** Refuses with an HTTP status (or ends the stream, if one has begun). */
  refuse(status: number, message: string, headers?: Record<string, string>): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettle?.();
    if (this.stream !== undefined) this.stream.end();
    else sendError(this.res, status, message, headers);
  }
}
