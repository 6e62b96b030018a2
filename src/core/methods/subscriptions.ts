import type { Broadcaster } from '../broadcaster';
import { ErrorCode } from '../error-codes';
import { Fault } from '../errors';
import { META } from '../revisions/2026-07-28/meta';
import type { JsonObject } from '../types';
import { isObject } from '../types';
import type { MethodFamily } from './family';
import { invalidParams } from './params';
import type { MethodTable } from './table';

/** Which notification a listen filter member opts in to. */
const LIST_CHANGED: Record<
  string,
  'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged'
> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
};

/**
 * `subscriptions/listen` (MCP 2026-07-28 basic/patterns/subscriptions): acknowledges the subset
 * of the requested notifications this server sends, then forwards each matching server-wide
 * notification tagged with the subscription's id, on the request's own stream (an SSE response
 * over HTTP, stdout over stdio), until the client closes it or cancels the request.
 */
export function registerSubscriptions<C>(
  table: MethodTable<C>,
  capabilities: JsonObject,
  attach: (broadcaster: Broadcaster) => () => void,
  family?: MethodFamily,
): void {
  const tools = isObject(capabilities.tools) && capabilities.tools.listChanged === true;
  const prompts = isObject(capabilities.prompts) && capabilities.prompts.listChanged === true;
  const resources = isObject(capabilities.resources) ? capabilities.resources : {};
  table.define('subscriptions/listen', {
    calls: true,
    run: async (p, _context, call, request, inbound) => {
      const link = inbound.link;
      if (link === undefined || request.id === undefined) {
        throw new Fault(
          ErrorCode.INVALID_REQUEST,
          'subscriptions/listen needs a transport stream to deliver notifications on',
        );
      }
      const wanted = p.notifications;
      if (!isObject(wanted)) {
        throw invalidParams('subscriptions/listen: "notifications" must be a filter object');
      }
      const honored: JsonObject = {};
      if (wanted.toolsListChanged === true && tools) honored.toolsListChanged = true;
      if (wanted.promptsListChanged === true && prompts) honored.promptsListChanged = true;
      if (wanted.resourcesListChanged === true && resources.listChanged === true) {
        honored.resourcesListChanged = true;
      }
      const uris =
        resources.subscribe === true && Array.isArray(wanted.resourceSubscriptions)
          ? wanted.resourceSubscriptions.filter((u): u is string => typeof u === 'string')
          : [];
      // Watched for the life of the stream: the peer's limits bound them.
      link.peer.checkSubscriptions(uris, 'subscriptions/listen');
      if (uris.length > 0) honored.resourceSubscriptions = uris;
      const watched = new Set(uris);
      const id = request.id;
      const tag = { [META.subscriptionId]: id };
      // What a method family outside the core adds (the tasks layer: notifications/tasks).
      const stops: Array<() => void> = [];
      let held: JsonObject[] | undefined = [];
      const deliver = (message: JsonObject): void => {
        if (held !== undefined) held.push(message);
        else link.send(message);
      };
      const part = await family?.listen?.(wanted, inbound, (method, params) =>
        deliver({ jsonrpc: '2.0', method, params: { ...params, _meta: tag } }),
      );
      if (part !== undefined) {
        Object.assign(honored, part.honored);
        stops.push(() => part.stop());
      }
      // The acknowledgement is the first message carrying this subscription's id.
      link.send({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: honored, _meta: tag },
      });
      for (const message of held) link.send(message);
      held = undefined;
      return new Promise<never>((_resolve, reject) => {
        const detach = attach((message) => {
          const method = message.method as string;
          const params = isObject(message.params) ? message.params : {};
          const flag = LIST_CHANGED[method];
          const wantedHere =
            flag !== undefined
              ? honored[flag] === true
              : method === 'notifications/resources/updated' && watched.has(params.uri as string);
          if (!wantedHere) return;
          const meta = isObject(params._meta) ? params._meta : {};
          link.send({ jsonrpc: '2.0', method, params: { ...params, _meta: { ...meta, ...tag } } });
        });
        const signal = call!.signal;
        const stop = (): void => {
          detach();
          for (const end of stops) end();
          reject(signal.reason);
        };
        if (signal.aborted) stop();
        else signal.addEventListener('abort', stop, { once: true });
      });
    },
  });
}
