import { isObject, type JsonObject } from '../core';

/** What a request's own exchange receives before its answer. */
export interface Exchange {
  /**
   * A message the server sent on this request's own stream before answering it: a notification
   * (progress, a log message, a listen stream's notifications) or a server→client request.
   */
  onMessage(message: JsonObject): void;
  /** Ends the exchange: the request is abandoned (a listen stream is closed). */
  readonly signal?: AbortSignal;
}

/**
 * How the client's messages reach a server and its answers come back: in memory (an
 * application's `handle`), over Streamable HTTP, or over a child process's stdio. The client
 * builds every message; a wire only carries them.
 */
export interface ClientWire {
  /** Sends a request; resolves to the JSON-RPC response (with `result` or `error`). */
  request(message: JsonObject, exchange: Exchange): Promise<JsonObject>;
  /** Sends a notification, or the answer to a server→client request. */
  send(message: JsonObject): Promise<void>;
  /** Messages that belong to no request of the client (broadcasts): set by the client. */
  onMessage?: (message: JsonObject) => void;
  /** Ends the connection (HTTP: `DELETE` of the session; stdio: the child process). */
  close(): Promise<void>;
}

/** Whether a parsed message is a JSON-RPC response (it answers a request of the client). */
export function isResponse(message: JsonObject): boolean {
  return message.method === undefined && message.id !== undefined;
}

/** The JSON object of a line or an event's data; undefined when it is not one. */
export function parseMessage(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
