/**
 * What a request target names (src/transports/http/pipeline/target.ts): the path the endpoint
 * routes on, and the authority of an absolute-form target that the Host check also covers.
 */
import fc from 'fast-check';
import { authorityOf, pathOf } from '../../../../src/transports/http/pipeline/target';

describe('pathOf', () => {
  test.each([
    ['/mcp', '/mcp'],
    ['/mcp?session=1', '/mcp'],
    ['/mcp?', '/mcp'],
    ['/?a=b?c', '/'],
    ['/mcp#frag', '/mcp#frag'],
    ['http://example.com/mcp?x=1', '/mcp'],
    ['http://example.com', '/'],
    ['https://example.com:8443/a/b', '/a/b'],
    ['*', '*'],
    ['mcp', 'mcp'],
    ['', ''],
  ])('%j → %j', (target, path) => {
    expect(pathOf(target)).toBe(path);
  });

  test('an origin-form target loses only its query', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.string(), (path, query) => {
        const origin = path.startsWith('/') ? path : `/${path}`;
        const clean = origin.split('?')[0];
        expect(pathOf(`${clean}?${query}`)).toBe(clean);
        expect(pathOf(clean)).toBe(clean);
      }),
    );
  });
});

describe('authorityOf', () => {
  test.each([
    ['/mcp', undefined],
    ['/', undefined],
    ['*', undefined],
    ['http://example.com/mcp', 'example.com'],
    ['http://example.com:8080/mcp', 'example.com:8080'],
    ['http://EXAMPLE.com:80/mcp', 'example.com'],
    ['http://user:pw@example.com/mcp', 'example.com'],
    ['http://[::1]:3000/mcp', '[::1]:3000'],
    ['mcp', ''],
    ['http://', ''],
    ['', ''],
  ])('%j → %j', (target, authority) => {
    expect(authorityOf(target)).toBe(authority);
  });

  test('never throws', () => {
    fc.assert(
      fc.property(fc.string(), (target) => {
        const authority = authorityOf(target);
        expect(authority === undefined || typeof authority === 'string').toBe(true);
        expect(typeof pathOf(target)).toBe('string');
      }),
    );
  });
});
