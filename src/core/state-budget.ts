/**
 * A budget of bytes shared by many {@link Peer}s: what a server keeps for its clients between
 * requests (what each kept of its `initialize`, the URIs it subscribed to). An HTTP server hands
 * one to every session's peer, so the sum of their state has a bound however many sessions there
 * are (`maxSessionStateBytes`).
 *
 * @example
 * const budget = new StateBudget(64 * 1024 * 1024);
 * const peer = new Peer({ budget });
 */
export class StateBudget {
  private spent = 0;
  /** The most bytes the peers sharing this budget may keep together. */
  readonly max: number;

  /** @param max The most bytes the peers sharing this budget may keep together. */
  constructor(max: number) {
    this.max = max;
  }

  /** The bytes kept now. */
  get used(): number {
    return this.spent;
  }

  /** Whether `bytes` more fit. */
  fits(bytes: number): boolean {
    return this.spent + bytes <= this.max;
  }

  /** Takes `bytes` if they fit (or always, with `force`); false when they did not fit. */
  take(bytes: number, force = false): boolean {
    if (!force && !this.fits(bytes)) return false;
    this.spent += bytes;
    return true;
  }

  /** Gives back `bytes` taken before. */
  give(bytes: number): void {
    this.spent = Math.max(0, this.spent - bytes);
  }
}
