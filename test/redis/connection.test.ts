import type { Redis } from 'ioredis';
import { ConfigurationError, SharedStateError } from '../../src/core';
import { failure, milliseconds, describe as where } from '../../src/redis/connection';

describe('redis connection helpers', () => {
  it('milliseconds: the fallback when absent, a positive number as is, else a clear refusal', () => {
    expect(milliseconds('connectTimeout', undefined, 5)).toBe(5);
    expect(milliseconds('connectTimeout', 0.5, 5)).toBe(0.5);
    for (const bad of [0, -1, Number.POSITIVE_INFINITY, '10']) {
      expect(() => milliseconds('commandTimeout', bad, 5)).toThrow(ConfigurationError);
    }
    expect(() => milliseconds('commandTimeout', 0, 5)).toThrow(
      'redisAdapter: "commandTimeout" must be a number of milliseconds above 0 (got 0).',
    );
  });

  it('describe: where a URL points, without its password', () => {
    expect(where('redis://:s3cret@db.example:6380/2', undefined)).toBe('redis://db.example:6380/2');
    expect(where('rediss://user:pw@host', undefined)).toBe('rediss://host');
    expect(where('redis://[bad', undefined)).toBe('the given URL');
    const client = { options: { host: 'cache', port: 7000 } } as unknown as Redis;
    expect(where(undefined, client)).toBe('cache:7000');
    expect(where(undefined, { options: {} } as unknown as Redis)).toBe('127.0.0.1:6379');
    expect(where(undefined, undefined)).toBe('Redis');
  });

  it('failure: a SharedStateError naming the server, the original kept as cause', () => {
    const cause = new Error('ECONNREFUSED');
    const error = failure('redis://h:1', cause);
    expect(error).toBeInstanceOf(SharedStateError);
    expect(error.message).toBe('Redis at redis://h:1: ECONNREFUSED');
    expect(error.cause).toBe(cause);
    expect(failure('x', error)).toBe(error);
    expect(failure('x', 'text').message).toBe('Redis at x: text');
  });
});
