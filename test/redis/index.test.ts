/** `declarative-mcp/redis` (src/redis/index.ts): exactly these runtime exports, and the defaults. */
import * as redis from 'declarative-mcp/redis';
import { REDIS_DEFAULTS, redisAdapter } from '../../src/redis/redis-adapter';
import { expectFace } from '../helpers/face';

test('the entry exports exactly redisAdapter and REDIS_DEFAULTS, the defining module’s', () => {
  expectFace(redis, { REDIS_DEFAULTS, redisAdapter });
});

test('the defaults, frozen', () => {
  expect(redis.REDIS_DEFAULTS).toEqual({
    prefix: 'mcp:',
    connectTimeout: 5_000,
    commandTimeout: 2_000,
  });
  expect(Object.isFrozen(redis.REDIS_DEFAULTS)).toBe(true);
});
