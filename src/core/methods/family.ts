import type { Inbound } from '../revisions';
import type { JsonObject } from '../types';
import type { MethodTable } from './table';

/** What a {@link MethodFamily} adds to one `subscriptions/listen`. */
export interface ListenPart {
  /** Members of the acknowledged filter (`notifications/subscriptions/acknowledged`). */
  readonly honored: JsonObject;
  /** Stops what the listen started; called when the listen ends. */
  stop(): void;
}

/**
 * Methods served beside the core's own, with what they declare: the seam a protocol feature
 * outside the core (the tasks layer, `src/tasks`) attaches at, so the core names none of them.
 */
export interface MethodFamily {
  /** Merged into the 2025 `initialize` capabilities. */
  readonly capabilities: JsonObject;
  /** Declared as 2026-07-28 `capabilities.extensions` (`server/discover`). */
  readonly extensions: JsonObject;
  /** Registers the family's methods on the core's table. */
  register<C>(table: MethodTable<C>): void;
  /**
   * The family's part of a 2026-07-28 `subscriptions/listen`: reads the members of the filter
   * `wanted` it serves, and sends its notifications through `deliver` (tagged with the
   * subscription) until stopped. Undefined when the filter asks nothing of it.
   */
  listen?(
    wanted: JsonObject,
    inbound: Inbound,
    deliver: (method: string, params: JsonObject) => void,
  ): Promise<ListenPart | undefined>;
}
