/**
 * The relay between processes that share an adapter: what one process publishes reaches the
 * others and never itself, and each kind of message acts on the session this process holds —
 * broadcast, event, sync, end, response, cancel, send, taken — while anything unknown, malformed
 * or for a session held elsewhere is ignored without a throw. Two `Cluster`s on one in-memory
 * adapter play two processes.
 */
import { memoryAdapter, type StateAdapter } from '../../../../src/adapter';
import type { JsonObject } from '../../../../src/core';
import { Peer } from '../../../../src/core';
import { Cluster, type SessionEntry } from '../../../../src/transports/http/session';
import type { ClusterHost } from '../../../../src/transports/http/session/cluster';
import type { SessionMode } from '../../../../src/transports/http/session/mode';
import { within } from '../../../helpers/within';
import { sessionEntry } from './session-entry';

const entry = (id: string, peer?: Peer) => sessionEntry(id, peer, { used: true });

/** A process: its cluster, and what it was asked to do. */
interface Process {
  cluster: Cluster;
  relayed: JsonObject[];
  held: Array<[string, string]>;
  reported: unknown[];
  ended: Array<[string, string]>;
  received: unknown[][];
  entries: Map<string, SessionEntry>;
  /** Resolves once a broadcast marked `mark` was relayed here (everything published before it was handled). */
  marked(mark: string): Promise<void>;
}

let adapter: StateAdapter;
let a: Process;
let b: Process;

function processOn(shared: StateAdapter, sessions: boolean): Process {
  const waiting = new Map<string, () => void>();
  const process: Process = {
    relayed: [],
    held: [],
    reported: [],
    ended: [],
    received: [],
    entries: new Map(),
    marked: (mark) =>
      within(
        new Promise<void>((resolve) => waiting.set(mark, resolve)),
        2000,
        `the broadcast ${mark} did not arrive`,
      ),
    cluster: undefined as never,
  };
  const mode = {
    store: {
      peek: (id: string) => process.entries.get(id),
      end: (entry: SessionEntry, reason: string) => process.ended.push([entry.id, reason]),
    },
    hub: { receive: (...args: unknown[]) => process.received.push(args) },
  } as unknown as SessionMode;
  const host: ClusterHost = {
    adapter: shared,
    sessions: sessions ? mode : undefined,
    report: (error) => process.reported.push(error),
    relay: (message) => {
      const mark = message.mark;
      if (typeof mark === 'string') waiting.get(mark)?.();
      else process.relayed.push(message);
    },
    sendHeld: (entry, json) => process.held.push([entry.id, json]),
  };
  process.cluster = new Cluster(host);
  return process;
}

let marks = 0;
/** Publishes from `from`, then waits until `to` handled it (a marker broadcast follows it). */
async function deliver(from: Process, to: Process, ...messages: unknown[]): Promise<void> {
  for (const message of messages) from.cluster.publish(message as never);
  marks += 1;
  const mark = `m${marks}`;
  const arrived = to.marked(mark);
  from.cluster.publish({ t: 'broadcast', m: { mark } });
  await arrived;
}

beforeEach(async () => {
  adapter = memoryAdapter();
  await adapter.open();
  a = processOn(adapter, true);
  b = processOn(adapter, true);
  await a.cluster.start();
  await b.cluster.start();
});
afterEach(async () => {
  await a.cluster.close();
  await b.cluster.close();
  await adapter.close();
});

test('each process has its own origin tag', () => {
  expect(a.cluster.origin).not.toBe(b.cluster.origin);
  expect(a.cluster.origin).toMatch(/^[A-Za-z0-9_-]{8}$/);
});

test('a broadcast reaches the other process, not the sender; the wire carries the sender', async () => {
  const wire: string[] = [];
  await adapter.bus.subscribe('http', (text) => wire.push(text));
  const notification = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
  await deliver(a, b, { t: 'broadcast', m: notification });
  expect(b.relayed).toEqual([notification]);
  expect(a.relayed).toEqual([]);
  expect(JSON.parse(wire[0]!)).toEqual({ t: 'broadcast', m: notification, o: a.cluster.origin });
});

test('malformed or foreign text on the channel is ignored', async () => {
  for (const text of ['not json', 'null', '42', '"x"', '{"t":"unknown","s":"s1"}']) {
    await adapter.bus.publish('http', text);
  }
  b.entries.set('s1', entry('s1'));
  await deliver(a, b);
  expect(b).toMatchObject({ relayed: [], held: [], ended: [], received: [], reported: [] });
});

test('an event goes to the hub, a null id as undefined', async () => {
  await deliver(
    a,
    b,
    { t: 'event', k: 'stream-1', i: 'e1', d: '{"a":1}' },
    { t: 'event', k: 'stream-1', i: null, d: '' },
  );
  expect(b.received).toEqual([
    ['stream-1', 'e1', '{"a":1}'],
    ['stream-1', undefined, ''],
  ]);
});

test('messages for a session this process does not hold are ignored', async () => {
  await deliver(a, b, { t: 'end', s: 'elsewhere' }, { t: 'send', s: 'elsewhere', j: '{}' });
  expect(b.ended).toEqual([]);
  expect(b.held).toEqual([]);
});

test('sync applies the record to the session’s peer', async () => {
  const peer = new Peer();
  b.entries.set('s1', entry('s1', peer));
  await deliver(a, b, {
    t: 'sync',
    s: 's1',
    r: { id: 's1', revision: '2025-11-25', logLevel: 'error', subscriptions: ['test://a'] },
  });
  expect(peer.revision).toBe('2025-11-25');
  expect(peer.logLevel).toBe('error');
  expect([...peer.subscriptions]).toEqual(['test://a']);
});

test('end ends the session here, saying why', async () => {
  b.entries.set('s1', entry('s1'));
  await deliver(a, b, { t: 'end', s: 's1' });
  expect(b.ended).toEqual([['s1', 'The client ended the session.']]);
});

test('response and cancel reach the peer without being routed again', async () => {
  const peer = new Peer();
  const settle = jest.spyOn(peer, 'settle').mockReturnValue(true);
  const cancel = jest.spyOn(peer, 'cancel').mockReturnValue(true);
  b.entries.set('s1', entry('s1', peer));
  const answer = { jsonrpc: '2.0', id: 'srv-1', result: {} };
  await deliver(
    a,
    b,
    { t: 'response', s: 's1', m: answer },
    { t: 'cancel', s: 's1', m: { requestId: 7, reason: 'user' } },
    { t: 'cancel', s: 's1', m: { requestId: 'r', reason: undefined } },
    { t: 'cancel', s: 's1', m: { requestId: { no: 1 } } },
    { t: 'cancel', s: 's1', m: {} },
  );
  expect(settle.mock.calls).toEqual([[answer, false]]);
  expect(cancel.mock.calls).toEqual([
    [7, 'user', false],
    ['r', undefined, false],
  ]);
});

test('send goes to the session’s GET stream only when this process holds one', async () => {
  const held = entry('s1');
  b.entries.set('s1', held);
  await deliver(a, b, { t: 'send', s: 's1', j: '{"n":1}' });
  expect(b.held).toEqual([]);
  held.events = {} as never;
  await deliver(a, b, { t: 'send', s: 's1', j: '{"n":2}' });
  held.events = undefined;
  held.stream = {} as never;
  await deliver(a, b, { t: 'send', s: 's1', j: '{"n":3}' });
  expect(b.held).toEqual([
    ['s1', '{"n":2}'],
    ['s1', '{"n":3}'],
  ]);
});

test('taken: the GET stream held here ends and the session forgets it', async () => {
  const end = jest.fn();
  const held = entry('s1');
  held.stream = { end } as never;
  held.events = {} as never;
  b.entries.set('s1', held);
  await deliver(a, b, { t: 'taken', s: 's1' });
  expect(end).toHaveBeenCalledTimes(1);
  expect(held.stream).toBeUndefined();
  expect(held.events).toBeUndefined();
});

test('a stateless process acts on broadcasts only', async () => {
  const stateless = processOn(adapter, false);
  await stateless.cluster.start();
  await deliver(a, stateless, { t: 'event', k: 'k', i: 'e', d: 'x' }, { t: 'end', s: 's1' });
  const note = { jsonrpc: '2.0', method: 'notifications/resources/list_changed' };
  await deliver(a, stateless, { t: 'broadcast', m: note });
  expect(stateless.relayed).toEqual([note]);
  await stateless.cluster.close();
});

test('a failed publish is reported, not thrown', async () => {
  const failure = new Error('bus down');
  jest.spyOn(adapter.bus, 'publish').mockRejectedValueOnce(failure);
  const process = processOn(adapter, true);
  const reported = new Promise<unknown>((resolve) => {
    process.reported.push = (error: unknown) => {
      resolve(error);
      return 1;
    };
  });
  process.cluster.publish({ t: 'end', s: 's1' });
  expect(await within(reported, 2000, 'the failed publish was not reported')).toBe(failure);
});

test('after close, nothing more is received; closing twice is fine', async () => {
  await b.cluster.close();
  await b.cluster.close();
  const third = processOn(adapter, true);
  await third.cluster.start();
  await deliver(a, third, { t: 'broadcast', m: { n: 1 } });
  expect(b.relayed).toEqual([]);
  await third.cluster.close();
});
