/** isObject, the one JSON-object test of the package (the rest of types.ts is types). */
import fc from 'fast-check';
import { isObject } from '../../src/core/types';

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
