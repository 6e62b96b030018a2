import type { StateAdapter } from '../adapter';
import { randomToken } from '../core';

/** The bus channel on which processes tell each other about `enable`/`disable`. */
const CHANNEL = 'definitions';

interface Announcement {
  origin: string;
  key: string;
  enabled: boolean;
}

function isAnnouncement(value: unknown): value is Announcement {
  const v = value as Partial<Announcement> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.origin === 'string' &&
    typeof v.key === 'string' &&
    typeof v.enabled === 'boolean'
  );
}

/**
 * An application's enabled/disabled set kept in a state adapter: what `enable`/`disable` change
 * is recorded there and announced on the bus, so every process serving the application lists
 * the same definitions; at binding, the recorded states are applied. Keys are `kind:name`.
 */
export class SharedDefinitions {
  private readonly origin = randomToken(9);
  private stop: (() => Promise<void>) | undefined;

  constructor(
    private readonly adapter: StateAdapter,
    /** Applies a state from elsewhere, without notifying clients (the process that changed it did). */
    private readonly apply: (key: string, enabled: boolean) => void,
    private readonly report: (error: unknown) => void,
  ) {}

  /** Listens for other processes' changes, then applies the states recorded so far. */
  async start(): Promise<void> {
    this.stop = await this.adapter.bus.subscribe(CHANNEL, (text) => {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      if (isAnnouncement(message) && message.origin !== this.origin)
        this.apply(message.key, message.enabled);
    });
    const states = await this.adapter.definitions.all();
    for (const [key, enabled] of Object.entries(states)) this.apply(key, enabled);
  }

  /**
   * Records and announces a change made in this process; failures are reported. Both are sent at
   * once, before the caller's `list_changed`: on one Redis connection they arrive in that order,
   * so a client that re-lists on another process finds the change applied there.
   */
  announce(key: string, enabled: boolean): void {
    const message = JSON.stringify({ origin: this.origin, key, enabled } satisfies Announcement);
    this.adapter.definitions.set(key, enabled).then(undefined, this.report);
    this.adapter.bus.publish(CHANNEL, message).then(undefined, this.report);
  }

  /** Stops listening. */
  async unbind(): Promise<void> {
    const stop = this.stop;
    this.stop = undefined;
    await stop?.();
  }
}
