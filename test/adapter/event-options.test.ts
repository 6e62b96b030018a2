import { EVENT_DEFAULTS, eventOptions } from '../../src/adapter';
import { ConfigurationError } from '../../src/core';

describe('eventOptions', () => {
  it('fills in the defaults: 1 000 events per stream, kept 10 minutes', () => {
    expect(eventOptions('x', {})).toEqual({ eventsPerStream: 1_000, eventTtl: 600_000 });
    expect(EVENT_DEFAULTS).toEqual({ eventsPerStream: 1_000, eventTtl: 600_000 });
    expect(Object.isFrozen(EVENT_DEFAULTS)).toBe(true);
  });

  it('keeps what is given and leaves the defaults alone', () => {
    expect(eventOptions('x', { eventsPerStream: 5 })).toEqual({
      eventsPerStream: 5,
      eventTtl: 600_000,
    });
    expect(eventOptions('x', { eventTtl: 1 }).eventTtl).toBe(1);
    expect(EVENT_DEFAULTS.eventsPerStream).toBe(1_000);
  });

  it.each([0, -1, 1.5, Number.NaN, '3'])('refuses %p, naming the adapter and the option', (bad) => {
    const attempt = () => eventOptions('someAdapter', { eventsPerStream: bad as number });
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(
      `someAdapter: "eventsPerStream" must be a whole number of 1 or more (got ${String(bad)}).`,
    );
  });
});
