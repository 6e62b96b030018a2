import type { JsonRpcId, Outcome, Peer } from '../../../core';
import type { SessionEntry } from '../session';
import type { Exchange } from '../stream';

/** What a pending POST's `over` resolves to when the exchange was answered before the core: no core answer. */
export const ANSWERED_ELSEWHERE: unique symbol = Symbol('declarative-mcp.answered-elsewhere');

/**
 * A POST being answered. Its answer never waits on user code past the POST's deadline, its
 * cancellation or its session's end: whichever comes first answers the exchange, and
 * {@link over} resolves then, so the POST's cleanup runs at once whatever the method does later.
 */
export class PendingPost {
  /** The core's outcome, or {@link ANSWERED_ELSEWHERE} when the exchange was answered first. */
  readonly over: Promise<Outcome | typeof ANSWERED_ELSEWHERE>;
  /** Ids of the requests still owed an answer, once one was cancelled (until then: all of `ids`). */
  private owed: JsonRpcId[] | undefined;
  /** A `subscriptions/listen` stream (MCP 2026-07-28): ended at once on shutdown, not waited for. */
  listening = false;

  constructor(
    readonly exchange: Exchange,
    readonly peer: Peer,
    /** The session the POST belongs to (undefined in stateless mode). */
    readonly entry: SessionEntry | undefined,
    /** The ids of the requests (not notifications, not responses) of the POST. */
    readonly ids: readonly JsonRpcId[],
    /** Whether the POST held a batch (its answer is an array). */
    readonly batch: boolean,
    running: Promise<Outcome>,
  ) {
    this.over = new Promise((resolve) => {
      exchange.onSettle = () => resolve(ANSWERED_ELSEWHERE);
      running.then(resolve);
    });
  }

  /**
   * Answers every request of the POST with one JSON-RPC error, at once (a deadline, a session
   * that ended); the calls may go on, their answers are dropped.
   */
  fail(code: number, message: string): void {
    if (this.exchange.done) return;
    const error = `"error":{"code":${code},"message":${JSON.stringify(message)}}}`;
    const errors = this.ids.map((id) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},${error}`);
    this.exchange.answer(
      errors.length === 0 ? null : this.batch ? `[${errors.join(',')}]` : errors[0]!,
    );
  }

  /**
   * The client cancelled request `id` (MCP: the receiver owes no answer to a cancelled request):
   * once nothing else of the POST is owed, its answer ends at once, without waiting on the call.
   * Whether `id` was one of this POST's requests.
   */
  cancelled(id: JsonRpcId): boolean {
    const owed = this.owed ?? this.ids;
    const index = owed.indexOf(id);
    if (index === -1) return false;
    // Copied at the first cancellation: most POSTs have none.
    this.owed = owed.filter((_, at) => at !== index);
    if (this.owed.length === 0) this.exchange.answer(null);
    return true;
  }
}

/**
 * The POSTs being answered by one endpoint (the in-flight tracking of the HTTP transport):
 * what `close()` waits for, what a session's end answers, and where a cancellation finds its
 * POST. A plain list: few are pending at any moment, and the session-scoped look-ups (a
 * cancellation, a session's end) only run for a session with calls pending.
 */
export class PendingPosts {
  // Most of the time one POST is pending: it sits in `first`, and no Set is made or churned per
  // POST. The others go to `more`, dropped once it empties (a long-lived Set's add/delete churn
  // rehashes its table in the old generation, see Peer's in-flight requests). `first` is only
  // taken while `more` is empty, so `first` then `more` is the order the POSTs came in.
  private first: PendingPost | undefined;
  private more: Set<PendingPost> | undefined;

  /** How many POSTs are being answered. */
  get size(): number {
    return (this.first === undefined ? 0 : 1) + (this.more?.size ?? 0);
  }

  add(post: PendingPost): void {
    if (this.first === undefined && this.more === undefined) this.first = post;
    else if (this.more === undefined) this.more = new Set([post]);
    else this.more.add(post);
  }

  /** The POST is answered: forget it. */
  remove(post: PendingPost): void {
    if (this.first === post) {
      this.first = undefined;
      return;
    }
    const more = this.more;
    if (more === undefined) return;
    if (more.size === 1 && more.has(post)) this.more = undefined;
    else more.delete(post);
  }

  /** Every pending POST, in the order they came (a copy: answering one removes it). */
  all(): PendingPost[] {
    const all = this.more === undefined ? [] : [...this.more];
    if (this.first !== undefined) all.unshift(this.first);
    return all;
  }

  /** The pending POSTs of one session. */
  of(entry: SessionEntry): PendingPost[] {
    if (entry.active === 0) return [];
    return this.all().filter((post) => post.entry === entry);
  }

  /** Resolves when every POST pending now is answered (never rejects). */
  settled(): Promise<void> {
    return Promise.all(this.all().map((post) => post.over)).then(() => undefined);
  }
}
