/**
 * What every StateAdapter does, as one suite run against each implementation. The factory must
 * give an adapter with `eventsPerStream: 3` and `eventTtl: EVENT_TTL` ms.
 *
 * No test here depends on a few calls finishing inside a short window: whatever must still be
 * alive gets a TTL of LIVE ms (far longer than a few calls take on a loaded machine), and "has
 * expired" is polled for, up to EXPIRY_BOUND ms.
 */
import type { StateAdapter } from '../../src/adapter';
import { eventually } from '../helpers/within';

/** A TTL that outlives the few calls made before its expiry is checked. */
const LIVE = 2000;
/** The event-stream TTL the factories give (see above). */
export const EVENT_TTL = LIVE;
/** How long a wait for an expiry may take, beyond the TTL. */
const EXPIRY_BOUND = LIVE + 10_000;
/** How long a wait for a bus message may take. */
const ARRIVAL_BOUND = 10_000;

/** The messages of a channel as they arrive; `arrived(n)` waits (bounded) until there are `n`. */
function collect(adapter: StateAdapter, channel: string) {
  const messages: string[] = [];
  const stop = adapter.bus.subscribe(channel, (message) => {
    messages.push(message);
  });
  const arrived = (count: number) =>
    eventually(
      () => messages.length >= count,
      ARRIVAL_BOUND,
      `only ${messages.length} of ${count} messages on ${channel}`,
    );
  return { messages, stop, arrived };
}

export function adapterContract(name: string, make: () => Promise<StateAdapter>): void {
  describe(`${name} adapter`, () => {
    let adapter: StateAdapter;

    beforeEach(async () => {
      adapter = await make();
      await adapter.open();
    });
    afterEach(() => adapter.close());

    it('sessions: create up to max, get a copy, update, touch, delete, count', async () => {
      const record = { id: 's1', owner: 'alice', revision: '2025-11-25', subscriptions: ['a://x'] };
      const two = { max: 2, perSource: 0 };
      expect(await adapter.sessions.create(record, 60_000, two)).toBe('created');
      expect(await adapter.sessions.create({ id: 's2' }, 60_000, two)).toBe('created');
      expect(await adapter.sessions.create({ id: 's3' }, 60_000, two)).toBe('full');
      expect(await adapter.sessions.count()).toBe(2);
      const got = await adapter.sessions.get('s1');
      expect(got).toEqual(record);
      got!.subscriptions!.push('changed');
      expect((await adapter.sessions.get('s1'))!.subscriptions).toEqual(['a://x']);
      expect(await adapter.sessions.update({ ...record, logLevel: 'error' }, 60_000)).toBe(true);
      expect((await adapter.sessions.get('s1'))!.logLevel).toBe('error');
      expect(await adapter.sessions.update({ id: 'nobody' }, 60_000)).toBe(false);
      expect(await adapter.sessions.touch('s2', 60_000)).toBe(true);
      expect(await adapter.sessions.delete('s2')).toBe(true);
      expect(await adapter.sessions.delete('s2')).toBe(false);
      expect(await adapter.sessions.touch('s2', 60_000)).toBe(false);
      expect(await adapter.sessions.get('s2')).toBeUndefined();
      expect(await adapter.sessions.count()).toBe(1);
    });

    it('sessions expire after their ttl unless touched; expired ones free their place', async () => {
      const two = { max: 2, perSource: 0 };
      expect(await adapter.sessions.create({ id: 'short' }, LIVE, two)).toBe('created');
      expect(await adapter.sessions.create({ id: 'kept' }, LIVE, two)).toBe('created');
      expect(await adapter.sessions.touch('kept', 60_000)).toBe(true);
      expect(await adapter.sessions.create({ id: 'next' }, 60_000, two)).toBe('full');
      // The table is full until 'short' expires; its place is then free for a new session
      // (asked before anything else looks at 'short').
      await eventually(
        async () => (await adapter.sessions.create({ id: 'next' }, 60_000, two)) === 'created',
        EXPIRY_BOUND,
        'the expired session never freed its place',
      );
      expect(await adapter.sessions.get('short')).toBeUndefined();
      expect(await adapter.sessions.get('kept')).toEqual({ id: 'kept' });
      expect(await adapter.sessions.count()).toBe(2);
    });

    it('sessions: perSource bounds the sessions of one source; an ended one frees its place', async () => {
      const limits = { max: 10, perSource: 2 };
      const a = (id: string) => ({ id, source: 'ip:10.0.0.1' });
      expect(await adapter.sessions.create(a('a1'), 60_000, limits)).toBe('created');
      expect(await adapter.sessions.create(a('a2'), 60_000, limits)).toBe('created');
      expect(await adapter.sessions.create(a('a3'), 60_000, limits)).toBe('source-full');
      // Another source, and a record without one, are not counted against it.
      expect(await adapter.sessions.create({ id: 'b1', source: 'id:bob' }, 60_000, limits)).toBe(
        'created',
      );
      expect(await adapter.sessions.create({ id: 'n1' }, 60_000, limits)).toBe('created');
      // A session updated (saved without its source) still counts for its source.
      expect(await adapter.sessions.update({ id: 'a1' }, 60_000)).toBe(true);
      expect(await adapter.sessions.create(a('a3'), 60_000, limits)).toBe('source-full');
      await adapter.sessions.delete('a1');
      expect(await adapter.sessions.create(a('a3'), 60_000, limits)).toBe('created');
    });

    it('sessions: an expired session frees its place of its source', async () => {
      const limits = { max: 10, perSource: 2 };
      const of = (id: string) => ({ id, source: 's' });
      expect(await adapter.sessions.create(of('x1'), LIVE, limits)).toBe('created');
      // Created last, 'long' keeps the source's own bookkeeping alive throughout (an adapter may
      // let it expire a while after its newest session): the place is freed by 'x1' expiring.
      expect(await adapter.sessions.create(of('long'), 60_000, limits)).toBe('created');
      expect(await adapter.sessions.create(of('x2'), 60_000, limits)).toBe('source-full');
      await eventually(
        async () => (await adapter.sessions.create(of('x2'), 60_000, limits)) === 'created',
        EXPIRY_BOUND,
        'the expired session never freed its place of its source',
      );
      // The new one holds the place now.
      expect(await adapter.sessions.create(of('x3'), 60_000, limits)).toBe('source-full');
    });

    it('bus: every subscriber of a channel gets each message, in order; unsubscribe stops', async () => {
      const a = collect(adapter, 'chan');
      const b = collect(adapter, 'chan');
      const other = collect(adapter, 'other');
      await a.stop;
      await b.stop;
      await other.stop;
      await adapter.bus.publish('chan', 'one');
      await adapter.bus.publish('chan', 'two');
      await a.arrived(2);
      await b.arrived(2);
      expect(a.messages).toEqual(['one', 'two']);
      expect(b.messages).toEqual(['one', 'two']);
      await (await a.stop)();
      await adapter.bus.publish('chan', 'three');
      await adapter.bus.publish('other', 'four');
      // b, still subscribed to the same channel, is the acknowledgement that 'three' was
      // delivered: a would have had it by then; 'other' got its own message and no other.
      await b.arrived(3);
      await other.arrived(1);
      expect(b.messages).toEqual(['one', 'two', 'three']);
      expect(a.messages).toEqual(['one', 'two']);
      expect(other.messages).toEqual(['four']);
      await (await b.stop)();
      await (await other.stop)();
    });

    it('events: ids name their stream; replay after an id; capped per stream; expire', async () => {
      const first = await adapter.events.append('stream-A', '');
      const second = await adapter.events.append('stream-A', '{"n":2}');
      await adapter.events.append('stream-B', '{"other":true}');
      const third = await adapter.events.append('stream-A', '{"n":3}');
      expect(adapter.events.streamOf(first)).toBe('stream-A');
      expect(adapter.events.streamOf('not an id of ours')).toBeUndefined();
      expect(await adapter.events.after(first)).toEqual([
        { id: second, data: '{"n":2}' },
        { id: third, data: '{"n":3}' },
      ]);
      expect(await adapter.events.after(third)).toEqual([]);
      // The cap keeps the latest 3 events of the stream.
      const fourth = await adapter.events.append('stream-A', '{"n":4}');
      expect((await adapter.events.after(first))!.map((e) => e.data)).toEqual([
        '{"n":2}',
        '{"n":3}',
        '{"n":4}',
      ]);
      expect(await adapter.events.after('nope:1')).toBeUndefined();
      // Reading does not keep a stream alive: it expires eventTtl after its last append.
      await eventually(
        async () => (await adapter.events.after(fourth)) === undefined,
        EXPIRY_BOUND,
        'the event stream never expired',
      );
      expect(await adapter.events.after(first)).toBeUndefined();
    });

    it('definitions: the states recorded', async () => {
      expect(await adapter.definitions.all()).toEqual({});
      await adapter.definitions.set('tool:a', false);
      await adapter.definitions.set('prompt:b', true);
      await adapter.definitions.set('tool:a', true);
      expect(await adapter.definitions.all()).toEqual({ 'tool:a': true, 'prompt:b': true });
    });

    it('records: JSON values by key, add only when absent, delete, expiry', async () => {
      await adapter.records.set('task:1', { status: 'working', n: [1, 2] });
      expect(await adapter.records.get('task:1')).toEqual({ status: 'working', n: [1, 2] });
      expect(await adapter.records.add('task:1', { other: true })).toBe(false);
      expect(await adapter.records.add('task:2', 'two', LIVE)).toBe(true);
      expect(await adapter.records.get('task:2')).toBe('two');
      expect(await adapter.records.delete('task:1')).toBe(true);
      expect(await adapter.records.delete('task:1')).toBe(false);
      expect(await adapter.records.get('task:1')).toBeUndefined();
      await eventually(
        async () => (await adapter.records.get('task:2')) === undefined,
        EXPIRY_BOUND,
        'the record never expired',
      );
      // Expired, its key is free for add again.
      expect(await adapter.records.add('task:2', 'again')).toBe(true);
      expect(await adapter.records.get('task:2')).toBe('again');
    });

    it('records: many values in one read, in order, undefined where none', async () => {
      await adapter.records.set('m:1', { one: 1 });
      await adapter.records.set('m:3', [3]);
      expect(await adapter.records.many(['m:1', 'm:2', 'm:3'])).toEqual([
        { one: 1 },
        undefined,
        [3],
      ]);
      expect(await adapter.records.many([])).toEqual([]);
    });

    it('indexes: bounded adds, newest first, pages after an entry, expiry frees a place', async () => {
      const at = Date.now();
      expect(await adapter.indexes.add('owner:a', { member: 'x', at }, 60_000, 3)).toBe(true);
      expect(await adapter.indexes.add('owner:a', { member: 'y', at: at + 1 }, 60_000, 3)).toBe(
        true,
      );
      expect(await adapter.indexes.add('owner:a', { member: 'w', at }, LIVE, 3)).toBe(true);
      expect(await adapter.indexes.add('owner:a', { member: 'z', at: at + 2 }, 10_000, 3)).toBe(
        false,
      );
      // Another index is not counted with it.
      expect(await adapter.indexes.add('owner:b', { member: 'z', at }, 10_000, 1)).toBe(true);
      expect(await adapter.indexes.count('owner:a')).toBe(3);
      expect(await adapter.indexes.count('owner:none')).toBe(0);
      const all = await adapter.indexes.page('owner:a', 10);
      expect(all).toEqual([
        { member: 'y', at: at + 1 },
        { member: 'w', at },
        { member: 'x', at },
      ]);
      expect(await adapter.indexes.page('owner:a', 2)).toEqual(all.slice(0, 2));
      expect(await adapter.indexes.page('owner:a', 2, all[1])).toEqual([all[2]]);
      expect(await adapter.indexes.page('owner:a', 2, all[2])).toEqual([]);
      // The index is full until 'w' expires; its place is then free (asked before anything else
      // looks at the index).
      await eventually(
        () => adapter.indexes.add('owner:a', { member: 'z', at: at + 2 }, 60_000, 3),
        EXPIRY_BOUND,
        'the expired entry never freed its place',
      );
      expect(await adapter.indexes.count('owner:a')).toBe(3);
      expect((await adapter.indexes.page('owner:a', 10)).map((entry) => entry.member)).toEqual([
        'z',
        'y',
        'x',
      ]);
    });

    it('indexes: concurrent adds never pass the bound', async () => {
      const at = Date.now();
      const added = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          adapter.indexes.add('owner:flood', { member: `m${i}`, at: at + i }, 10_000, 7),
        ),
      );
      expect(added.filter(Boolean)).toHaveLength(7);
      expect(await adapter.indexes.count('owner:flood')).toBe(7);
    });
  });
}
