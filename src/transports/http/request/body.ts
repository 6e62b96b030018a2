/** What reading a body gave: its text, or why there is none. */
export type BodyOutcome =
  | { ok: true; text: string }
  | { ok: false; reason: 'too-large' | 'aborted' | 'timeout' | 'consumed' | 'busy' };

/**
 * The bytes of request bodies being read right now, against one budget (`maxPendingBodyBytes`):
 * slow uploads cannot together hold more than it, whatever their number.
 */
export class BodyBudget {
  private used = 0;

  /** `max` bytes in all; `0` is no budget. */
  constructor(private readonly max: number) {}

  /** Bytes being read now. */
  get pending(): number {
    return this.used;
  }

  /** Takes `bytes` from the budget; false (and nothing taken) when they do not fit. */
  take(bytes: number): boolean {
    if (this.max > 0 && this.used + bytes > this.max) return false;
    this.used += bytes;
    return true;
  }

  /** Gives back what {@link take} took. */
  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}
