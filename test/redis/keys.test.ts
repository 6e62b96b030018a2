import { RedisKeys } from '../../src/redis/keys';

describe('RedisKeys', () => {
  it('names every key and channel under the prefix, with readable parts', () => {
    const keys = new RedisKeys('app:');
    expect(keys.session('abc')).toBe('app:session:abc');
    expect(keys.sessionPrefix).toBe('app:session:');
    expect(keys.session('abc').startsWith(keys.sessionPrefix)).toBe(true);
    expect(keys.sessionIndex).toBe('app:sessions');
    expect(keys.source('10.0.0.1')).toBe('app:source:10.0.0.1');
    expect(keys.channel('notify')).toBe('app:bus:notify');
    expect(keys.events('stream-1')).toBe('app:events:stream-1');
    expect(keys.definitions).toBe('app:definitions');
    expect(keys.record('mcp:task:1')).toBe('app:record:mcp:task:1');
  });

  it('keeps the parts apart: no key of one kind is a key of another', () => {
    const keys = new RedisKeys('');
    const names = [
      keys.session('x'),
      keys.sessionIndex,
      keys.source('x'),
      keys.channel('x'),
      keys.events('x'),
      keys.definitions,
      keys.record('x'),
    ];
    expect(new Set(names).size).toBe(names.length);
  });
});
