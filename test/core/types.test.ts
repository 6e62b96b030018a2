/** isObject, isThenable and setMember, the functions of types.ts (the rest is types). */
import fc from 'fast-check';
import { isObject, isThenable, setMember } from '../../src/core/types';

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

describe('isThenable', () => {
  it('true for promises and any object or function with a then method', () => {
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose
    const thenable = { then: (): void => undefined };
    const values = [Promise.resolve(1), thenable, Object.assign(() => 1, thenable)];
    for (const value of values) expect(isThenable(value)).toBe(true);
  });

  it('false for plain results, primitives, and a then that is not a function', () => {
    // biome-ignore lint/suspicious/noThenProperty: a then that is not a function, on purpose
    const notThenable = { then: 1 };
    const values = [null, undefined, 0, 'then', {}, { content: [] }, notThenable, () => 1];
    for (const value of values) expect(isThenable(value)).toBe(false);
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
