import type { EventStore } from '../../../adapter';
import { randomToken } from '../../../core';

/** The data of the event that ends a POST's stream in the store (never written to a client). */
export const END_OF_STREAM = '';

/** Told about each live event of a stream: its id (undefined when the store failed) and data. */
export type StreamListener = (id: string | undefined, data: string) => void;

/** The key of a session's GET stream in the event store. */
export function getStreamKey(sessionId: string): string {
  return `${sessionId}.get`;
}

/** A new key for a POST's stream (the session id first, so a resumption is checked against it). */
export function postStreamKey(sessionId: string): string {
  return `${sessionId}.${randomToken(6)}`;
}

/** Whether a stream key belongs to a session. */
export function ownsStream(sessionId: string, stream: string): boolean {
  return stream.length > sessionId.length + 1 && stream.startsWith(`${sessionId}.`);
}

/**
 * The live side of resumable streams: the connections that resumed a stream (with
 * `Last-Event-ID`) listen here for the events of it written after they came; events written
 * where nobody holds the stream's connection are delivered here, in this process and (through
 * `remote`) in the others.
 */
export class StreamHub {
  private readonly listeners = new Map<string, Set<StreamListener>>();
  /** Set by the endpoint when the adapter is shared: sends an event to the other processes. */
  remote: ((stream: string, id: string | undefined, data: string) => void) | undefined;

  constructor(
    readonly events: EventStore,
    readonly report: (error: unknown) => void,
  ) {}

  /** Listens to a stream's live events; returns the function that stops. */
  listen(stream: string, listener: StreamListener): () => void {
    let set = this.listeners.get(stream);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(stream, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(stream) === set) this.listeners.delete(stream);
    };
  }

  /** An event of a stream whose connection this process does not hold: to whoever resumed it. */
  deliver(stream: string, id: string | undefined, data: string): void {
    this.receive(stream, id, data);
    this.remote?.(stream, id, data);
  }

  /** An event delivered here (by this process or another): to this process's listeners. */
  receive(stream: string, id: string | undefined, data: string): void {
    const set = this.listeners.get(stream);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        listener(id, data);
      } catch (error) {
        this.report(error);
      }
    }
  }

  /** The ordered writer of one stream's events. */
  writer(stream: string): StreamWriter {
    return new StreamWriter(this, stream);
  }
}

/**
 * Appends one stream's events to the store in order and hands each, with its id, to `deliver`
 * (which writes it to the connection, or to the hub when the connection is gone). When the store
 * fails, the event still goes out, without an id (it cannot be replayed), and the error is reported.
 */
export class StreamWriter {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly hub: StreamHub,
    readonly key: string,
  ) {}

  /** Appends `data`, then delivers it; in the order of the calls. */
  emit(data: string, deliver: (id: string | undefined) => void): void {
    const { events, report } = this.hub;
    this.chain = this.chain
      .then(() => events.append(this.key, data))
      .then(
        (id) => deliver(id),
        (error: unknown) => {
          report(error);
          deliver(undefined);
        },
      )
      .then(undefined, report);
  }

  /** Runs `action` once every event emitted so far has been delivered. */
  whenDelivered(action: () => void): void {
    this.chain = this.chain.then(action).then(undefined, this.hub.report);
  }
}
