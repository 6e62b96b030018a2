import type { SessionRecord, StateAdapter } from '../../../adapter';
import { type JsonObject, randomToken } from '../../../core';
import type { SessionMode } from './mode';
import { applyRecord } from './records';
import type { SessionEntry } from './store';

/** The bus channel the HTTP endpoints sharing an adapter speak on. */
const CHANNEL = 'http';

/**
 * What one process tells the others (`o` is the sender, which ignores its own messages):
 * - `broadcast`: a server-wide notification (list changes, a resource update) for every client;
 * - `sync`: a session's record changed (log level, subscriptions);
 * - `end`: a session was ended by `DELETE`;
 * - `response` / `cancel`: a client's answer, or `notifications/cancelled`, for a request this
 *   process does not hold;
 * - `send`: a message for a session's GET stream;
 * - `event`: an event of a resumable stream, for whoever resumed it;
 * - `taken`: a session's GET stream opened elsewhere (one GET stream per session in the cluster).
 */
export type ClusterMessage =
  | { o: string; t: 'broadcast'; m: JsonObject }
  | { o: string; t: 'sync'; s: string; r: SessionRecord }
  | { o: string; t: 'end'; s: string }
  | { o: string; t: 'response' | 'cancel'; s: string; m: Record<string, unknown> }
  | { o: string; t: 'send'; s: string; j: string }
  | { o: string; t: 'event'; k: string; i: string | null; d: string }
  | { o: string; t: 'taken'; s: string };

/** A message without its sender. */
export type ClusterOutgoing = ClusterMessage extends infer M
  ? M extends unknown
    ? Omit<M, 'o'>
    : never
  : never;

/** What the cluster acts on in this process: the HTTP endpoint, by the parts it uses. */
export interface ClusterHost {
  readonly adapter: StateAdapter;
  /** Session mode, when the endpoint keeps sessions. */
  readonly sessions: SessionMode | undefined;
  report(error: unknown): void;
  /** A broadcast from another process: to this process's clients (and the core's other listeners). */
  relay(message: JsonObject): void;
  /** A message for a session's GET stream, which this process holds. */
  sendHeld(entry: SessionEntry, json: string): void;
}

/** Whether a value is a JSON-RPC id. */
function isId(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * The processes serving one application through a shared adapter (Redis), as one server: each
 * holds some sessions' streams and calls, and routes to the others, over the adapter's bus, what
 * belongs to them.
 */
export class Cluster {
  /** This process's tag: the sender of its messages, and part of its server→client request ids. */
  readonly origin = randomToken(6);
  private stop: (() => Promise<void>) | undefined;

  constructor(private readonly host: ClusterHost) {}

  /** Listens on the bus. */
  async start(): Promise<void> {
    this.stop = await this.host.adapter.bus.subscribe(CHANNEL, (text) => this.receive(text));
  }

  /** Stops listening. */
  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = undefined;
    await stop?.();
  }

  /** Tells the other processes; a failure is reported (the bus is best effort, as Redis pub/sub is). */
  publish(message: ClusterOutgoing): void {
    const text = JSON.stringify({ ...message, o: this.origin });
    this.host.adapter.bus
      .publish(CHANNEL, text)
      .then(undefined, (error: unknown) => this.host.report(error));
  }

  private receive(text: string): void {
    let message: ClusterMessage;
    try {
      message = JSON.parse(text) as ClusterMessage;
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || message.o === this.origin) return;
    const host = this.host;
    if (message.t === 'broadcast') {
      host.relay(message.m);
      return;
    }
    const sessions = host.sessions;
    if (sessions === undefined) return;
    if (message.t === 'event') {
      sessions.hub.receive(message.k, message.i ?? undefined, message.d);
      return;
    }
    const entry = sessions.store.peek(message.s);
    if (entry === undefined) return;
    const peer = entry.session.peer;
    switch (message.t) {
      case 'sync':
        applyRecord(peer, message.r);
        break;
      case 'end':
        sessions.store.end(entry, 'The client ended the session.');
        break;
      case 'response':
        peer.settle(message.m, false);
        break;
      case 'cancel':
        if (isId(message.m.requestId)) peer.cancel(message.m.requestId, message.m.reason, false);
        break;
      case 'send':
        if (entry.stream !== undefined || entry.events !== undefined)
          host.sendHeld(entry, message.j);
        break;
      case 'taken':
        // Another process holds the session's GET stream now (and writes its history).
        entry.stream?.end();
        entry.stream = undefined;
        entry.events = undefined;
        break;
    }
  }
}
