/**
 * Entries with an expiry, as the in-memory adapter keeps them: dropped when looked up after it,
 * and by a periodic sweep otherwise.
 */

/** `{ value, expiresAt }` with `expiresAt = 0` for never. */
export interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/** The expiry of an entry stored now for `ttl` ms (absent or not above 0: never). */
export function expiry(ttl: number | undefined): number {
  return ttl === undefined || ttl <= 0 ? 0 : Date.now() + ttl;
}

/** The entry under `key` unless it has expired (an expired one is dropped). */
export function live<T>(map: Map<string, Expiring<T>>, key: string): Expiring<T> | undefined {
  const item = map.get(key);
  if (item === undefined) return undefined;
  if (item.expiresAt !== 0 && item.expiresAt <= Date.now()) {
    map.delete(key);
    return undefined;
  }
  return item;
}

/** Drops every entry expired at `now`. */
export function sweep<T>(map: Map<string, Expiring<T>>, now: number): void {
  for (const [key, item] of map) if (item.expiresAt !== 0 && item.expiresAt <= now) map.delete(key);
}

/** A copy, as a store outside the process would give back (and so no caller shares an object). */
export function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
