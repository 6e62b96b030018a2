/**
 * The stdio transport's options: defaults (the process's streams, 4 MiB lines, the subscription
 * limits) and each refusal with its class and exact message. Moved here from seed-001.test.ts,
 * which checked them through the constructor.
 */
import { PassThrough, Readable, Writable } from 'node:stream';
import fc from 'fast-check';
import { ConfigurationRangeError, ConfigurationTypeError } from '../../../src/core';
import { DEFAULT_LINE, resolveOptions } from '../../../src/transports/stdio/stdio-options';

const streams = () => ({
  input: new PassThrough(),
  output: new PassThrough(),
  error: new PassThrough(),
});

function refusal(options: unknown): Error {
  try {
    resolveOptions(options as never);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}

describe('resolveOptions: defaults', () => {
  it("the process's streams, 4 MiB lines, 100 subscriptions of 2048 characters, no timeout", () => {
    expect(DEFAULT_LINE).toBe(4_194_304);
    expect(resolveOptions({})).toEqual({
      line: 4_194_304,
      input: process.stdin,
      output: process.stdout,
      error: process.stderr,
      clientRequestTimeout: undefined,
      maxSubscriptions: 100,
      maxUriLength: 2048,
    });
  });

  it('keeps what is given; 0 means no limit', () => {
    const given = streams();
    expect(
      resolveOptions({
        ...given,
        line: 1,
        clientRequestTimeout: 0.5,
        maxSubscriptions: 0,
        maxUriLength: 0,
        context: 'ignored here',
      }),
    ).toEqual({
      ...given,
      line: 1,
      clientRequestTimeout: 0.5,
      maxSubscriptions: 0,
      maxUriLength: 0,
    });
  });
});

describe('resolveOptions: refusals', () => {
  it('options that are not an object', () => {
    for (const bad of [null, 'x', 3]) {
      const error = refusal(bad);
      expect(error).toBeInstanceOf(ConfigurationTypeError);
      expect(error.message).toBe('StdioTransport: options must be an object.');
    }
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'a RangeError for line %p',
    (line) => {
      const error = refusal({ line });
      expect(error).toBeInstanceOf(RangeError);
      expect(error).toBeInstanceOf(ConfigurationRangeError);
      expect(error.message).toBe(
        `StdioTransport: "line" must be a whole number of bytes, 1 or more (got ${line}); the default is 4194304 (4 MiB).`,
      );
    },
  );

  it('a TypeError for a line that is not a number', () => {
    const error = refusal({ line: '64' });
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('StdioTransport: "line" must be a number of bytes (got string).');
  });

  it.each([0, -5, Number.NaN, '100', null])(
    'a RangeError for clientRequestTimeout %p',
    (timeout) => {
      const error = refusal({ clientRequestTimeout: timeout });
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message).toBe(
        `StdioTransport: "clientRequestTimeout" must be a number of milliseconds above 0 (got ${String(timeout)}).`,
      );
    },
  );

  it('refuses requestTimeout, a removed name, naming the option to use', () => {
    expect(refusal({ requestTimeout: 10 }).message).toBe(
      'StdioTransport: "requestTimeout" is not an option: the wait for a client\'s answer is "clientRequestTimeout".',
    );
  });

  it('streams that are not streams, or of the wrong direction, named by what they are', () => {
    const readable = new Readable({ read() {} });
    const writable = new Writable({ write: (_c, _e, cb) => cb() });
    const cases: Array<[object, string]> = [
      [{ input: 'stdin' }, '"input" must be a readable stream such as process.stdin (got string)'],
      [
        { input: writable },
        '"input" must be a readable stream such as process.stdin (got Writable)',
      ],
      [{ output: {} }, '"output" must be a writable stream such as process.stdout (got Object)'],
      [
        { output: readable },
        '"output" must be a writable stream such as process.stdout (got Readable)',
      ],
      [{ error: null }, '"error" must be a writable stream such as process.stderr (got null)'],
      [
        { error: Object.create(null) },
        '"error" must be a writable stream such as process.stderr (got object)',
      ],
    ];
    for (const [options, message] of cases) {
      const error = refusal(options);
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe(`StdioTransport: ${message}.`);
    }
  });

  it('output and error must be different streams', () => {
    const same = new PassThrough();
    expect(refusal({ output: same, error: same }).message).toBe(
      'StdioTransport: "output" and "error" must be different streams: diagnostics would corrupt the protocol.',
    );
  });

  it.each(['maxSubscriptions', 'maxUriLength'] as const)(
    '%s: a whole number of 0 or more',
    (name) => {
      const fallback = name === 'maxSubscriptions' ? 100 : 2048;
      for (const bad of [-1, 1.5, '5', Number.NaN]) {
        const error = refusal({ [name]: bad });
        expect(error).toBeInstanceOf(RangeError);
        expect(error.message).toBe(
          `StdioTransport: "${name}" must be a whole number of 0 or more (got ${String(bad)}); 0 means no limit, the default is ${fallback}.`,
        );
      }
    },
  );

  it('any whole line of 1 or more is accepted as given (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (line) => {
        return resolveOptions({ ...streams(), line }).line === line;
      }),
    );
  });
});
