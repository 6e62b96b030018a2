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

/**
 * A module on the request path exports data members only, no re-export: tsc writes a re-export as
 * a getter over a member it first set to `undefined`, which turns V8's exports object of the
 * module to dictionary mode, and each call of one of its functions from optimized code then pays
 * a generic property load.
 */
export function expectDataMembers(module: object): void {
  for (const name of Object.keys(module)) {
    const member = Object.getOwnPropertyDescriptor(module, name);
    expect([name, typeof member?.get]).toEqual([name, 'undefined']);
  }
}
