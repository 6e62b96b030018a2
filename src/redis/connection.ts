import type { Redis } from 'ioredis';
import { ConfigurationError, SharedStateError } from '../core';
import type { RedisKeys } from './keys';

/**
 * What the adapter's parts (sessions, bus, events, records) share: the connections, the key names,
 * and one way to run a command and to report trouble.
 */
export interface RedisConnection {
  readonly keys: RedisKeys;
  /** The command connection. */
  readonly redis: Redis;
  /** The subscriber connection (pub/sub only). */
  readonly subscriber: Redis;
  /** Runs a command, its failure a {@link SharedStateError}. */
  run<T>(command: () => Promise<T>): Promise<T>;
  /** Tells the adapter's `onError` (a throwing listener changes nothing). */
  report(error: Error): void;
}

/** The ioredis module, loaded on first use: an optional peer dependency. */
export function loadIoredis(): typeof import('ioredis') {
  try {
    return require('ioredis') as typeof import('ioredis');
  } catch {
    throw new ConfigurationError(
      'declarative-mcp/redis needs the "ioredis" package (an optional peer dependency). Install it: npm install ioredis',
    );
  }
}

/** A duration option: `fallback` when absent, else a number of ms above 0. */
export function milliseconds(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(
      `redisAdapter: "${name}" must be a number of milliseconds above 0 (got ${String(value)}).`,
    );
  }
  return value;
}

/** Where a URL or client points, for messages (its password left out). */
export function describe(url: string | undefined, client: Redis | undefined): string {
  if (url !== undefined) {
    try {
      const parsed = new URL(url);
      return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
    } catch {
      return 'the given URL';
    }
  }
  const options = client?.options;
  return options ? `${options.host ?? '127.0.0.1'}:${options.port ?? 6379}` : 'Redis';
}

/** A command's failure as a {@link SharedStateError} naming the server. */
export function failure(
  where: string,
  error: unknown,
  probe?: () => Promise<unknown>,
): SharedStateError {
  if (SharedStateError.is(error)) return error;
  const why = error instanceof Error ? error.message : String(error);
  return new SharedStateError(`Redis at ${where}: ${why}`, { cause: error, store: 'redis', probe });
}

/** Connects an ioredis client (unless it is connected or connecting) and waits until it is ready. */
export function ready(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onReady = (): void => {
      client.off('error', onError);
      resolve();
    };
    const onError = (error: Error): void => {
      client.off('ready', onReady);
      reject(error);
    };
    client.once('ready', onReady);
    client.once('error', onError);
    if (client.status === 'wait') client.connect().catch(() => {});
  });
}
