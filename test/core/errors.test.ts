/**
 * The error classes of `src/core/errors.ts`: every one is recognised by its brand (so a second
 * installed copy of the package agrees), every start-up mistake is a ConfigurationError, still a
 * TypeError/RangeError where one was thrown before, and -32602 is built in one place.
 */
import { PassThrough } from 'node:stream';
import {
  CancelledError,
  ClientRequestError,
  ConfigurationError,
  ConfigurationRangeError,
  ConfigurationTypeError,
  Fault,
  invalidParams,
  JsonRpcDispatcher,
  McpClientError,
  McpCore,
  RequestTimeoutError,
  ToolError,
  UsageError,
} from '../../src/core';
import { guardStdout, StdioTransport } from '../../src/transports/stdio';

/** What an error thrown by another installed copy looks like: same brand, another class. */
function foreign(brand: string, name: string): Error {
  const error = new Error('from another copy');
  error.name = name;
  Object.defineProperty(error, Symbol.for(`declarative-mcp.${brand}`), { value: true });
  return error;
}

describe('brands', () => {
  const cases: Array<[string, { is(value: unknown): boolean }, () => Error]> = [
    ['Fault', Fault, () => new Fault(-32602, 'x')],
    ['ToolError', ToolError, () => new ToolError('x')],
    ['ConfigurationError', ConfigurationError, () => new ConfigurationError('x')],
    ['ClientRequestError', ClientRequestError, () => new ClientRequestError('roots/list', -1, 'x')],
    ['RequestTimeoutError', RequestTimeoutError, () => new RequestTimeoutError('roots/list', 5)],
    ['CancelledError', CancelledError, () => new CancelledError('x')],
    ['UsageError', UsageError, () => new UsageError('x')],
    ['McpClientError', McpClientError, () => new McpClientError(-32601, 'x')],
  ];

  it.each(cases)(
    '%s.is() knows its own and another copy’s, and nothing else',
    (brand, Class, make) => {
      expect(Class.is(make())).toBe(true);
      expect(Class.is(foreign(brand, brand))).toBe(true);
      expect(Class.is(new Error('x'))).toBe(false);
      expect(Class.is({ name: brand, message: 'x' })).toBe(false);
      expect(Class.is(null)).toBe(false);
      expect(Class.is('x')).toBe(false);
      for (const [other, , makeOther] of cases) {
        const related =
          other === brand ||
          (brand === 'ToolError' &&
            (other === 'ClientRequestError' || other === 'RequestTimeoutError'));
        expect(Class.is(makeOther())).toBe(related);
      }
    },
  );

  it('the client’s errors are ToolErrors, so a tool that does not catch them returns isError', () => {
    expect(ToolError.is(new ClientRequestError('elicitation/create', -1, 'no'))).toBe(true);
    expect(new RequestTimeoutError('sampling/createMessage', 10)).toBeInstanceOf(ToolError);
  });
});

describe('ConfigurationError, and its TypeError and RangeError kinds', () => {
  it('the kinds are TypeError/RangeError and ConfigurationError at once', () => {
    const type = new ConfigurationTypeError('wrong type');
    const range = new ConfigurationRangeError('out of range');
    expect(type).toBeInstanceOf(TypeError);
    expect(range).toBeInstanceOf(RangeError);
    for (const error of [type, range, new ConfigurationError('plain')]) {
      expect(ConfigurationError.is(error)).toBe(true);
      expect(error instanceof ConfigurationError).toBe(true);
      expect(error.name).toBe('ConfigurationError');
    }
    expect(new TypeError('x') instanceof ConfigurationError).toBe(false);
    // A subclass keeps the ordinary prototype check.
    class Special extends ConfigurationError {}
    expect(new Special('x') instanceof Special).toBe(true);
    expect(new ConfigurationError('x') instanceof Special).toBe(false);
  });

  it.each<[string, () => unknown, ErrorConstructor]>([
    ['McpCore without options', () => new McpCore(undefined as never), TypeError],
    [
      'McpCore without a lister',
      () => new McpCore({ name: 'a', version: '1', caller: () => ({}) } as never),
      TypeError,
    ],
    ['a negative batch', () => new JsonRpcDispatcher({ batch: -1 }), RangeError],
    [
      'a method registered twice',
      () => new JsonRpcDispatcher().register('a', () => 1).register('a', () => 2),
      Error,
    ],
    [
      'a stdio line limit of 0',
      () =>
        new StdioTransport(
          new McpCore({ name: 'a', version: '1', lister: () => [], caller: () => ({}) }),
          { line: 0 },
        ),
      RangeError,
    ],
    ['guardStdout without streams', () => guardStdout({} as PassThrough), TypeError],
  ])('%s is a ConfigurationError (and a %p as before)', (_case, start, Kind) => {
    let thrown: unknown;
    try {
      start();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Kind);
    expect(ConfigurationError.is(thrown)).toBe(true);
  });
});

describe('-32602 says why in its message', () => {
  it('the reason is in message and in data.reason', async () => {
    const core = new McpCore({ name: 'a', version: '1', lister: () => [], caller: () => ({}) });
    expect(
      await core.handle('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}}'),
    ).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: tools/call: \\"name\\" must be a string","data":{"reason":"tools/call: \\"name\\" must be a string"}}}',
    );
  });
});

describe('invalidParams', () => {
  it('is the one -32602, its reason in the message and in data with any detail', () => {
    expect(invalidParams('x must be a string').toJSON()).toEqual({
      code: -32602,
      message: 'Invalid params: x must be a string',
      data: { reason: 'x must be a string' },
    });
    expect(invalidParams('too long', { limit: 3 }).data).toEqual({ reason: 'too long', limit: 3 });
  });
});
