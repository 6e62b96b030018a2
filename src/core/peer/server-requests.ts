import { CancelledError, ClientRequestError, RequestTimeoutError } from '../errors';
import type { JsonObject, JsonRpcId } from '../types';
import { type ClientRequestOptions, ClientRequests } from './in-flight';

/** Options of a peer's server→client requests. */
export interface ServerRequestOptions extends ClientRequestOptions {
  /**
   * How long a server→client request (elicitation, sampling, roots) waits for the client's
   * answer, in ms (default 60 000). The same name on every transport.
   */
  clientRequestTimeout?: number;
  /**
   * What the ids of server→client requests begin with (default `srv-`). Where several processes
   * serve one client, each gives its own, so two processes never ask under the same id.
   */
  requestIdPrefix?: string;
}

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The third role of a {@link Peer}: the requests the server sent its client (elicitation,
 * sampling, roots) that await an answer — their ids, the routing of the client's responses,
 * the client's errors, timeouts and aborts. The table is made at the first request and dropped
 * once it empties: most peers never ask.
 */
export class ServerRequests extends ClientRequests {
  /** How long a server→client request waits for the client's answer, in ms. */
  readonly clientRequestTimeout: number;
  private pending: Map<JsonRpcId, Pending> | undefined;
  private sequence = 0;
  private readonly idPrefix: string;

  constructor(options: ServerRequestOptions) {
    super(options);
    this.idPrefix = options.requestIdPrefix ?? 'srv-';
    this.clientRequestTimeout = options.clientRequestTimeout ?? 60_000;
  }

  /**
   * Sends a server→client request with `send` and resolves to the client's `result`. Rejects
   * when the client answers an error, after `timeout` ms, or when `signal` aborts (the client is
   * then sent `notifications/cancelled`).
   */
  request(
    send: (message: JsonObject) => void,
    method: string,
    params: JsonObject,
    options: { signal?: AbortSignal; timeout?: number } = {},
  ): Promise<unknown> {
    if (this.closed) return Promise.reject(this.closed);
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.sequence += 1;
    const id = `${this.idPrefix}${this.sequence}`;
    const timeout = options.timeout ?? this.clientRequestTimeout;
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = (): void => {
        if (this.forget(id)) {
          send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
          reject(signal?.reason ?? new CancelledError());
        }
      };
      const done = (): void => signal?.removeEventListener('abort', onAbort);
      const timer = setTimeout(() => {
        if (this.forget(id)) {
          done();
          send({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: id, reason: 'timeout' },
          });
          reject(new RequestTimeoutError(method, timeout));
        }
      }, timeout);
      timer.unref?.();
      this.pending ??= new Map();
      this.pending.set(id, {
        method,
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
        timer,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        send({ jsonrpc: '2.0', id, method, params });
      } catch (error) {
        if (this.forget(id)) {
          done();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
  }

  /**
   * Routes a client's response to the server request it answers; false when none awaits it
   * (then told to `onUnmatched`, unless `route` is false).
   */
  settle(response: Record<string, unknown>, route = true): boolean {
    const id = response.id;
    if (typeof id !== 'string' && typeof id !== 'number') return false;
    const entry = this.pending?.get(id);
    if (!entry || !this.forget(id)) {
      if (route) this.onUnmatched?.('response', response);
      return false;
    }
    const error = response.error as
      | { code?: unknown; message?: unknown; data?: unknown }
      | undefined;
    if (error !== undefined) {
      entry.reject(
        new ClientRequestError(
          entry.method,
          typeof error?.code === 'number' ? error.code : 0,
          typeof error?.message === 'string' ? error.message : 'unknown error',
          error?.data,
        ),
      );
    } else {
      entry.resolve(response.result);
    }
    return true;
  }

  /** How many server→client requests await an answer. */
  get awaiting(): number {
    return this.pending?.size ?? 0;
  }

  /**
   * No answer can arrive any more (the client's input ended): reject every server→client request
   * that awaits one, but let the client's own requests in flight finish.
   */
  rejectPending(reason: Error = new Error('The client can no longer answer.')): void {
    const pending = this.pending;
    if (pending === undefined) return;
    for (const [k, entry] of pending) {
      clearTimeout(entry.timer);
      pending.delete(k);
      entry.reject(reason);
    }
  }

  private forget(id: JsonRpcId): boolean {
    const pending = this.pending;
    const entry = pending?.get(id);
    if (pending === undefined || entry === undefined) return false;
    clearTimeout(entry.timer);
    if (pending.size === 1) this.pending = undefined;
    else pending.delete(id);
    return true;
  }
}
