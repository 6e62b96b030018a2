import type { SessionCreation, SessionLimits, SessionRecord, SessionTable } from './adapter';
import { copy, type Expiring, expiry } from './expiring';

/** The sessions of one process, counted per source for `maxSessionsPerIdentity`. */
export class MemorySessions implements SessionTable {
  private readonly map = new Map<string, Expiring<SessionRecord>>();
  /** How many live records each source has. */
  private readonly sources = new Map<string, number>();

  async create(
    record: SessionRecord,
    ttl: number,
    limits: SessionLimits,
  ): Promise<SessionCreation> {
    if (this.refusal(record, limits) !== undefined) {
      // Expired records count until swept: sweep, then ask again.
      this.sweep(Date.now());
      const refusal = this.refusal(record, limits);
      if (refusal !== undefined) return refusal;
    }
    this.drop(record.id);
    this.map.set(record.id, { value: copy(record), expiresAt: expiry(ttl) });
    if (record.source !== undefined) {
      this.sources.set(record.source, (this.sources.get(record.source) ?? 0) + 1);
    }
    return 'created';
  }

  private refusal(record: SessionRecord, limits: SessionLimits): SessionCreation | undefined {
    if (this.map.size >= limits.max) return 'full';
    const source = record.source;
    if (limits.perSource > 0 && source !== undefined) {
      if ((this.sources.get(source) ?? 0) >= limits.perSource) return 'source-full';
    }
    return undefined;
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    return copy(this.live(id)?.value);
  }

  async update(record: SessionRecord, ttl: number): Promise<boolean> {
    const item = this.live(record.id);
    if (item === undefined) return false;
    // The source counted is the creator's, whatever an update says.
    const value = copy(record);
    if (item.value.source !== undefined) value.source = item.value.source;
    else delete value.source;
    this.map.set(record.id, { value, expiresAt: expiry(ttl) });
    return true;
  }

  async touch(id: string, ttl: number): Promise<boolean> {
    const item = this.live(id);
    if (item === undefined) return false;
    item.expiresAt = expiry(ttl);
    return true;
  }

  async delete(id: string): Promise<boolean> {
    return this.drop(id);
  }

  async count(): Promise<number> {
    this.sweep(Date.now());
    return this.map.size;
  }

  private live(id: string): Expiring<SessionRecord> | undefined {
    const item = this.map.get(id);
    if (item === undefined) return undefined;
    if (item.expiresAt !== 0 && item.expiresAt <= Date.now()) {
      this.drop(id);
      return undefined;
    }
    return item;
  }

  /** Drops every expired record. */
  sweep(now: number): void {
    for (const [id, item] of this.map) {
      if (item.expiresAt !== 0 && item.expiresAt <= now) this.drop(id);
    }
  }

  private drop(id: string): boolean {
    const item = this.map.get(id);
    if (item === undefined) return false;
    this.map.delete(id);
    const source = item.value.source;
    if (source !== undefined) {
      const left = (this.sources.get(source) ?? 1) - 1;
      if (left > 0) this.sources.set(source, left);
      else this.sources.delete(source);
    }
    return true;
  }
}
