import { ConfigurationError } from '../core';

/** The event-history options every adapter takes (the in-memory one and Redis alike). */
export interface EventOptions {
  /** The most events kept per SSE stream for resumption (default 1 000; older ones are dropped). */
  eventsPerStream?: number;
  /** How long (ms) an SSE stream's events are kept after its latest one (default 10 minutes). */
  eventTtl?: number;
}

/** The defaults of {@link EventOptions}. */
export const EVENT_DEFAULTS = Object.freeze({ eventsPerStream: 1_000, eventTtl: 10 * 60_000 });

/** Checks an adapter's {@link EventOptions} and fills in the defaults (`where` names the adapter in the message). */
export function eventOptions(where: string, options: EventOptions): Required<EventOptions> {
  const resolved: Required<EventOptions> = { ...EVENT_DEFAULTS };
  for (const name of ['eventsPerStream', 'eventTtl'] as const) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new ConfigurationError(
        `${where}: "${name}" must be a whole number of 1 or more (got ${String(value)}).`,
      );
    }
    resolved[name] = value;
  }
  return resolved;
}
