/**
 * Pins a layer's face (its index.ts): it exports exactly the names of `defined`, each the very
 * value its defining module exports, so an added, dropped or re-pointed export fails the test.
 */
export function expectFace(face: object, defined: Record<string, unknown>): void {
  expect(Object.keys(face).sort()).toEqual(Object.keys(defined).sort());
  for (const [name, value] of Object.entries(defined)) {
    expect([name, (face as Record<string, unknown>)[name]]).toEqual([name, value]);
    expect((face as Record<string, unknown>)[name]).toBe(value);
  }
}
