/**
 * The handler's options: every default filled in, every number checked, the removed
 * `requestTimeout` refused with the names to use, the path and the metadata URLs checked; each
 * mistake a ConfigurationError that names the face it was given to.
 */
import fc from 'fast-check';
import { ConfigurationError } from '../../../src/core';
import { createHttpHandler, HTTP_DEFAULTS, jwtAuth } from '../../../src/transports/http';
import { resolveOptions } from '../../../src/transports/http/options';
import { testCore } from './harness';

const NUMERIC = Object.keys(HTTP_DEFAULTS).filter((name) => name !== 'sessions');

test('the defaults, frozen', () => {
  expect(HTTP_DEFAULTS).toEqual({
    sessions: true,
    sessionIdleTimeout: 1_800_000,
    maxSessions: 10_000,
    maxSessionsPerIdentity: 100,
    maxListens: 10_000,
    maxListensPerIdentity: 100,
    maxSessionStateBytes: 134_217_728,
    maxSubscriptions: 100,
    maxUriLength: 2048,
    maxBodyBytes: 4_194_304,
    maxInitializeBytes: 65_536,
    bodyTimeout: 30_000,
    maxPendingBodyBytes: 67_108_864,
    streamBufferBytes: 67_108_864,
    streamDrainTimeout: 30_000,
    postTimeout: 300_000,
    clientRequestTimeout: 60_000,
    keepAliveInterval: 15_000,
    sseRetry: 1_000,
    shutdownTimeout: 10_000,
  });
  expect(Object.isFrozen(HTTP_DEFAULTS)).toBe(true);
});

test('nothing given: the defaults; undefined counts as not given', () => {
  expect(resolveOptions()).toEqual(HTTP_DEFAULTS);
  expect(resolveOptions({ maxSessions: undefined, sessions: undefined })).toEqual(HTTP_DEFAULTS);
});

test('what is given wins; sessions is true unless false', () => {
  const resolved = resolveOptions({ maxSessions: 5, path: '/mcp', sessionIdleTimeout: 0 });
  expect(resolved).toMatchObject({ maxSessions: 5, path: '/mcp', sessionIdleTimeout: 0 });
  expect(resolved.sessions).toBe(true);
  expect(resolveOptions({ sessions: false }).sessions).toBe(false);
  expect(resolveOptions({ sessions: 0 as never }).sessions).toBe(true);
});

test.each([null, 'fast', 3])('options %p: not an object', (options) => {
  expect(() => resolveOptions(options as never)).toThrow(
    new ConfigurationError('createHttpHandler: options must be an object.'),
  );
});

test('every number must be finite and 0 or more, named with what was given', () => {
  const bad = fc.oneof(
    fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, '10', null, true, {}),
  );
  fc.assert(
    fc.property(fc.constantFrom(...NUMERIC), bad, (name, value) => {
      let error: unknown;
      try {
        resolveOptions({ [name]: value }, 'createFetchHandler');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(
        `createFetchHandler: "${name}" must be a number of 0 or more (got ${String(value)}).`,
      );
    }),
    { numRuns: 200 },
  );
});

test('maxBodyBytes must be more than 0 (0 is not "no limit")', () => {
  expect(() => resolveOptions({ maxBodyBytes: 0 })).toThrow(
    'createHttpHandler: "maxBodyBytes" must be more than 0.',
  );
});

test('the path must start with "/"', () => {
  expect(() => resolveOptions({ path: 'mcp' })).toThrow(
    'createHttpHandler: "path" must start with "/" (got "mcp").',
  );
});

test('requestTimeout, a removed name, is refused with the names to use', () => {
  const { core } = testCore();
  expect(() => createHttpHandler(core, { requestTimeout: 1000 } as never)).toThrow(
    'createHttpHandler: "requestTimeout" is not an option: a POST\'s deadline is "postTimeout", the wait for a client\'s answer "clientRequestTimeout".',
  );
  expect(() => createHttpHandler(core, { postTimeout: -1 })).toThrow(
    'createHttpHandler: "postTimeout" must be a number of 0 or more (got -1).',
  );
});

describe('resourceMetadata', () => {
  const ARRAY =
    'createHttpHandler: "resourceMetadata.authorizationServers" must be an array of issuer URLs.';

  test('authorizationServers must be an array, or come from an OAuth authenticator', () => {
    expect(() => resolveOptions({ resourceMetadata: {} })).toThrow(ARRAY);
    expect(() =>
      resolveOptions({ resourceMetadata: { authorizationServers: 'https://id' as never } }),
    ).toThrow(ARRAY);
    const authenticate = jwtAuth({
      issuer: 'https://id.example.com',
      jwksUri: 'https://id.example.com/jwks',
      audience: 'https://mcp.example.com/mcp',
    });
    expect(() => resolveOptions({ resourceMetadata: {}, authenticate })).not.toThrow();
    expect(() =>
      resolveOptions({
        resourceMetadata: { authorizationServers: 'https://id' as never },
        authenticate,
      }),
    ).toThrow(ARRAY);
  });

  test('resource must be an absolute URL', () => {
    expect(() =>
      resolveOptions({ resourceMetadata: { authorizationServers: [], resource: '/mcp' } }),
    ).toThrow(
      'createHttpHandler: "resourceMetadata.resource" must be an absolute URL such as "https://mcp.example.com/mcp" (got "/mcp").',
    );
    expect(
      resolveOptions({
        resourceMetadata: { authorizationServers: [], resource: 'https://mcp.example.com/mcp' },
      }).resourceMetadata?.resource,
    ).toBe('https://mcp.example.com/mcp');
  });
});
