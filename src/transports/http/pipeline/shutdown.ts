import type { ResolvedOptions } from '../options';
import { type DeadlineQueue, Refusal } from '../request';
import type { SessionMode } from '../session';
import type { PendingPosts } from './pending-posts';

const SHUT_DOWN = new Refusal(
  503,
  'Service Unavailable: the server shut down before the call finished',
);

/** What ending the work in flight uses of the HTTP endpoint. */
export interface ShutdownHost {
  readonly options: Pick<ResolvedOptions<unknown>, 'shutdownTimeout'>;
  /** Session mode, when the endpoint keeps sessions. */
  readonly sessions: SessionMode | undefined;
  /** The POSTs being answered. */
  readonly posts: PendingPosts;
  /** Whether the shared state outlives this process (a shared adapter, such as Redis). */
  readonly adapter: { readonly shared: boolean };
  /** The `postTimeout` and `bodyTimeout` deadlines, whose timers stop. */
  readonly deadlines: DeadlineQueue;
  readonly bodyDeadlines: DeadlineQueue;
}

/**
 * Ends what is in flight as the endpoint closes: the streams end, the POSTs in flight may finish
 * for up to `shutdownTimeout` ms and what remains is aborted (`503`), then every session ends and
 * the deadline timers stop. Synchronous (undefined) when no POST is in flight.
 */
export function endInFlight(host: ShutdownHost): Promise<void> | undefined {
  const { sessions, posts } = host;
  if (sessions !== undefined) for (const entry of sessions.store.values()) entry.stream?.end();
  const closed = new Error('The server shut down.');
  for (const post of posts.all()) {
    if (post.listening) post.peer.close(closed);
  }
  if (posts.size > 0) return finishPosts(host);
  endSessions(host);
  return undefined;
}

/** Lets the POSTs in flight finish for up to `shutdownTimeout` ms, aborts what remains, ends the rest. */
async function finishPosts(host: ShutdownHost): Promise<void> {
  const posts = host.posts;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A POST already answered (timed out, cancelled, its session ended) is not waited for,
  // whatever its call does later: close() returns once nothing is really pending.
  const waited = posts.settled().then(() => true);
  const expired = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), host.options.shutdownTimeout);
  });
  const finished = await Promise.race([waited, expired]);
  clearTimeout(timer);
  if (!finished) {
    const reason = new Error('The server shut down before the call finished.');
    for (const post of posts.all()) {
      post.peer.close(reason);
      post.exchange.refuse(SHUT_DOWN);
    }
  }
  endSessions(host);
}

/** Every session ends (its record too, unless the shared state outlives this process); the deadline timers stop. */
function endSessions({ sessions, adapter, deadlines, bodyDeadlines }: ShutdownHost): void {
  if (sessions !== undefined) {
    if (!adapter.shared) {
      // Shared records outlive this process (another one, or this one restarted, takes over).
      for (const entry of sessions.store.values()) sessions.records.forget(entry.id);
    }
    sessions.store.clear('The server shut down.');
  }
  deadlines.close();
  bodyDeadlines.close();
}
