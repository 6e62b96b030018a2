import { ErrorCode } from '../../../core';
import type { Reply, ReplyHeaders } from './message';

/**
 * A request refused at the HTTP level: its status, the message of the JSON-RPC error without id
 * that is its body (MCP basic/transports: the body MAY comprise a JSON-RPC error response that
 * has no id), that error's code, and the headers that go with it (`WWW-Authenticate`,
 * `Retry-After`, `Allow`, `Connection`). Every refusal of the transport is one, written by
 * {@link refuse}: one body shape, whichever part of the pipeline decides.
 */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly code: number = ErrorCode.TRANSPORT_ERROR,
    readonly headers?: ReplyHeaders,
  ) {}

  /** The body: `{"jsonrpc":"2.0","id":null,"error":{"code":…,"message":…}}`. */
  body(): string {
    return JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: this.code, message: this.message },
    });
  }
}

/** Writes a refusal as the answer (once something went out, only ends it). */
export function refuse(reply: Reply, refusal: Refusal): undefined {
  reply.json(refusal.status, refusal.body(), refusal.headers);
  return undefined;
}
