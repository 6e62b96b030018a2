/** The byte budget many peers share: take within the bound (or forced), give back, never below 0. */
import fc from 'fast-check';
import { StateBudget } from '../../src/core/state-budget';

describe('StateBudget', () => {
  it('takes what fits, up to max exactly, and refuses one byte more', () => {
    const budget = new StateBudget(10);
    expect(budget.max).toBe(10);
    expect(budget.used).toBe(0);
    expect(budget.fits(10)).toBe(true);
    expect(budget.fits(11)).toBe(false);
    expect(budget.take(6)).toBe(true);
    expect(budget.take(5)).toBe(false);
    expect(budget.used).toBe(6);
    expect(budget.take(4)).toBe(true);
    expect(budget.used).toBe(10);
    expect(budget.fits(0)).toBe(true);
    expect(budget.fits(1)).toBe(false);
  });

  it('force takes past the bound (state accepted before); give never goes below 0', () => {
    const budget = new StateBudget(4);
    expect(budget.take(9, true)).toBe(true);
    expect(budget.used).toBe(9);
    expect(budget.fits(0)).toBe(false);
    budget.give(3);
    expect(budget.used).toBe(6);
    budget.give(100);
    expect(budget.used).toBe(0);
  });

  it('used is what was taken minus what was given back (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.array(fc.tuple(fc.boolean(), fc.nat(300), fc.boolean())),
        (max, steps) => {
          const budget = new StateBudget(max);
          let used = 0;
          for (const [take, bytes, force] of steps) {
            if (take) {
              const fits = used + bytes <= max;
              if (budget.take(bytes, force) !== (fits || force)) return false;
              if (fits || force) used += bytes;
            } else {
              budget.give(bytes);
              used = Math.max(0, used - bytes);
            }
            if (budget.used !== used) return false;
          }
          return true;
        },
      ),
    );
  });
});
