import { copy, type Expiring, expiry, live, sweep } from '../../src/adapter/expiring';

describe('expiring entries', () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('expiry: never for an absent or non-positive ttl, else now + ttl', () => {
    expect(expiry(undefined)).toBe(0);
    expect(expiry(0)).toBe(0);
    expect(expiry(-5)).toBe(0);
    expect(expiry(250)).toBe(1_000_250);
  });

  it('live: an entry until its expiry, then dropped on look-up; a never-expiring one stays', () => {
    const map = new Map<string, Expiring<string>>([
      ['soon', { value: 'a', expiresAt: now + 10 }],
      ['never', { value: 'b', expiresAt: 0 }],
    ]);
    expect(live(map, 'soon')?.value).toBe('a');
    now += 10;
    expect(live(map, 'soon')).toBeUndefined();
    expect(map.has('soon')).toBe(false);
    now += 1e9;
    expect(live(map, 'never')?.value).toBe('b');
    expect(live(map, 'absent')).toBeUndefined();
  });

  it('sweep: drops every entry expired at the time given, nothing else', () => {
    const map = new Map<string, Expiring<number>>([
      ['a', { value: 1, expiresAt: 5 }],
      ['b', { value: 2, expiresAt: 10 }],
      ['c', { value: 3, expiresAt: 0 }],
    ]);
    sweep(map, 7);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('copy: a deep copy, so no caller shares an object; undefined stays undefined', () => {
    const original = { list: [1, { deep: true }] };
    const copied = copy(original);
    expect(copied).toEqual(original);
    expect(copied).not.toBe(original);
    expect(copied.list[1]).not.toBe(original.list[1]);
    expect(copy(undefined)).toBeUndefined();
  });
});
