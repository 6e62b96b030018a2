/** The shared readers of method params: arguments, uri, and the empty result. */
import fc from 'fast-check';
import { invalidParams as errorsInvalidParams, Fault } from '../../../src/core/errors';
import * as params from '../../../src/core/methods/params';
import { argumentsOf, invalidParams, orEmpty, uriOf } from '../../../src/core/methods/params';
import { expectDataMembers } from '../../helpers/face';
import { invalid } from './harness';

test('the module exports data members only (tools/call reads them from optimized code)', () => {
  expectDataMembers(params);
  expect(invalidParams).toBe(errorsInvalidParams);
});

function refusal(run: () => unknown): { code: number; message: string; data: unknown } {
  try {
    run();
  } catch (error) {
    if (!Fault.is(error)) throw error;
    return { code: error.code, message: error.message, data: error.data };
  }
  throw new Error('expected a Fault');
}

describe('orEmpty', () => {
  it('null, undefined and [] become {}; anything else is kept as is', () => {
    expect(orEmpty(null)).toEqual({});
    expect(orEmpty(undefined)).toEqual({});
    expect(orEmpty([])).toEqual({});
    const result = { content: [] };
    expect(orEmpty(result)).toBe(result);
    expect(orEmpty([1])).toEqual([1]);
    expect(orEmpty(0)).toBe(0);
    expect(orEmpty('')).toBe('');
    expect(orEmpty(false)).toBe(false);
  });
});

describe('argumentsOf', () => {
  it('absent arguments are {}; an object is returned itself', () => {
    expect(argumentsOf({}, 'tools/call')).toEqual({});
    const args = { city: 'Oslo' };
    expect(argumentsOf({ arguments: args }, 'tools/call')).toBe(args);
  });

  it('anything but an object is -32602 naming the method', () => {
    for (const bad of [null, [], 'x', 1, true]) {
      expect(refusal(() => argumentsOf({ arguments: bad }, 'prompts/get'))).toEqual(
        invalid('prompts/get: "arguments" must be an object'),
      );
    }
  });
});

describe('uriOf', () => {
  it('a non-empty string is the uri', () => {
    expect(uriOf({ uri: 'file:///a' }, 'resources/read')).toBe('file:///a');
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (uri) => uriOf({ uri }, 'resources/read') === uri),
    );
  });

  it('missing, empty or not a string is -32602 naming the method', () => {
    for (const bad of [undefined, '', 7, null, ['file:///a'], { href: 'x' }]) {
      expect(refusal(() => uriOf({ uri: bad }, 'resources/subscribe'))).toEqual(
        invalid('resources/subscribe: "uri" must be a non-empty string'),
      );
    }
  });
});

describe('invalidParams', () => {
  it('is the one invalid-params Fault of the core: the reason in its message and data', () => {
    const fault = invalidParams('why', { uri: 'file:///a' });
    expect(Fault.is(fault)).toBe(true);
    expect(fault.code).toBe(-32602);
    expect(fault.message).toBe('Invalid params: why');
    expect(fault.data).toEqual({ reason: 'why', uri: 'file:///a' });
  });
});
