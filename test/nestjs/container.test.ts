/** Containers over Nest (src/nestjs/container.ts): Nest's own, and the instances discovery resolved. */
import { nestContainer, resolvedContainer } from '../../src/nestjs/container';

class Tools {}
class Other {}

test('nestContainer asks Nest for the class from any module', () => {
  const asked: unknown[] = [];
  const instance = new Tools();
  const container = nestContainer({
    get: ((type: unknown, options: unknown) => {
      asked.push([type, options]);
      return instance;
    }) as never,
  });
  expect(container.get(Tools)).toBe(instance);
  expect(asked).toEqual([[Tools, { strict: false }]]);
});

test('resolvedContainer gives the instance found, and says which class was not discovered', () => {
  const instance = new Tools();
  const container = resolvedContainer(new Map([[Tools, instance]]));
  expect(container.get(Tools)).toBe(instance);
  expect(() => container.get(Other)).toThrow(new Error('Other was not discovered'));
});
