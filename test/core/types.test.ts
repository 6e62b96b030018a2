/** isObject, the one JSON-object test of the package (the rest of types.ts is types). */
import fc from 'fast-check';
import { isObject, setMember } from '../../src/core/types';

describe('isObject', () => {
  it('true for objects, not for null, arrays or primitives', () => {
    expect(isObject({})).toBe(true);
    expect(isObject({ a: 1 })).toBe(true);
    expect(isObject(Object.create(null))).toBe(true);
    for (const value of [null, undefined, [], [1], 'x', 0, true, Symbol('s'), () => ({})]) {
      expect(isObject(value)).toBe(false);
    }
  });

  it('on any JSON value: true exactly for the objects of JSON (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const expected = typeof value === 'object' && value !== null && !Array.isArray(value);
        return isObject(value) === expected;
      }),
    );
  });
});

describe('setMember', () => {
  it('sets an own "__proto__" member and leaves the prototype alone', () => {
    const target: Record<string, unknown> = {};
    setMember(target, '__proto__', { polluted: true });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual(['__proto__']);
    expect(JSON.stringify(target)).toBe('{"__proto__":{"polluted":true}}');
    expect((target as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('on any keys: the copy stringifies as the JSON it came from (fast-check)', () => {
    const keys = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString'));
    fc.assert(
      fc.property(fc.dictionary(keys, fc.jsonValue()), (source) => {
        const copy: Record<string, unknown> = {};
        for (const key of Object.keys(source)) setMember(copy, key, source[key]);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
      }),
    );
  });
});
