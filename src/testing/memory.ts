import { ErrorCode, type JsonObject, type Link, McpClientError, type McpCore, Peer } from '../core';
import type { ClientWire } from './wire';

/**
 * The in-memory wire: each request goes to the core's `handle` with a link of its own, so what
 * the server sends during a request (progress, questions, a listen stream) reaches that
 * request, as an HTTP POST's own stream would. `broadcasts` attaches the client to server-wide
 * notifications (a 2025 session's; a 2026-07-28 client hears them only through `listen`).
 */
export function memoryWire<C>(
  core: McpCore<C>,
  context: C | undefined,
  broadcasts: boolean,
): ClientWire {
  const peer = new Peer();
  const shared: Link = { peer, send: (message) => wire.onMessage?.(message) };
  const handle = (message: JsonObject, link: Link) =>
    core.handle(JSON.stringify(message), context, link);
  const wire: ClientWire = {
    async request(message, exchange) {
      const link: Link = { peer, send: (sent) => exchange.onMessage(sent) };
      const cancel = (): void => {
        void handle(
          {
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: message.id as string | number, reason: 'closed by the client' },
          },
          link,
        );
      };
      exchange.signal?.addEventListener('abort', cancel, { once: true });
      try {
        const answer = await handle(message, link);
        if (answer === null) {
          throw new McpClientError(
            ErrorCode.INVALID_REQUEST,
            `No answer to ${String(message.method)} (was it cancelled?)`,
            undefined,
            { reason: 'no-answer' },
          );
        }
        return JSON.parse(answer) as JsonObject;
      } finally {
        exchange.signal?.removeEventListener('abort', cancel);
      }
    },
    async send(message) {
      await handle(message, shared);
    },
    async close() {
      detach();
      peer.close();
    },
  };
  const detach = broadcasts
    ? core.attach((message, filter) => {
        if (filter === undefined || filter(peer)) shared.send(message);
      })
    : () => true;
  return wire;
}
