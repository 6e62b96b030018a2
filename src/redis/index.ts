/**
 * `declarative-mcp/redis`: the state adapter on Redis, so several processes serve one MCP
 * application with shared sessions, streams and notifications. Needs the `ioredis` package.
 */
export type { EventOptions } from '../adapter';
export { REDIS_DEFAULTS, type RedisAdapterOptions, redisAdapter } from './redis-adapter';
