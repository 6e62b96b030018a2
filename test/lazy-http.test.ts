/**
 * The package entry's HTTP functions (src/lazy-http.ts) load the transport on their first call
 * and not before (a stdio app never loads it: test/e2e/stdio-modules.test.ts), once, and each
 * hands its arguments to the transport's own function and its result back.
 */
type Lazy = typeof import('../src/lazy-http');

let loads: number;
let lazy: Lazy;
const transport = {
  serveHttp: jest.fn(() => 'served'),
  createHttpHandler: jest.fn(() => 'handler'),
  bearerToken: jest.fn(() => 'token'),
  bearerAuth: jest.fn(() => 'bearer hook'),
  jwtAuth: jest.fn(() => 'jwt hook'),
  introspectionAuth: jest.fn(() => 'introspection hook'),
};

beforeAll(() => {
  loads = 0;
  jest.isolateModules(() => {
    jest.doMock('../src/transports/http', () => {
      loads += 1;
      return transport;
    });
    lazy = require('../src/lazy-http') as Lazy;
  });
});

test('loading the entry does not load the transport', () => {
  expect(loads).toBe(0);
});

test.each([
  ['serveHttp', ['app', { port: 0 }], 'served'],
  ['createHttpHandler', ['app', { path: '/mcp' }], 'handler'],
  ['bearerToken', ['request'], 'token'],
  ['bearerAuth', [{ tokens: {} }], 'bearer hook'],
  ['jwtAuth', [{ issuer: 'https://id' }], 'jwt hook'],
  ['introspectionAuth', [{ issuer: 'https://id' }], 'introspection hook'],
] as const)('%s: the transport’s own, loaded once', (name, args, result) => {
  const call = lazy[name] as (...given: unknown[]) => unknown;
  expect(call(...args)).toBe(result);
  expect(transport[name]).toHaveBeenCalledWith(...args);
  expect(loads).toBe(1);
});

test('unmocked, they are the transport’s behaviour', () => {
  jest.dontMock('../src/transports/http');
  jest.isolateModules(() => {
    const real = require('../src/lazy-http') as Lazy;
    const request = new Request('https://x', { headers: { authorization: 'Bearer abc' } });
    expect(real.bearerToken(request)).toBe('abc');
  });
});
