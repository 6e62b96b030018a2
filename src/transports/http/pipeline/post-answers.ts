import { ErrorCode, invalidParams, type Outcome, type Revision } from '../../../core';
import { Refusal } from '../request';
import type { PendingPost } from './pending-posts';

/**
 * The answers of a POST that are the transport's own, not the core's: its HTTP status, the
 * refusals before the message reaches the core, the `initialize` too large, and the timeout.
 */

/** Seconds a client told a dependency is out waits before it tries again. */
export const RETRY_AFTER = '5';

export const NOT_ACCEPTABLE = new Refusal(
  406,
  'Not Acceptable: the Accept header must list application/json and text/event-stream',
);
export const UNSUPPORTED_TYPE = new Refusal(
  415,
  'Unsupported Media Type: Content-Type must be application/json',
);
/** New requests while the endpoint shuts down (answers to the server's own requests still come in). */
export const SHUTTING_DOWN = new Refusal(
  503,
  'Service Unavailable: the server is shutting down',
  undefined,
  { Connection: 'close' },
);

/**
 * The HTTP status of an answer, from what the core says about it (never from its text): a
 * refused message is 400; a dependency out, 503; an error answer, what its revision maps the
 * code to.
 */
export function statusOf(outcome: Outcome, revision: Revision): number {
  if (outcome.kind === 'refused') return 400;
  if (outcome.unavailable) return 503;
  if (!outcome.ok && outcome.code !== undefined) return revision.errorStatus(outcome.code);
  return 200;
}

/** The answer to an `initialize` larger than `maxInitializeBytes`: -32602, with why. */
export function initializeTooLarge(
  value: Record<string, unknown>,
  bytes: number,
  limit: number,
): string {
  const id = typeof value.id === 'string' || typeof value.id === 'number' ? value.id : null;
  const reason = `initialize must not exceed ${limit} bytes (got ${bytes}); send only the capabilities and clientInfo MCP defines`;
  return JSON.stringify({ jsonrpc: '2.0', id, error: invalidParams(reason).toJSON() });
}

/** `postTimeout` struck while the calls ran: answer each with a timeout error, and cancel them. */
export function timeOut(post: PendingPost): void {
  if (post.exchange.done) return;
  post.fail(ErrorCode.REQUEST_TIMED_OUT, 'Request timed out');
  for (const id of post.ids) post.peer.cancel(id, 'The request timed out.', false);
}
