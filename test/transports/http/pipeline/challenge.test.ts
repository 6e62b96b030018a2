/**
 * The refusal of a request without a valid identity or the scope it needs
 * (src/transports/http/pipeline/challenge.ts): 401 or 403, its exact body, and the
 * `WWW-Authenticate` challenge that points OAuth-aware clients at the metadata.
 */
import { AuthRefusal, describeOAuth, METADATA_PATH } from '../../../../src/transports/http/auth';
import { challenge } from '../../../../src/transports/http/pipeline/challenge';
import { describedRequest } from './described-request';

const UNAUTHORIZED =
  '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Unauthorized: a valid bearer token is required"}}';

describe('without published metadata', () => {
  const options = { resourceMetadata: undefined, path: undefined, authenticate: undefined };

  test('no token: 401, a bare Bearer challenge', () => {
    const refusal = challenge(options, describedRequest(), undefined);
    expect(refusal.status).toBe(401);
    expect(refusal.body()).toBe(UNAUTHORIZED);
    expect(refusal.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });

  test('an invalid token: 401 with error and description', () => {
    const refusal = challenge(options, describedRequest(), AuthRefusal.invalidToken('expired'));
    expect(refusal.status).toBe(401);
    expect(refusal.body()).toBe(UNAUTHORIZED);
    expect(refusal.headers).toEqual({
      'WWW-Authenticate': 'Bearer error="invalid_token", error_description="expired"',
    });
  });

  test('a missing scope: 403 naming the scopes', () => {
    const refusal = challenge(
      options,
      describedRequest(),
      AuthRefusal.insufficientScope(['mcp:read', 'mcp:write']),
    );
    expect(refusal.status).toBe(403);
    expect(refusal.body()).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Forbidden: the access token lacks the scope mcp:read mcp:write"}}',
    );
    expect(refusal.headers).toEqual({
      'WWW-Authenticate':
        'Bearer error="insufficient_scope", scope="mcp:read mcp:write", error_description="The access token lacks a scope this request needs"',
    });
  });

  test("no token: the authenticator's own scopes are asked for", () => {
    const authenticate = describeOAuth(() => null, {
      issuer: 'https://as.example.com',
      scopes: ['mcp'],
    });
    const refusal = challenge({ ...options, authenticate }, describedRequest(), undefined);
    expect(refusal.headers).toEqual({ 'WWW-Authenticate': 'Bearer scope="mcp"' });
  });
});

describe('with published metadata', () => {
  test('the resource configured names the metadata URL', () => {
    const options = {
      resourceMetadata: { resource: 'https://mcp.example.com/mcp' },
      path: '/mcp',
      authenticate: undefined,
    };
    const refusal = challenge(options, describedRequest(), undefined);
    expect(refusal.headers).toEqual({
      'WWW-Authenticate': `Bearer resource_metadata="https://mcp.example.com${METADATA_PATH}/mcp"`,
    });
  });

  test('no resource configured: built from Host and the endpoint path', () => {
    const options = { resourceMetadata: {}, path: '/mcp', authenticate: undefined };
    const refusal = challenge(
      options,
      describedRequest({ target: '/mcp?x=1', headers: { host: 'example.com:8080' } }),
      undefined,
    );
    expect(refusal.headers).toEqual({
      'WWW-Authenticate': `Bearer resource_metadata="http://example.com:8080${METADATA_PATH}/mcp"`,
    });
  });

  test("no endpoint path: the request target's path, over TLS with https", () => {
    const options = { resourceMetadata: {}, path: undefined, authenticate: undefined };
    const refusal = challenge(
      options,
      describedRequest({ target: '/api/mcp?x=1', encrypted: true, headers: { host: 'h.test' } }),
      AuthRefusal.invalidToken(),
    );
    expect(refusal.headers).toEqual({
      'WWW-Authenticate': `Bearer resource_metadata="https://h.test${METADATA_PATH}/api/mcp", error="invalid_token", error_description="The access token is invalid or expired"`,
    });
  });
});
