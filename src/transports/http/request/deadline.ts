import { unref } from '../../../core';

/**
 * A POST's deadline (`postTimeout`) as the body reader and the call see it: whether it passed,
 * and the one listener told when it does. A plain flag and callback, not an `AbortController`:
 * one of those per request cost more than the rest of the transport's own work per POST (see
 * bench/README.md). It is also its own node in the endpoint's {@link DeadlineQueue}.
 */
export class Deadline {
  /** When it passes, on the `performance.now()` clock (set by the queue). */
  at = 0;
  /** @internal Neighbours in the queue (`undefined` at the ends and once out of it). */
  prev: Deadline | undefined;
  /** @internal */
  next: Deadline | undefined;
  /** @internal Whether it is in a queue. */
  queued = false;
  private passed = false;
  private listener: (() => void) | undefined;

  /** Whether the deadline has passed. */
  get expired(): boolean {
    return this.passed;
  }

  /** Tells `listener` (once) when the deadline passes, instead of the listener before. */
  listen(listener: () => void): void {
    this.listener = listener;
  }

  /** Stops telling `listener` (if it is still the one listening). */
  unlisten(listener: () => void): void {
    if (this.listener === listener) this.listener = undefined;
  }

  /** @internal Forgets the listener (the deadline left its queue: it can no longer pass). */
  clear(): void {
    this.listener = undefined;
  }

  /** The deadline passed: tell the listener. */
  expire(): void {
    if (this.passed) return;
    this.passed = true;
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  }
}

/**
 * The deadlines of the POSTs in flight, sharing one timer. Every POST gets the same
 * `postTimeout`, so arrival order is deadline order: the queue is a linked list in that order,
 * and one unref'd timer is armed for its head. A POST that ends unlinks itself (O(1)); when the
 * timer fires for a POST already gone, it re-arms for the head of the moment. Under load that is
 * one timer event per `postTimeout` instead of a `setTimeout` and a `clearTimeout` per POST
 * (which showed in the profile: a Timeout object, a closure, and the timer list's insert and
 * unlink, and the list itself created and dropped whenever it emptied).
 *
 * The timer is unref'd: it never keeps a process alive on its own (a POST's socket does).
 */
export class DeadlineQueue {
  private head: Deadline | undefined;
  private tail: Deadline | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly fire = (): void => this.expireDue();
  // Node defines the global `performance` as an accessor: read once here, not per deadline (each
  // read is a global accessor call, ~150 instructions per POST; callgrind, bench row 3).
  private readonly clock: { now(): number } = performance;

  /** `timeout` is `postTimeout` in ms (0: never; then nothing is queued). */
  constructor(private readonly timeout: number) {}

  /** A new deadline, `timeout` ms from now (one that never passes when `timeout` is 0). */
  start(): Deadline {
    const deadline = new Deadline();
    if (this.timeout <= 0) return deadline;
    deadline.at = this.clock.now() + this.timeout;
    deadline.queued = true;
    deadline.prev = this.tail;
    if (this.tail === undefined) this.head = deadline;
    else this.tail.next = deadline;
    this.tail = deadline;
    // An armed timer fires no later than the head's deadline, and so before this later one.
    if (this.timer === undefined) this.arm(this.timeout);
    return deadline;
  }

  /** The POST is over: its deadline no longer matters. */
  stop(deadline: Deadline): void {
    // Its listener holds the whole POST (exchange, peer, call). The request's own listeners keep
    // the deadline after the POST is over, and an old-generation deadline would keep a young POST
    // alive through the next scavenges: half the bytes a stateless POST promoted (bench row 3).
    deadline.clear();
    this.unlink(deadline);
  }

  private unlink(deadline: Deadline): void {
    if (!deadline.queued) return;
    deadline.queued = false;
    const { prev, next } = deadline;
    if (prev === undefined) this.head = next;
    else prev.next = next;
    if (next === undefined) this.tail = prev;
    else next.prev = prev;
    deadline.prev = undefined;
    deadline.next = undefined;
  }

  /** Stops the timer (shutdown); the deadlines left in the queue never pass. */
  close(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(delay: number): void {
    // Rounded up: the timer must not fire before the head's deadline (it would only re-arm).
    this.timer = setTimeout(this.fire, Math.max(1, Math.ceil(delay)));
    unref(this.timer);
  }

  private expireDue(): void {
    this.timer = undefined;
    const now = this.clock.now();
    let head = this.head;
    while (head !== undefined && head.at <= now) {
      this.unlink(head);
      head.expire();
      head = this.head;
    }
    // (A listener that started a deadline meanwhile armed a timer for it: the head's comes first.)
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (head !== undefined) this.arm(head.at - now);
  }
}
