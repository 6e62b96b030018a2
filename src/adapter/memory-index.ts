import type { IndexEntry, IndexStore } from './adapter';
import { expiry } from './expiring';
import { entryOf, orderKey } from './index-order';

/** Per-owner indexes in memory: for each index, its members' order keys and their expiry. */
export class MemoryIndexes implements IndexStore {
  private readonly indexes = new Map<string, Map<string, number>>();

  async add(index: string, entry: IndexEntry, ttl: number, max: number): Promise<boolean> {
    let members = this.live(index, Date.now());
    if (members === undefined) {
      members = new Map();
      this.indexes.set(index, members);
    }
    // One process: the count and the add happen in one turn, nothing runs between them.
    if (members.size >= max) return false;
    members.set(orderKey(entry), expiry(ttl));
    return true;
  }

  async count(index: string): Promise<number> {
    return this.live(index, Date.now())?.size ?? 0;
  }

  async page(index: string, size: number, after?: IndexEntry): Promise<IndexEntry[]> {
    const members = this.live(index, Date.now());
    if (members === undefined) return [];
    const from = after === undefined ? undefined : orderKey(after);
    // An index holds at most its `max` members (maxTasks): sorting them is cheap.
    return [...members.keys()]
      .filter((key) => from === undefined || key > from)
      .sort()
      .slice(0, size)
      .map(entryOf);
  }

  /** The live members of `index`, its expired ones dropped (and an empty index with them). */
  private live(index: string, now: number): Map<string, number> | undefined {
    const members = this.indexes.get(index);
    if (members === undefined) return undefined;
    for (const [key, expiresAt] of members) {
      if (expiresAt !== 0 && expiresAt <= now) members.delete(key);
    }
    if (members.size === 0) {
      this.indexes.delete(index);
      return undefined;
    }
    return members;
  }

  /** Drops every expired member, and every index left empty. */
  sweep(now: number): void {
    for (const index of [...this.indexes.keys()]) this.live(index, now);
  }
}
