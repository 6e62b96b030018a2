/**
 * The in-memory state adapter: the default, and the reference behaviour every adapter follows
 * (the Redis adapter's suite runs the same contract against a real redis-server).
 */
import { memoryAdapter } from '../../src/adapter';
import { ConfigurationError } from '../../src/core';
import { adapterContract, EVENT_TTL } from './contract';

adapterContract('memory', async () => memoryAdapter({ eventsPerStream: 3, eventTtl: EVENT_TTL }));

describe('memoryAdapter options', () => {
  it('refuses an event cap or expiry that is not a whole number of 1 or more', () => {
    expect(() => memoryAdapter({ eventsPerStream: 0 })).toThrow(ConfigurationError);
    expect(() => memoryAdapter({ eventTtl: 1.5 })).toThrow(
      'memoryAdapter: "eventTtl" must be a whole number of 1 or more (got 1.5).',
    );
  });

  it('is not shared: other processes never see it', () => {
    expect(memoryAdapter().shared).toBe(false);
    expect(memoryAdapter().name).toBe('memory');
  });
});
