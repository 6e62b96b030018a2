/**
 * The server's messages outside a request's answer (src/transports/http/pipeline/broadcast.ts):
 * a broadcast to the sessions whose stream is open (or whose history this process keeps), to
 * the other processes when it can travel, a broadcast relayed from another process (delivered,
 * not sent back), and a message for one session's stream wherever it is held.
 */
import type { JsonObject, Peer } from '../../../../src/core';
import {
  type BroadcastHost,
  broadcast,
  relay,
  resumptionOf,
  toClient,
} from '../../../../src/transports/http/pipeline/broadcast';
import type { Cluster, SessionEntry, SessionMode } from '../../../../src/transports/http/session';
import { testCore } from '../harness';

interface Fakes {
  host: BroadcastHost;
  sent: Array<[string, string]>;
  published: unknown[];
  reported: unknown[];
  entries: SessionEntry[];
}

/** A session entry whose stream records what it is sent; `subscribed` is what its peer subscribed to. */
function entryOf(
  id: string,
  sent: Array<[string, string]>,
  open: boolean,
  subscribed: string[] = [],
  events?: unknown,
): SessionEntry {
  const peer = {
    isSubscribed: (uri: string) => {
      if (uri === 'test://throws') throw new Error('filter failed');
      return subscribed.includes(uri);
    },
  };
  return {
    id,
    stream: open ? { send: (json: string) => sent.push([id, json]) } : undefined,
    events,
    session: { peer },
  } as unknown as SessionEntry;
}

function fakes(sessions: boolean, shared: boolean): Fakes {
  const sent: Array<[string, string]> = [];
  const published: unknown[] = [];
  const reported: unknown[] = [];
  const entries = [
    entryOf('a', sent, true, ['test://x']),
    entryOf('b', sent, false, ['test://x']),
    entryOf('c', sent, true),
  ];
  const mode = { store: { values: () => entries.values() }, hub: {} } as unknown as SessionMode;
  const cluster = { publish: (message: unknown) => published.push(message) } as unknown as Cluster;
  return {
    host: {
      sessions: sessions ? mode : undefined,
      cluster: shared ? cluster : undefined,
      report: (error) => reported.push(error),
    },
    sent,
    published,
    reported,
    entries,
  };
}

const LIST_CHANGED: JsonObject = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
const UPDATED: JsonObject = {
  jsonrpc: '2.0',
  method: 'notifications/resources/updated',
  params: { uri: 'test://x' },
};

describe('broadcast', () => {
  test('to every session with an open stream; told to the cluster', () => {
    const { host, sent, published } = fakes(true, true);
    broadcast(host, LIST_CHANGED);
    const json = '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}';
    expect(sent).toEqual([
      ['a', json],
      ['c', json],
    ]);
    expect(published).toEqual([{ t: 'broadcast', m: LIST_CHANGED }]);
  });

  test('the message is serialized once for all the sessions', () => {
    const { host, sent } = fakes(true, false);
    let serialized = 0;
    const params = {
      toJSON: () => {
        serialized += 1;
        return { n: serialized };
      },
    };
    broadcast(host, { jsonrpc: '2.0', method: 'notifications/message', params } as never);
    expect(serialized).toBe(1);
    expect(sent.map(([, json]) => json)).toEqual([
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"n":1}}',
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"n":1}}',
    ]);
  });

  test('a filter: only the peers it passes; a function filter stays in this process', () => {
    const { host, sent, published } = fakes(true, true);
    broadcast(host, LIST_CHANGED, (peer) => peer.isSubscribed('test://x'));
    expect(sent.map(([id]) => id)).toEqual(['a']);
    expect(published).toEqual([]);
  });

  test('a resource update travels to the cluster with its filter', () => {
    const { host, sent, published } = fakes(true, true);
    broadcast(host, UPDATED, (peer) => peer.isSubscribed('test://x'));
    expect(sent.map(([id]) => id)).toEqual(['a']);
    expect(published).toEqual([{ t: 'broadcast', m: UPDATED }]);
  });

  test('a throwing filter is reported and that session skipped', () => {
    const { host, sent, reported } = fakes(true, false);
    broadcast(host, LIST_CHANGED, (peer) => peer.isSubscribed('test://throws'));
    expect(sent).toEqual([]);
    expect(reported.map((error) => (error as Error).message)).toEqual([
      'filter failed',
      'filter failed',
    ]);
  });

  test('a session whose history this process keeps receives it though its stream is closed', () => {
    const { host, entries } = fakes(true, false);
    const emitted: string[] = [];
    entries[1] = entryOf('b', [], false, [], {
      key: 'k',
      emit: (json: string) => emitted.push(json),
    });
    broadcast(host, LIST_CHANGED);
    expect(emitted).toEqual(['{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}']);
  });

  test('stateless: told to the cluster only', () => {
    const { host, sent, published } = fakes(false, true);
    broadcast(host, LIST_CHANGED);
    expect(sent).toEqual([]);
    expect(published).toEqual([{ t: 'broadcast', m: LIST_CHANGED }]);
  });
});

describe('relay', () => {
  /** A core whose broadcasts reach `host` as the endpoint's do. */
  function relayed(host: BroadcastHost) {
    const { core } = testCore();
    const seen: Array<[JsonObject, unknown]> = [];
    core.attach((message, filter) => {
      seen.push([message, filter]);
      broadcast(host, message, filter);
    });
    return { core, seen };
  }

  test("another process's broadcast reaches every stream here and is not sent back", () => {
    const { host, sent, published } = fakes(true, true);
    const { core } = relayed(host);
    relay(core, { jsonrpc: '2.0', method: 'notifications/tools/list_changed', o: 'x' });
    const json = '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}';
    expect(sent).toEqual([
      ['a', json],
      ['c', json],
    ]);
    expect(published).toEqual([]);
  });

  test('a resource update reaches its subscribers only, and is not sent back', () => {
    const { host, sent, published } = fakes(true, true);
    const { core, seen } = relayed(host);
    relay(core, UPDATED);
    expect(sent).toEqual([
      [
        'a',
        '{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"test://x"}}',
      ],
    ]);
    expect(published).toEqual([]);
    const filter = seen[0][1] as (peer: Peer) => boolean;
    expect(filter({ isSubscribed: (uri: string) => uri === 'test://x' } as unknown as Peer)).toBe(
      true,
    );
    expect(filter({ isSubscribed: () => false } as unknown as Peer)).toBe(false);
  });

  test('a message without a method is dropped', () => {
    const { host, sent } = fakes(true, true);
    const { core, seen } = relayed(host);
    relay(core, { jsonrpc: '2.0', id: 1, result: {} });
    relay(core, { jsonrpc: '2.0', method: 7 });
    expect(seen).toEqual([]);
    expect(sent).toEqual([]);
  });

  test('a resource update without a string uri goes to all', () => {
    const { host, sent } = fakes(true, true);
    const { core } = relayed(host);
    relay(core, { jsonrpc: '2.0', method: 'notifications/resources/updated', params: {} });
    expect(sent.map(([id]) => id)).toEqual(['a', 'c']);
  });
});

describe('toClient', () => {
  test('a stream this process holds receives it here', () => {
    const sent: Array<[string, string]> = [];
    const published: unknown[] = [];
    const cluster = {
      publish: (message: unknown) => published.push(message),
    } as unknown as Cluster;
    const mode = { hub: {} } as SessionMode;
    toClient(cluster, mode, entryOf('a', sent, true), '{"x":1}');
    expect(sent).toEqual([['a', '{"x":1}']]);
    expect(published).toEqual([]);
  });

  test('neither stream nor history here: sent to the process that holds it', () => {
    const sent: Array<[string, string]> = [];
    const published: unknown[] = [];
    const cluster = {
      publish: (message: unknown) => published.push(message),
    } as unknown as Cluster;
    const mode = { hub: {} } as SessionMode;
    toClient(cluster, mode, entryOf('b', sent, false), '{"x":1}');
    expect(sent).toEqual([]);
    expect(published).toEqual([{ t: 'send', s: 'b', j: '{"x":1}' }]);
  });

  test('no cluster: to the session here (dropped when it has no stream)', () => {
    const sent: Array<[string, string]> = [];
    const mode = { hub: {} } as SessionMode;
    toClient(undefined, mode, entryOf('b', sent, false), '{"x":1}');
    toClient(undefined, mode, entryOf('a', sent, true), '{"y":2}');
    expect(sent).toEqual([['a', '{"y":2}']]);
  });
});

describe('resumptionOf', () => {
  test('one per session, the same for each POST; made again once the session primes', () => {
    const sent: Array<[string, string]> = [];
    const published: unknown[] = [];
    const cluster = {
      publish: (message: unknown) => published.push(message),
    } as unknown as Cluster;
    const hub = {};
    const mode = { hub } as SessionMode;
    const host = { options: { sseRetry: 1500 }, cluster };
    const session = entryOf('a', sent, true);
    const before = resumptionOf(host, mode, session);
    expect(before).toMatchObject({ hub, sessionId: 'a', prime: false, retry: 1500 });
    expect(resumptionOf(host, mode, session)).toBe(before);
    // initialize agreed a revision whose clients take priming events
    (session.session as { revision?: string }).revision = '2025-11-25';
    const after = resumptionOf(host, mode, session);
    expect(after).not.toBe(before);
    expect(after).toMatchObject({ hub, sessionId: 'a', prime: true, retry: 1500 });
    expect(resumptionOf(host, mode, session)).toBe(after);
    expect(resumptionOf(host, mode, entryOf('b', sent, false)).sessionId).toBe('b');
    // A call's message whose POST is gone: where toClient sends it.
    after.toSession('{"x":1}');
    expect(sent).toEqual([['a', '{"x":1}']]);
    resumptionOf(host, mode, entryOf('b', sent, false)).toSession('{"y":2}');
    expect(published).toEqual([{ t: 'send', s: 'b', j: '{"y":2}' }]);
  });
});
