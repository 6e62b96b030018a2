/**
 * The Redis adapter against a real redis-server: the same contract as the in-memory one, plus
 * authentication, start-up errors, and its options.
 */
import { Redis } from 'ioredis';
import { ConfigurationError, SharedStateError } from '../../src/core';
import { redisAdapter } from '../../src/redis';
import { adapterContract, EVENT_TTL } from '../adapter/contract';
import { type RedisServer, startRedis } from './redis-server';

let server: RedisServer;
let secured: RedisServer;
let n = 0;

beforeAll(async () => {
  server = await startRedis();
  secured = await startRedis(['--requirepass', 's3cret']);
});
afterAll(async () => {
  await server.stop();
  await secured.stop();
});

// Each test on its own prefix: no state shared between tests.
adapterContract('redis', async () =>
  redisAdapter({ url: server.url, prefix: `t${++n}:`, eventsPerStream: 3, eventTtl: EVENT_TTL }),
);

describe('redisAdapter', () => {
  it('authenticates with a password in the URL; a wrong one is a clear start-up error', async () => {
    const ok = redisAdapter({ url: `redis://:s3cret@127.0.0.1:${secured.port}` });
    await ok.open();
    await ok.records.set('k', 1);
    expect(await ok.records.get('k')).toBe(1);
    await ok.close();
    const wrong = redisAdapter({
      url: `redis://:nope@127.0.0.1:${secured.port}`,
      connectTimeout: 2000,
    });
    const error = await wrong.open().catch((e: unknown) => e);
    expect(SharedStateError.is(error)).toBe(true);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Cannot reach Redis at redis://127\\.0\\.0\\.1:${secured.port}: .*Check that redis-server runs there`,
      ),
    );
    // The password is never in a message.
    expect((error as Error).message).not.toContain('nope');
    await wrong.close();
  });

  it('an unreachable server is a start-up error within connectTimeout', async () => {
    const adapter = redisAdapter({ url: 'redis://127.0.0.1:1', connectTimeout: 500 });
    await expect(adapter.open()).rejects.toThrow(
      /^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1: /,
    );
    await adapter.close();
  });

  it('takes a client you configured; it stays yours', async () => {
    const client = new Redis(server.url);
    const adapter = redisAdapter({ client, prefix: 'own:' });
    await adapter.open();
    await adapter.records.set('x', { a: 1 });
    expect(await client.get('own:record:x')).toBe('{"a":1}');
    await adapter.close();
    expect(await client.ping()).toBe('PONG');
    await client.quit();
  });

  it('refuses bad options with a message that says what to give', () => {
    expect(() => redisAdapter({})).toThrow(ConfigurationError);
    expect(() => redisAdapter({ url: 'http://x' })).toThrow(
      'redisAdapter: "url" must begin with redis:// or rediss:// (got "http://x").',
    );
    expect(() => redisAdapter({ url: server.url, commandTimeout: 0 })).toThrow(
      'redisAdapter: "commandTimeout" must be a number of milliseconds above 0 (got 0).',
    );
  });

  it('an idle session record stays under 1 KiB of Redis memory', async () => {
    const adapter = redisAdapter({ url: server.url, prefix: 'mem:' });
    await adapter.open();
    await adapter.sessions.create(
      {
        id: 'x'.repeat(32),
        revision: '2025-11-25',
        clientCapabilities: { elicitation: {}, sampling: {}, roots: { listChanged: true } },
        clientInfo: { name: 'claude-code', version: '2.1.0' },
      },
      30 * 60_000,
      { max: 10_000, perSource: 0 },
    );
    const client = new Redis(server.url);
    const bytes = (await client.call('MEMORY', 'USAGE', `mem:session:${'x'.repeat(32)}`)) as number;
    expect(bytes).toBeLessThanOrEqual(1024);
    await client.quit();
    await adapter.close();
  });
});
