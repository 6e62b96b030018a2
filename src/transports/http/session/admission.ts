import { MAX_CLIENT_STATE_CHARS, type StateBudget } from '../../../core';
import { Refusal } from '../request';
import type { SessionMode } from './mode';
import type { SessionEntry } from './store';

/** What admission needs of the endpoint (the HTTP endpoint, seen through only this). */
export interface AdmissionHost {
  /** The budget of the client state every session keeps. */
  readonly stateBudget: StateBudget | undefined;
  readonly options: { readonly maxSessionsPerIdentity: number };
  /** The owner key of an identity; undefined without authentication. */
  ownerOf(identity: unknown): string | undefined;
}

/** How many sessions one `initialize` may evict before it is refused (each frees a place). */
const MAX_EVICTIONS = 4;

/** Why a new session was refused: the answers that say so. */
const REFUSALS = {
  full: new Refusal(
    503,
    'Service Unavailable: the server holds as many sessions as it may (maxSessions), all in use; try again later',
    undefined,
    { 'Retry-After': '10' },
  ),
  state: new Refusal(
    503,
    'Service Unavailable: the server keeps as much session state as it may (maxSessionStateBytes); try again later',
    undefined,
    { 'Retry-After': '10' },
  ),
  'source-full': new Refusal(
    429,
    'Too Many Requests: this client holds as many sessions as it may (maxSessionsPerIdentity); end the ones it no longer uses with DELETE, or reuse one',
  ),
} as const;

/**
 * The address a client is counted by: IPv4 as is (also when mapped into IPv6), IPv6 by its /64
 * prefix (one host gets a whole /64 and may use any address in it).
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7);
  // A socket's address is well formed: a colon makes it IPv6.
  if (!address.includes(':')) return address;
  const [head, tail = ''] = address.split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Who opens a session, as `maxSessionsPerIdentity` counts; undefined when nobody is counted. */
export function sourceOf(
  endpoint: AdmissionHost,
  remoteAddress: string | undefined,
  identity: unknown,
): string | undefined {
  if (endpoint.options.maxSessionsPerIdentity === 0) return undefined;
  const owner = endpoint.ownerOf(identity);
  return owner !== undefined ? `id:${owner}` : `ip:${addressKey(remoteAddress)}`;
}

/**
 * Opens a session for an `initialize` within `maxSessions`, `maxSessionsPerIdentity` and
 * `maxSessionStateBytes`: where one is reached, the least recently active session never used
 * after its `initialize` is evicted to make room (the client's own, for its own limit), so a
 * flood of unused sessions cannot lock real clients out. The refusal when nothing can go.
 */
export async function openSession(
  endpoint: AdmissionHost,
  { store, records }: SessionMode,
  remoteAddress: string | undefined,
  identity: unknown,
): Promise<SessionEntry | Refusal> {
  const budget = endpoint.stateBudget;
  const source = sourceOf(endpoint, remoteAddress, identity);
  for (let evicted = 0; ; evicted += 1) {
    let why: keyof typeof REFUSALS;
    if (store.full()) why = 'full';
    // Room for the most an initialize keeps; what it really keeps is charged after.
    else if (budget !== undefined && !budget.fits(MAX_CLIENT_STATE_CHARS)) why = 'state';
    else {
      const entry = store.open(identity, endpoint.ownerOf(identity), source);
      let created: string;
      try {
        created = await records.create(entry);
      } catch (error) {
        store.end(entry, 'The shared state cannot be reached.');
        // Answered 503, yet the create may still run once a paused store resumes: the delete,
        // sent after it on the same connection, runs after it, so no session nobody holds is left.
        records.discard(entry.id);
        throw error;
      }
      if (created === 'created') return entry;
      store.end(entry, 'The session was refused.');
      why = created === 'source-full' ? 'source-full' : 'full';
    }
    const victim =
      evicted < MAX_EVICTIONS
        ? store.evictable(why === 'source-full' ? source : undefined)
        : undefined;
    if (victim === undefined) return REFUSALS[why];
    store.end(
      victim,
      'The session was evicted: it was never used, and a new one needed its place.',
    );
    await records.delete(victim.id);
  }
}
