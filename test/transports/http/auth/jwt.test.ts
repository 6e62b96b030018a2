/**
 * `jwtAuth`'s options, checked when it is made (verification itself runs against a real
 * authorization server in test/e2e/oauth-jwt.test.ts: jose is ESM only and loads through a
 * dynamic import(), which jest's module sandbox does not run), and the identity made from claims.
 */
import type { IncomingMessage } from 'node:http';
import { ConfigurationError, jwtAuth } from '../../../../src';
import { grantedScopes, identityOf } from '../../../../src/transports/http/auth/oauth';

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

describe('the identity of verified claims', () => {
  test('sub, client_id and the scope claim (RFC 9068)', () => {
    expect(identityOf({ sub: 'alice', client_id: 'app', scope: 'a  b', aud: 'x' })).toEqual({
      id: 'alice',
      sub: 'alice',
      clientId: 'app',
      scopes: ['a', 'b'],
      claims: { sub: 'alice', client_id: 'app', scope: 'a  b', aud: 'x' },
    });
  });

  test('a client credentials token without sub is its client; scp as a list (Entra ID, Okta)', () => {
    expect(identityOf({ azp: 'svc', scp: ['a', 1, 'b'] })).toMatchObject({
      id: 'svc',
      clientId: 'svc',
      scopes: ['a', 'b'],
    });
    expect(grantedScopes({ scp: 'x y' })).toEqual(['x', 'y']);
    expect(grantedScopes({})).toEqual([]);
  });

  test('claims naming nobody make no identity', () => {
    expect(identityOf({ scope: 'a' })).toBeUndefined();
    expect(identityOf({ sub: '' })).toBeUndefined();
  });
});
