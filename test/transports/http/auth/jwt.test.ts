/**
 * `jwtAuth`'s options, checked when it is made (verification itself runs against a real
 * authorization server in test/e2e/oauth-jwt.test.ts: jose is ESM only and loads through a
 * dynamic import(), which jest's module sandbox does not run). The identity made from claims is
 * tested in claims.test.ts.
 */
import type { IncomingMessage } from 'node:http';
import { ConfigurationError, jwtAuth } from '../../../../src';

const ISSUER = 'https://id.example.com/realms/acme';

describe('jwtAuth options', () => {
  test.each([
    [undefined, /jwtAuth needs options/],
    [{}, /"issuer" must be an absolute URL/],
    [{ issuer: 'id.example.com' }, /"issuer" must be an absolute URL/],
    [{ issuer: ISSUER, audience: [''] }, /"audience" must be a list of non-empty strings/],
    [{ issuer: ISSUER, jwksUri: '/jwks' }, /"jwksUri" must be an absolute URL/],
    [{ issuer: ISSUER, algorithms: ['RS256', 'none'] }, /must not list "none"/],
    [{ issuer: ISSUER, algorithms: [] as string[] }, /"algorithms" must be a list/],
    [{ issuer: ISSUER, clockTolerance: -1 }, /"clockTolerance" must be a number of 0 or more/],
    [{ issuer: ISSUER, jwksCooldown: Number.NaN }, /"jwksCooldown" must be a number/],
    [{ issuer: ISSUER, requiredScopes: 'mcp' as unknown as string[] }, undefined],
    [
      { issuer: ISSUER, identity: 'sub' as unknown as () => unknown },
      /"identity" must be a function/,
    ],
  ])('%j', (options, error) => {
    const make = () => jwtAuth(options as never);
    if (error === undefined) expect(make).not.toThrow();
    else {
      expect(make).toThrow(ConfigurationError);
      expect(make).toThrow(error);
    }
  });

  test('no token: null (a 401 without error), and nothing is fetched or loaded', async () => {
    const authenticate = jwtAuth({ issuer: ISSUER });
    expect(await authenticate({ headers: {} } as IncomingMessage)).toBeNull();
    expect(
      await authenticate({ headers: { authorization: 'Basic abc' } } as IncomingMessage),
    ).toBeNull();
  });

  test('called by hand without an audience to check: a clear error, not a pass', async () => {
    const authenticate = jwtAuth({ issuer: ISSUER });
    await expect(
      authenticate({ headers: { authorization: 'Bearer a.b.c' } } as IncomingMessage),
    ).rejects.toThrow(/no audience to check/);
  });
});
