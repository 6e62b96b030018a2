/** 2026-07-28 cache hints: a list's hint from its members, a value's own hint, the start-up check. */
import fc from 'fast-check';
import { CACHE_HINT, type CacheHint, checkHint, hintOf, listHint } from '../../src/core/cache';

const PUBLIC: CacheHint = { ttlMs: 60_000, scope: 'public' };
const hinted = (hint: CacheHint) => ({ name: 'x', [CACHE_HINT]: hint });

describe('hintOf', () => {
  it("a value's own hint under the symbol; nothing for anything else", () => {
    expect(hintOf(hinted({ ttlMs: 5, scope: 'private' }))).toEqual({ ttlMs: 5, scope: 'private' });
    expect(hintOf({ name: 'x' })).toBeUndefined();
    expect(hintOf(null)).toBeUndefined();
    expect(hintOf('text')).toBeUndefined();
    expect(hintOf({ [CACHE_HINT]: null })).toBeUndefined();
  });

  it('the symbol is shared across copies and left out of JSON', () => {
    expect(CACHE_HINT).toBe(Symbol.for('declarative-mcp.cacheHint'));
    expect(JSON.stringify(hinted(PUBLIC))).toBe('{"name":"x"}');
  });
});

describe('listHint', () => {
  it('an empty list has the fallback; forcePrivate makes it private', () => {
    expect(listHint([], PUBLIC, false)).toEqual(PUBLIC);
    expect(listHint([], PUBLIC, true)).toEqual({ ttlMs: 60_000, scope: 'private' });
  });

  it('the smallest ttlMs of the members (the fallback for unhinted ones), private if any is', () => {
    expect(listHint([hinted({ ttlMs: 120_000, scope: 'public' })], PUBLIC, false)).toEqual({
      ttlMs: 120_000,
      scope: 'public',
    });
    expect(
      listHint(
        [
          hinted({ ttlMs: 120_000, scope: 'public' }),
          { name: 'plain' },
          hinted({ ttlMs: 10, scope: 'private' }),
        ],
        PUBLIC,
        false,
      ),
    ).toEqual({ ttlMs: 10, scope: 'private' });
  });

  it('is the minimum over members, whatever their order (fast-check)', () => {
    const hint = fc.record({
      ttlMs: fc.nat(),
      scope: fc.constantFrom('public' as const, 'private' as const),
    });
    fc.assert(
      fc.property(
        fc.array(fc.option(hint, { nil: undefined })),
        hint,
        fc.boolean(),
        (members, fallback, force) => {
          const items = members.map((m) => (m === undefined ? {} : hinted(m)));
          const own = members.map((m) => m ?? fallback);
          const result = listHint(items, fallback, force);
          const expected = own.length === 0 ? fallback.ttlMs : Math.min(...own.map((h) => h.ttlMs));
          // A private fallback (the server's default) keeps the whole list private.
          const isPrivate =
            force || fallback.scope === 'private' || own.some((h) => h.scope === 'private');
          return result.ttlMs === expected && result.scope === (isPrivate ? 'private' : 'public');
        },
      ),
    );
  });
});

describe('checkHint', () => {
  it('undefined stays undefined; missing members take 0 and public', () => {
    expect(checkHint(undefined, 'McpCore')).toBeUndefined();
    expect(checkHint({}, 'McpCore')).toEqual({ ttlMs: 0, scope: 'public' });
    expect(checkHint({ ttlMs: 5000, scope: 'private' }, 'McpCore')).toEqual({
      ttlMs: 5000,
      scope: 'private',
    });
  });

  it('refuses what is not an object, a bad ttlMs, a bad scope, naming where', () => {
    expect(() => checkHint(null as never, 'Tool "x"')).toThrow(
      new TypeError(
        `Tool "x": "cache" must be an object such as { ttlMs: 60000, scope: 'public' }.`,
      ),
    );
    expect(() => checkHint(60 as never, 'McpCore')).toThrow(TypeError);
    for (const ttlMs of [-1, 1.5, Number.NaN, '60' as never]) {
      expect(() => checkHint({ ttlMs }, 'McpCore')).toThrow(
        new TypeError(
          `McpCore: cache.ttlMs must be a whole number of milliseconds, 0 or more (got ${String(ttlMs)}).`,
        ),
      );
    }
    expect(() => checkHint({ scope: 'shared' as never }, 'McpCore')).toThrow(
      new TypeError(`McpCore: cache.scope must be 'public' or 'private' (got shared).`),
    );
  });
});
