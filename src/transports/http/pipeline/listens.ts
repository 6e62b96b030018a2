import { ErrorCode } from '../../../core';
import { Refusal } from '../request';
import { addressKey } from '../session';

/** Why a `subscriptions/listen` was refused: the answers that say so. */
const FULL = new Refusal(
  503,
  'Service Unavailable: the server holds as many subscriptions/listen streams as it may (maxListens); try again later',
  ErrorCode.SERVER_BUSY,
  { 'Retry-After': '10' },
);
const CLIENT_FULL = new Refusal(
  429,
  'Too Many Requests: this client holds as many subscriptions/listen streams as it may (maxListensPerIdentity); close the ones it no longer reads, or name more notifications in one listen',
);

/**
 * The MCP 2026-07-28 `subscriptions/listen` streams this process holds open, counted in all
 * (`maxListens`) and per client (`maxListensPerIdentity`: its identity key, else its address).
 * A listen lasts until its client closes it, so without a bound one client could hold any
 * number of connections and streams. Only a listen POST is counted: no other request pays.
 */
export class Listens {
  private total = 0;
  private readonly perClient = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly maxPerClient: number,
  ) {}

  /** How many are held, in all (for tests and diagnostics). */
  get size(): number {
    return this.total;
  }

  /**
   * Takes a place for a new listen of the client `owner` (its identity key; undefined when
   * anonymous, then its address counts): the key to give back to {@link close}, or the refusal.
   */
  open(owner: string | undefined, remoteAddress: string | undefined): string | Refusal {
    if (this.max > 0 && this.total >= this.max) return FULL;
    const client = owner !== undefined ? `id:${owner}` : `ip:${addressKey(remoteAddress)}`;
    const held = this.perClient.get(client) ?? 0;
    if (this.maxPerClient > 0 && held >= this.maxPerClient) return CLIENT_FULL;
    this.perClient.set(client, held + 1);
    this.total += 1;
    return client;
  }

  /** Gives back the place {@link open} took (the stream closed, whichever side closed it). */
  close(client: string): void {
    const held = this.perClient.get(client);
    if (held === undefined) return;
    if (held <= 1) this.perClient.delete(client);
    else this.perClient.set(client, held - 1);
    this.total -= 1;
  }
}
