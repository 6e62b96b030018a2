import type { IndexEntry } from './adapter';

/** The latest time an index orders by (ms since the epoch): 16 digits. */
const LAST = Number.MAX_SAFE_INTEGER;

/**
 * An index entry as one string whose ascending order is the index's order (newest first, then by
 * member): the time counted down from {@link LAST} in 16 digits, a colon, the member. Both
 * adapters order by it, so they list alike (Redis keeps it in a lexicographic sorted set).
 */
export function orderKey(entry: IndexEntry): string {
  return `${String(LAST - entry.at).padStart(16, '0')}:${entry.member}`;
}

/** The entry an {@link orderKey} stands for. */
export function entryOf(key: string): IndexEntry {
  return { at: LAST - Number(key.slice(0, 16)), member: key.slice(17) };
}
