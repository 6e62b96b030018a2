/**
 * subscriptions/listen (2026-07-28): the acknowledged subset, the tagged notifications it
 * forwards, a method family's part, and the end of the listen when the client cancels it.
 */
import type { Broadcaster } from '../../../src/core/broadcaster';
import type { Link } from '../../../src/core/link';
import type { MethodFamily } from '../../../src/core/methods/family';
import { registerSubscriptions } from '../../../src/core/methods/subscriptions';
import { Peer } from '../../../src/core/peer';
import type { JsonObject } from '../../../src/core/types';
import { within } from '../../helpers/within';
import { invalid, methodTable, modern } from './harness';

const TAG = 'io.modelcontextprotocol/subscriptionId';
const CAPABILITIES = {
  tools: { listChanged: true },
  prompts: { listChanged: false },
  resources: { subscribe: true, listChanged: true },
};

function setup(capabilities: JsonObject = CAPABILITIES, family?: MethodFamily, peer = new Peer()) {
  const { table, rpc, ask } = methodTable();
  const listeners: Broadcaster[] = [];
  let detached = 0;
  registerSubscriptions(
    table,
    capabilities,
    (broadcaster) => {
      listeners.push(broadcaster);
      return () => {
        detached += 1;
      };
    },
    family,
  );
  const sent: JsonObject[] = [];
  const link: Link = { peer, send: (message) => sent.push(message) };
  /** Starts a listen with request id `id`; its answer promise settles when it ends. */
  const listen = (id: number, notifications: unknown) =>
    rpc.dispatch(
      { jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { notifications } },
      'ctx',
      modern(link),
    );
  /** Waits until the listen is attached (the acknowledgement is out). */
  const attached = async (count: number) => {
    await within(
      (async () => {
        while (listeners.length < count) await new Promise((resolve) => setImmediate(resolve));
      })(),
      2000,
      'the listen to attach',
    );
  };
  return { ask, listen, listeners, sent, link, peer, attached, detached: () => detached };
}

describe('subscriptions/listen', () => {
  it('acknowledges only what the server sends, tagged with the request id', async () => {
    const s = setup();
    const answer = s.listen(5, {
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['file:///a', 3, 'file:///b'],
    });
    await s.attached(1);
    expect(s.sent).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          notifications: {
            toolsListChanged: true,
            resourcesListChanged: true,
            resourceSubscriptions: ['file:///a', 'file:///b'],
          },
          _meta: { [TAG]: 5 },
        },
      },
    ]);
    s.peer.cancel(5);
    expect(await within(answer, 2000, 'the cancelled listen to end')).toBeNull();
    expect(s.detached()).toBe(1);
  });

  it('forwards the notifications it acknowledged, with their _meta and the tag', async () => {
    const s = setup();
    void s.listen(9, { toolsListChanged: true, resourceSubscriptions: ['file:///a'] });
    await s.attached(1);
    s.sent.length = 0;
    const broadcast = s.listeners[0]!;
    broadcast({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    broadcast({ jsonrpc: '2.0', method: 'notifications/prompts/list_changed' });
    broadcast({ jsonrpc: '2.0', method: 'notifications/resources/list_changed' });
    broadcast({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'file:///a', _meta: { k: 1 } },
    });
    broadcast({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'file:///other' },
    });
    broadcast({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } });
    expect(s.sent).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { [TAG]: 9 } },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: 'file:///a', _meta: { k: 1, [TAG]: 9 } },
      },
    ]);
    s.peer.cancel(9);
  });

  it('resource subscriptions are ignored when the server does not offer subscribe', async () => {
    const s = setup({ resources: {} });
    void s.listen(1, { resourceSubscriptions: ['file:///a'], toolsListChanged: true });
    await s.attached(1);
    expect((s.sent[0]!.params as JsonObject).notifications).toEqual({});
    s.peer.cancel(1);
  });

  it('a method family adds its part; what it delivers early waits for the acknowledgement', async () => {
    let stopped = 0;
    const family: MethodFamily = {
      capabilities: {},
      extensions: {},
      register: () => {},
      listen: async (wanted, _inbound, deliver) => {
        if (wanted.taskStatus !== true) return undefined;
        deliver('notifications/tasks/status', { taskId: 't1' });
        const stop = (): void => {
          stopped += 1;
        };
        return { honored: { taskStatus: true }, stop };
      },
    };
    const s = setup(CAPABILITIES, family);
    const answer = s.listen(3, { taskStatus: true });
    await s.attached(1);
    expect(s.sent.map((m) => m.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tasks/status',
    ]);
    expect((s.sent[0]!.params as JsonObject).notifications).toEqual({ taskStatus: true });
    expect(s.sent[1]!.params).toEqual({ taskId: 't1', _meta: { [TAG]: 3 } });
    s.peer.cancel(3);
    await within(answer, 2000, 'the listen to end');
    expect(stopped).toBe(1);
  });

  it('refusals: no stream, a notification, a filter that is not an object, too many URIs', async () => {
    const s = setup(CAPABILITIES, undefined, new Peer({ maxSubscriptions: 1 }));
    expect((await s.ask('subscriptions/listen', { notifications: {} }, modern())).error).toEqual({
      code: -32600,
      message: 'subscriptions/listen needs a transport stream to deliver notifications on',
    });
    expect(
      (await s.ask('subscriptions/listen', { notifications: ['tools'] }, modern(s.link))).error,
    ).toEqual(invalid('subscriptions/listen: "notifications" must be a filter object'));
    const many = await s.ask(
      'subscriptions/listen',
      { notifications: { resourceSubscriptions: ['file:///a', 'file:///b'] } },
      modern(s.link),
    );
    expect(many.error).toEqual({
      code: -32602,
      message:
        'Invalid params: subscriptions/listen: at most 1 resource subscriptions are allowed at once (got 2); watch fewer URIs',
      data: {
        reason:
          'subscriptions/listen: at most 1 resource subscriptions are allowed at once (got 2); watch fewer URIs',
        limit: 1,
      },
    });
    expect(s.listeners).toEqual([]);
  });

  it('a listen sent as a notification (no id) is refused too', async () => {
    const s = setup();
    const sent: JsonObject[] = [];
    const { rpc, table } = methodTable();
    registerSubscriptions(table, CAPABILITIES, () => () => {});
    const answer = await rpc.dispatch(
      { jsonrpc: '2.0', method: 'subscriptions/listen', params: { notifications: {} } },
      'ctx',
      modern({ peer: new Peer(), send: (m) => sent.push(m) }),
    );
    // A notification gets no answer, and nothing was acknowledged on the stream.
    expect(answer).toBeNull();
    expect(sent).toEqual([]);
    expect(s.listeners).toEqual([]);
  });
});
