import { ErrorCode, isObject, type JsonObject, McpClientError } from '../core';
import type { ListenFilter, NotificationQueue, Subscription } from './subscription';
import type { ClientWire, Exchange } from './wire';

/** What listening needs of the client: its revision, its wire and how it sends and takes messages. */
export interface ListenHost {
  readonly modern: boolean;
  readonly initialized: JsonObject;
  readonly wire: ClientWire;
  readonly subscriptions: Set<NotificationQueue>;
  raw(
    method: string,
    params: JsonObject | undefined,
    state: undefined,
    exchange: Partial<Exchange>,
  ): Promise<unknown>;
  modernMeta(params: JsonObject | undefined, tasks: boolean): JsonObject;
  incoming(message: JsonObject): void;
  request(method: string, params?: JsonObject): Promise<unknown>;
}

/**
 * 2026-07-28 `subscriptions/listen`: one request whose stream carries the acknowledgement, then
 * the notifications; it is answered only when it ends.
 */
export async function listenModern(
  host: ListenHost,
  filter: ListenFilter,
  queue: NotificationQueue,
  deliver: (message: JsonObject) => void,
): Promise<Subscription> {
  const closer = new AbortController();
  let acknowledge!: (value: JsonObject) => void;
  const acknowledged = new Promise<JsonObject>((resolve) => {
    acknowledge = resolve;
  });
  const stream = host.raw(
    'subscriptions/listen',
    {
      notifications: { ...filter },
      _meta: host.modernMeta(undefined, filter.taskIds !== undefined),
    },
    undefined,
    {
      signal: closer.signal,
      onMessage: (message) => {
        if (message.method === 'notifications/subscriptions/acknowledged') {
          const params = isObject(message.params) ? message.params : {};
          acknowledge(isObject(params.notifications) ? params.notifications : {});
          return;
        }
        host.incoming(message);
        if (message.id === undefined) deliver(message);
      },
    },
  );
  // A listen request is answered only when it ends: its notifications come on its stream.
  const ended = stream.then(
    () => ({ ended: undefined as unknown }),
    (error: unknown) => ({ ended: error }),
  );
  const first = await Promise.race([acknowledged.then((ack) => ({ ack })), ended]);
  if (!('ack' in first)) {
    queue.end();
    host.subscriptions.delete(queue);
    throw (
      first.ended ??
      new McpClientError(
        ErrorCode.INTERNAL_ERROR,
        'subscriptions/listen ended before the server acknowledged it',
        undefined,
        {
          reason: 'no-answer',
        },
      )
    );
  }
  void ended.then(() => queue.end());
  return {
    acknowledged: first.ack,
    received: queue.received,
    [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator](),
    close: async () => {
      closer.abort();
      queue.end();
      host.subscriptions.delete(queue);
    },
  };
}

/** 2025: the session's notifications, filtered as `subscriptions/listen` would. */
export async function listenLegacy(
  host: ListenHost,
  filter: ListenFilter,
  queue: NotificationQueue,
  deliver: (message: JsonObject) => void,
): Promise<Subscription> {
  const capabilities = isObject(host.initialized.capabilities) ? host.initialized.capabilities : {};
  const declares = (kind: string, flag: string) =>
    isObject(capabilities[kind]) && (capabilities[kind] as JsonObject)[flag] === true;
  const acknowledged: JsonObject = {};
  if (filter.toolsListChanged && declares('tools', 'listChanged'))
    acknowledged.toolsListChanged = true;
  if (filter.promptsListChanged && declares('prompts', 'listChanged'))
    acknowledged.promptsListChanged = true;
  if (filter.resourcesListChanged && declares('resources', 'listChanged'))
    acknowledged.resourcesListChanged = true;
  const uris = declares('resources', 'subscribe') ? (filter.resourceSubscriptions ?? []) : [];
  for (const uri of uris) await host.request('resources/subscribe', { uri });
  if (uris.length > 0) acknowledged.resourceSubscriptions = uris;
  const wanted = (message: JsonObject): boolean => {
    const method = message.method;
    if (method === 'notifications/tools/list_changed')
      return acknowledged.toolsListChanged === true;
    if (method === 'notifications/prompts/list_changed')
      return acknowledged.promptsListChanged === true;
    if (method === 'notifications/resources/list_changed')
      return acknowledged.resourcesListChanged === true;
    const uri = isObject(message.params) ? message.params.uri : undefined;
    return method === 'notifications/resources/updated' && uris.includes(uri as string);
  };
  const previous = host.wire.onMessage;
  const tap = (message: JsonObject): void => {
    previous?.(message);
    if (wanted(message)) deliver(message);
  };
  host.wire.onMessage = tap;
  return {
    acknowledged,
    received: queue.received,
    [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator](),
    close: async () => {
      if (host.wire.onMessage === tap) host.wire.onMessage = previous;
      for (const uri of uris)
        await host.request('resources/unsubscribe', { uri }).catch(() => undefined);
      queue.end();
      host.subscriptions.delete(queue);
    },
  };
}
