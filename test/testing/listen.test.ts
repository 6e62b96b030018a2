/**
 * Listening in either revision, against a fake client host: 2026-07-28's one long request whose
 * stream carries the acknowledgement and the notifications, and 2025's session notifications
 * filtered as subscriptions/listen would.
 */
import { type JsonObject, McpClientError } from '../../src/core';
import { type ListenHost, listenLegacy, listenModern } from '../../src/testing/listen';
import { type ListenFilter, NotificationQueue } from '../../src/testing/subscription';
import type { ClientWire, Exchange } from '../../src/testing/wire';
import { within } from '../helpers/within';

interface FakeHost extends ListenHost {
  raws: Array<{ method: string; params: JsonObject | undefined; exchange: Partial<Exchange> }>;
  requests: Array<[string, JsonObject | undefined]>;
  incomings: JsonObject[];
  /** Settles the pending listen request. */
  answer(error?: Error): void;
}

function host(capabilities: JsonObject = {}): FakeHost {
  let settle!: (error?: Error) => void;
  const wire: ClientWire = {
    request: async () => ({}),
    send: async () => undefined,
    close: async () => undefined,
  };
  const fake: FakeHost = {
    modern: true,
    initialized: { capabilities },
    wire,
    subscriptions: new Set(),
    raws: [],
    requests: [],
    incomings: [],
    answer: (error) => settle(error),
    raw(method, params, _state, exchange) {
      fake.raws.push({ method, params, exchange });
      return new Promise((resolve, reject) => {
        settle = (error) => (error ? reject(error) : resolve({}));
      });
    },
    modernMeta: (_params, tasks) => ({ tasks }),
    incoming: (message) => {
      fake.incomings.push(message);
    },
    request: async (method, params) => {
      fake.requests.push([method, params]);
      return {};
    },
  };
  return fake;
}

const ACK = (notifications: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/subscriptions/acknowledged',
  params: { notifications },
});
const CHANGED = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };

/** Opens a listen and returns it with its queue and the stream's exchange. */
async function openModern(
  fake: FakeHost,
  filter: ListenFilter = { toolsListChanged: true },
  ack: unknown = filter,
) {
  const queue = new NotificationQueue();
  fake.subscriptions.add(queue);
  const opening = listenModern(fake, filter, queue, (m) => queue.push(m));
  const exchange = fake.raws[0].exchange;
  exchange.onMessage!(ACK(ack));
  const subscription = await within(opening, 2000, 'listen did not resolve on the acknowledgement');
  return { subscription, queue, exchange };
}

describe('2026-07-28: subscriptions/listen', () => {
  test('one request with the filter and _meta; resolves with what was acknowledged', async () => {
    const fake = host();
    const { subscription } = await openModern(
      fake,
      { toolsListChanged: true },
      { toolsListChanged: true },
    );
    expect(fake.raws.map(({ method, params }) => [method, params])).toEqual([
      [
        'subscriptions/listen',
        { notifications: { toolsListChanged: true }, _meta: { tasks: false } },
      ],
    ]);
    expect(subscription.acknowledged).toEqual({ toolsListChanged: true });
  });

  test('a filter with taskIds asks for the tasks extension; an acknowledgement without notifications is {}', async () => {
    const fake = host();
    const { subscription } = await openModern(fake, { taskIds: ['t1'] }, null);
    expect(fake.raws[0].params!._meta).toEqual({ tasks: true });
    expect(subscription.acknowledged).toEqual({});
  });

  test('notifications on the stream are delivered and seen by the client; requests only seen', async () => {
    const fake = host();
    const { subscription, exchange } = await openModern(fake);
    const ask = { jsonrpc: '2.0', id: 5, method: 'roots/list' };
    exchange.onMessage!(CHANGED);
    exchange.onMessage!(ask);
    expect(subscription.received).toEqual([CHANGED]);
    expect(fake.incomings).toEqual([CHANGED, ask]);
  });

  test('close aborts the request, ends the iteration and forgets the queue', async () => {
    const fake = host();
    const { subscription, queue, exchange } = await openModern(fake);
    exchange.onMessage!(CHANGED);
    await subscription.close();
    expect(exchange.signal!.aborted).toBe(true);
    expect(fake.subscriptions.has(queue)).toBe(false);
    const seen: JsonObject[] = [];
    for await (const message of subscription) seen.push(message);
    expect(seen).toEqual([CHANGED]);
  });

  test('the server ending the stream ends the iteration', async () => {
    const fake = host();
    const { subscription } = await openModern(fake);
    fake.answer();
    const seen: JsonObject[] = [];
    const iterate = (async () => {
      for await (const message of subscription) seen.push(message);
    })();
    await within(iterate, 2000, 'the iteration did not end with the stream');
    expect(seen).toEqual([]);
  });

  test('a refusal before the acknowledgement rejects with it; the queue is ended and forgotten', async () => {
    const fake = host();
    const queue = new NotificationQueue();
    fake.subscriptions.add(queue);
    const opening = listenModern(fake, {}, queue, (m) => queue.push(m));
    const refused = new McpClientError(-32601, 'Method not found');
    fake.answer(refused);
    await expect(within(opening, 2000, 'listen did not reject')).rejects.toBe(refused);
    expect(fake.subscriptions.has(queue)).toBe(false);
    queue.push(CHANGED);
    expect(queue.received).toEqual([]);
  });

  test('an answer before the acknowledgement: no-answer', async () => {
    const fake = host();
    const opening = listenModern(fake, {}, new NotificationQueue(), () => undefined);
    fake.answer();
    const error = await within(opening, 2000, 'listen did not reject').catch(
      (e: McpClientError) => e,
    );
    expect(error).toMatchObject({
      reason: 'no-answer',
      message: 'subscriptions/listen ended before the server acknowledged it',
    });
  });
});

describe('2025: the session notifications, filtered', () => {
  const caps = {
    tools: { listChanged: true },
    prompts: { listChanged: false },
    resources: { listChanged: true, subscribe: true },
  };

  async function openLegacy(fake: FakeHost, filter: Parameters<typeof listenLegacy>[1]) {
    const queue = new NotificationQueue();
    fake.subscriptions.add(queue);
    return { queue, subscription: await listenLegacy(fake, filter, queue, (m) => queue.push(m)) };
  }

  test('acknowledges only what the server declares; subscribes to each URI', async () => {
    const fake = host(caps);
    const { subscription } = await openLegacy(fake, {
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['notes://a', 'notes://b'],
    });
    expect(subscription.acknowledged).toEqual({
      toolsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['notes://a', 'notes://b'],
    });
    expect(fake.requests).toEqual([
      ['resources/subscribe', { uri: 'notes://a' }],
      ['resources/subscribe', { uri: 'notes://b' }],
    ]);
  });

  test('a server without resources/subscribe: no URI is subscribed or acknowledged', async () => {
    const fake = host({ resources: { listChanged: true } });
    const { subscription } = await openLegacy(fake, { resourceSubscriptions: ['notes://a'] });
    expect(subscription.acknowledged).toEqual({});
    expect(fake.requests).toEqual([]);
  });

  test('delivers what was acknowledged, passes everything to the previous handler; close restores it and unsubscribes', async () => {
    const fake = host(caps);
    const before: JsonObject[] = [];
    const previous = (message: JsonObject) => {
      before.push(message);
    };
    fake.wire.onMessage = previous;
    const { subscription, queue } = await openLegacy(fake, {
      toolsListChanged: true,
      resourceSubscriptions: ['notes://a'],
    });
    const updated = (uri: string) => ({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri },
    });
    const sent = [
      CHANGED,
      { jsonrpc: '2.0', method: 'notifications/prompts/list_changed' },
      { jsonrpc: '2.0', method: 'notifications/resources/list_changed' },
      updated('notes://a'),
      updated('notes://b'),
      { jsonrpc: '2.0', method: 'notifications/message', params: {} },
    ];
    for (const message of sent) fake.wire.onMessage!(message);
    expect(before).toEqual(sent);
    expect(subscription.received).toEqual([CHANGED, updated('notes://a')]);
    await subscription.close();
    expect(fake.wire.onMessage).toBe(previous);
    expect(fake.requests.at(-1)).toEqual(['resources/unsubscribe', { uri: 'notes://a' }]);
    expect(fake.subscriptions.has(queue)).toBe(false);
    const seen: JsonObject[] = [];
    for await (const message of subscription) seen.push(message);
    expect(seen).toEqual([CHANGED, updated('notes://a')]);
  });

  test('closing an earlier subscription leaves a later tap in place; a failed unsubscribe is ignored', async () => {
    const fake = host(caps);
    const first = await openLegacy(fake, { resourceSubscriptions: ['notes://a'] });
    const second = await openLegacy(fake, { toolsListChanged: true });
    const tap = fake.wire.onMessage;
    fake.request = async (method) => {
      if (method === 'resources/unsubscribe') throw new Error('gone');
      return {};
    };
    await first.subscription.close();
    expect(fake.wire.onMessage).toBe(tap);
    fake.wire.onMessage!(CHANGED);
    expect(second.subscription.received).toEqual([CHANGED]);
  });
});
