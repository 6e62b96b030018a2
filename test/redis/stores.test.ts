/**
 * The Redis adapter's bus, event history, enabled/disabled set and records (src/redis/stores.ts)
 * against one real redis-server: the exact keys and values each writes under its prefix, event
 * ids that name their stream, and ids this store did not make.
 */
import { redisAdapter } from '../../src/redis';
import type { RedisConnection } from '../../src/redis/connection';
import { RedisBus } from '../../src/redis/stores';
import { within } from '../helpers/within';
import { redisPerTest } from './redis-server';

const redis = redisPerTest('s', { eventsPerStream: 3, eventTtl: 60_000 });

test('records: JSON under <prefix>record:<key>, PX only with a ttl, NX for add', async () => {
  await redis.adapter.records.set('a', { v: [1, 'x'] });
  expect(await redis.raw.get(`${redis.prefix}record:a`)).toBe('{"v":[1,"x"]}');
  expect(await redis.raw.pttl(`${redis.prefix}record:a`)).toBe(-1);
  await redis.adapter.records.set('b', 7, 60_000);
  expect(await redis.raw.pttl(`${redis.prefix}record:b`)).toBeGreaterThan(50_000);
  await redis.adapter.records.set('c', 7, 0);
  expect(await redis.raw.pttl(`${redis.prefix}record:c`)).toBe(-1);
  expect(await redis.adapter.records.add('a', 'other', 1_000)).toBe(false);
  expect(await redis.raw.get(`${redis.prefix}record:a`)).toBe('{"v":[1,"x"]}');
  expect(await redis.adapter.records.add('d', null, 1_000)).toBe(true);
  expect(await redis.raw.get(`${redis.prefix}record:d`)).toBe('null');
  expect(await redis.adapter.records.many(['d', 'a', 'none'])).toEqual([
    null,
    { v: [1, 'x'] },
    undefined,
  ]);
  expect(await redis.adapter.records.many([])).toEqual([]);
  expect(await redis.adapter.records.delete('a')).toBe(true);
  expect(await redis.adapter.records.delete('a')).toBe(false);
  expect(await redis.adapter.records.get('a')).toBeUndefined();
});

test('definitions: one hash of "1"/"0" under <prefix>definitions', async () => {
  await redis.adapter.definitions.set('tool:a', true);
  await redis.adapter.definitions.set('resource:file:///x', false);
  expect(await redis.raw.hgetall(`${redis.prefix}definitions`)).toEqual({
    'tool:a': '1',
    'resource:file:///x': '0',
  });
  expect(await redis.adapter.definitions.all()).toEqual({
    'tool:a': true,
    'resource:file:///x': false,
  });
});

test('events: a capped, expiring Redis stream; ids name their stream, even one with colons', async () => {
  const ids: string[] = [];
  for (const data of ['e1', 'e2', 'e3', 'e4'])
    ids.push(await redis.adapter.events.append('sess:1', data));
  for (const id of ids) expect(id).toMatch(/^sess:1:\d+-\d+$/);
  expect(await redis.raw.xlen(`${redis.prefix}events:sess:1`)).toBe(3);
  expect(await redis.raw.pttl(`${redis.prefix}events:sess:1`)).toBeGreaterThan(50_000);
  expect(redis.adapter.events.streamOf(ids[0]!)).toBe('sess:1');
  // The first was capped away: after it come the ones kept.
  expect(await redis.adapter.events.after(ids[0]!)).toEqual([
    { id: ids[1], data: 'e2' },
    { id: ids[2], data: 'e3' },
    { id: ids[3], data: 'e4' },
  ]);
  expect(await redis.adapter.events.after(ids[3]!)).toEqual([]);
});

test.each([
  '',
  'x',
  ':1-1',
  'stream',
  'stream:',
  'stream:1',
  'stream:1-',
  'stream:a-1',
  'stream:1-1x',
])('an event id this store did not make (%j) names no stream', async (id) => {
  expect(redis.adapter.events.streamOf(id)).toBeUndefined();
  expect(await redis.adapter.events.after(id)).toBeUndefined();
});

test('events of a stream that expired or never was: undefined', async () => {
  expect(await redis.adapter.events.after('gone:1-0')).toBeUndefined();
});

test('bus: <prefix>bus:<channel> on Redis, one subscription per channel, and a throwing listener is reported', async () => {
  const reported: unknown[] = [];
  const own = redisAdapter({
    url: redis.server.url,
    prefix: redis.prefix,
    onError: (e) => reported.push(e),
  });
  await own.open();
  try {
    const got: string[] = [];
    const first = new Promise<void>((resolve) => {
      void own.bus.subscribe('c', (m) => {
        got.push(`a:${m}`);
        resolve();
      });
    });
    const stopThrow = await own.bus.subscribe('c', () => {
      throw new Error('listener broke');
    });
    expect(await redis.raw.pubsub('NUMSUB', `${redis.prefix}bus:c`)).toEqual([
      `${redis.prefix}bus:c`,
      1,
    ]);
    await redis.raw.publish(`${redis.prefix}bus:c`, 'hello');
    await within(first, 10_000, 'no message from Redis');
    expect(got).toEqual(['a:hello']);
    expect(reported).toEqual([new Error('listener broke')]);
    await stopThrow();
    expect(await redis.raw.pubsub('NUMSUB', `${redis.prefix}bus:c`)).toEqual([
      `${redis.prefix}bus:c`,
      1,
    ]);
  } finally {
    await own.close();
  }
});

/** A link whose SUBSCRIBE acknowledgements the test gives by hand. */
function handLink() {
  const acks: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const sent: string[] = [];
  const link = {
    keys: { channel: (name: string) => `p:bus:${name}` },
    run: <T>(command: () => Promise<T>) => command(),
    report: jest.fn(),
    subscriber: {
      subscribe: (channel: string) => {
        sent.push(`SUBSCRIBE ${channel}`);
        return new Promise<void>((resolve, reject) => acks.push({ resolve, reject }));
      },
      unsubscribe: async (channel: string) => {
        sent.push(`UNSUBSCRIBE ${channel}`);
      },
    },
  };
  return { link: link as unknown as RedisConnection, acks, sent };
}

test('bus: a message read together with the SUBSCRIBE acknowledgement reaches every subscriber, and a second subscriber waits for the same SUBSCRIBE', async () => {
  const { link, acks, sent } = handLink();
  const bus = new RedisBus(link);
  const got: string[] = [];
  const first = bus.subscribe('c', (m) => got.push(`1:${m}`));
  let secondReady = false;
  const second = bus.subscribe('c', (m) => got.push(`2:${m}`));
  void second.then(() => (secondReady = true));
  await new Promise((resolve) => setImmediate(resolve));
  // Not subscribed yet: the second must not claim it is.
  expect(secondReady).toBe(false);
  expect(sent).toEqual(['SUBSCRIBE p:bus:c']);
  // ioredis parses the acknowledgement and a message of one read before any await resumes.
  acks[0]!.resolve();
  bus.dispatch('p:bus:c', 'hello');
  await within(Promise.all([first, second]), 2_000, 'subscribe did not resolve after its ack');
  expect(got).toEqual(['1:hello', '2:hello']);
});

test('bus: a SUBSCRIBE that fails rejects every waiting subscriber and leaves no listener behind', async () => {
  const { link, acks, sent } = handLink();
  const bus = new RedisBus(link);
  const got: string[] = [];
  const first = bus.subscribe('c', (m) => got.push(`1:${m}`));
  const second = bus.subscribe('c', (m) => got.push(`2:${m}`));
  await new Promise((resolve) => setImmediate(resolve));
  acks[0]!.reject(new Error('connection lost'));
  await expect(first).rejects.toThrow('connection lost');
  await expect(second).rejects.toThrow('connection lost');
  bus.dispatch('p:bus:c', 'late');
  expect(got).toEqual([]);
  // The next subscriber asks Redis again.
  const third = bus.subscribe('c', (m) => got.push(`3:${m}`));
  await new Promise((resolve) => setImmediate(resolve));
  expect(sent.filter((line) => line.startsWith('SUBSCRIBE'))).toHaveLength(2);
  acks[1]!.resolve();
  await within(third, 2_000, 'the second SUBSCRIBE did not resolve');
  bus.dispatch('p:bus:c', 'again');
  expect(got).toEqual(['3:again']);
});
