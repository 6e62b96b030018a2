/**
 * The identity an OAuth authenticator makes from verified claims (src/transports/http/auth/claims.ts):
 * jwtAuth and introspectionAuth both use it unless given `identity`.
 */
import { grantedScopes, identityOf } from '../../../../src/transports/http/auth/claims';

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
