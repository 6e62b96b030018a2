/**
 * `introspectionAuth`'s options, checked when it is made (its answers are tested against a real
 * authorization server in test/e2e/oauth-introspection.test.ts).
 */
import type { IncomingMessage } from 'node:http';
import { ConfigurationError, introspectionAuth } from '../../../../src';

const ISSUER = 'https://id.example.com/realms/acme';
const CLIENT = { clientId: 'mcp', clientSecret: 's3cret' };

describe('introspectionAuth options', () => {
  test.each([
    [undefined, /introspectionAuth needs options/],
    [{ ...CLIENT }, /give "issuer" .* or "introspectionEndpoint"/],
    [{ ...CLIENT, issuer: 'acme' }, /"issuer" must be an absolute URL/],
    [
      { ...CLIENT, introspectionEndpoint: '/introspect' },
      /"introspectionEndpoint" must be an absolute URL/,
    ],
    [{ issuer: ISSUER, clientSecret: 'x' }, /"clientId" must be a non-empty string/],
    [
      { issuer: ISSUER, clientId: 'x', clientSecret: '' },
      /"clientSecret" must be a non-empty string/,
    ],
    [{ ...CLIENT, issuer: ISSUER, cacheTtl: -5 }, /"cacheTtl" must be a number of 0 or more/],
    [{ ...CLIENT, issuer: ISSUER, requiredScopes: [3] as unknown as string[] }, /"requiredScopes"/],
  ])('%j', (options, error) => {
    const make = () => introspectionAuth(options as never);
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow(error);
  });

  test('no token: null, nothing asked', async () => {
    const authenticate = introspectionAuth({
      ...CLIENT,
      introspectionEndpoint: 'http://127.0.0.1:9/x',
    });
    expect(await authenticate({ headers: {} } as IncomingMessage)).toBeNull();
  });
});
