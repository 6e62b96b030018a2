/**
 * A POST's deadline (`requestTimeout`) as the body reader sees it: whether it passed, and the one
 * listener told when it does. A plain flag and callback, not an `AbortController`: one of those
 * per request cost more than the rest of the transport's own work per POST (see bench/README.md).
 */
export class Deadline {
  private passed = false;
  private listener: (() => void) | undefined;

  /** Whether the deadline has passed. */
  get expired(): boolean {
    return this.passed;
  }

  /** Tells `listener` (once) when the deadline passes; returns the function that stops listening. */
  listen(listener: () => void): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
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
