/**
 * What every StateAdapter does, as one suite run against each implementation. The factory must
 * give an adapter with `eventsPerStream: 3` and `eventTtl: 200` ms.
 */
import type { StateAdapter } from '../../src/adapter';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the next `count` messages of a channel (bounded: rejects after 2 s). */
function collect(adapter: StateAdapter, channel: string, count: number) {
  const messages: string[] = [];
  let done!: () => void;
  const arrived = new Promise<void>((resolve) => {
    done = resolve;
  });
  const stop = adapter.bus.subscribe(channel, (message) => {
    messages.push(message);
    if (messages.length === count) done();
  });
  const within = async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`only ${messages.length} of ${count} messages on ${channel}`)),
        2000,
      );
    });
    try {
      await Promise.race([arrived, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return { messages, stop, within };
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

    it('sessions expire after their ttl unless touched', async () => {
      const ten = { max: 10, perSource: 0 };
      await adapter.sessions.create({ id: 'short' }, 600, ten);
      await adapter.sessions.create({ id: 'kept' }, 600, ten);
      await sleep(50);
      await adapter.sessions.touch('kept', 5000);
      await sleep(800);
      expect(await adapter.sessions.get('short')).toBeUndefined();
      expect(await adapter.sessions.get('kept')).toEqual({ id: 'kept' });
      expect(await adapter.sessions.count()).toBe(1);
      // A full table frees expired places for a new session.
      expect(await adapter.sessions.create({ id: 'next' }, 600, { max: 2, perSource: 0 })).toBe(
        'created',
      );
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
      const limits = { max: 10, perSource: 1 };
      expect(await adapter.sessions.create({ id: 'x1', source: 's' }, 50, limits)).toBe('created');
      expect(await adapter.sessions.create({ id: 'x2', source: 's' }, 50, limits)).toBe(
        'source-full',
      );
      await sleep(80);
      expect(await adapter.sessions.create({ id: 'x2', source: 's' }, 50, limits)).toBe('created');
    });

    it('bus: every subscriber of a channel gets each message, in order; unsubscribe stops', async () => {
      const a = collect(adapter, 'chan', 2);
      const b = collect(adapter, 'chan', 2);
      const other = collect(adapter, 'other', 1);
      await a.stop;
      await b.stop;
      await other.stop;
      await adapter.bus.publish('chan', 'one');
      await adapter.bus.publish('chan', 'two');
      await a.within();
      await b.within();
      expect(a.messages).toEqual(['one', 'two']);
      expect(b.messages).toEqual(['one', 'two']);
      expect(other.messages).toEqual([]);
      await (await a.stop)();
      await adapter.bus.publish('chan', 'three');
      await sleep(50);
      expect(a.messages).toEqual(['one', 'two']);
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
      await sleep(300);
      expect(await adapter.events.after(fourth)).toBeUndefined();
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
      expect(await adapter.records.add('task:2', 'two', 100)).toBe(true);
      expect(await adapter.records.get('task:2')).toBe('two');
      expect(await adapter.records.delete('task:1')).toBe(true);
      expect(await adapter.records.delete('task:1')).toBe(false);
      expect(await adapter.records.get('task:1')).toBeUndefined();
      await sleep(150);
      expect(await adapter.records.get('task:2')).toBeUndefined();
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
      expect(await adapter.indexes.add('owner:a', { member: 'x', at }, 10_000, 3)).toBe(true);
      expect(await adapter.indexes.add('owner:a', { member: 'y', at: at + 1 }, 10_000, 3)).toBe(
        true,
      );
      expect(await adapter.indexes.add('owner:a', { member: 'w', at }, 100, 3)).toBe(true);
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
      await sleep(150);
      expect(await adapter.indexes.count('owner:a')).toBe(2);
      expect(await adapter.indexes.add('owner:a', { member: 'z', at: at + 2 }, 10_000, 3)).toBe(
        true,
      );
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
