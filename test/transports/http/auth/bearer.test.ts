/**
 * Authentication: `authenticate` → 401 with `WWW-Authenticate: Bearer resource_metadata=…`
 * (RFC 6750, RFC 9728 §5.1), the identity kept on the session and checked on every later request,
 * and `bearerAuth`. The metadata document itself is test/transports/http/auth/metadata.test.ts.
 */
import type { IncomingMessage } from 'node:http';
import { bearerAuth, type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import { initialize, initializeMessage, jsonOf, post, testCore } from '../harness';

const ALICE = { sub: 'alice', scopes: ['read'] };
const BOB = { sub: 'bob', scopes: ['read', 'write'] };

function whoami(id: number) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'whoami' } };
}

function fakeRequest(authorization?: string): IncomingMessage {
  return { headers: authorization === undefined ? {} : { authorization } } as IncomingMessage;
}

describe('authentication', () => {
  let server: HttpServerHandle;
  let base: string;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, {
      authenticate: bearerAuth({ tokens: { 'alice-token': ALICE, 'bob-token': BOB } }),
      resourceMetadata: {
        authorizationServers: ['https://auth.example.com'],
        scopesSupported: ['read', 'write'],
        resourceName: 'Test server',
      },
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  test('no token → 401 with WWW-Authenticate pointing at the metadata document', async () => {
    const response = await post(server.url, initializeMessage());
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(await jsonOf(response)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Unauthorized: a valid bearer token is required' },
    });
  });

  test('a wrong token → 401 with error="invalid_token"', async () => {
    const response = await post(server.url, initializeMessage(), {
      authorization: 'Bearer not-a-token',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", error="invalid_token", error_description="The access token is invalid or expired"`,
    );
  });

  test('GET and DELETE are authenticated too', async () => {
    const get = await fetch(server.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(401);
    const del = await fetch(server.url, { method: 'DELETE' });
    expect(del.status).toBe(401);
  });

  test('the identity reaches the call through the session', async () => {
    const auth = { authorization: 'Bearer alice-token' };
    const { sessionId, headers } = await initialize(server.url, auth);
    const response = await post(server.url, whoami(1), headers);
    const text = (await jsonOf(response)).result.content[0].text;
    expect(JSON.parse(text)).toEqual({ id: sessionId, identity: ALICE, revision: '2025-11-25' });
  });

  test('another identity using someone’s session id → 404 (the session is not revealed)', async () => {
    const { headers } = await initialize(server.url, { authorization: 'Bearer alice-token' });
    const stolen = { ...headers, authorization: 'Bearer bob-token' };
    const response = await post(server.url, whoami(2), stolen);
    expect(response.status).toBe(404);
    expect(
      (await fetch(server.url, { headers: { ...stolen, accept: 'text/event-stream' } })).status,
    ).toBe(404);
    expect((await fetch(server.url, { method: 'DELETE', headers: stolen })).status).toBe(404);
    // The owner still has it.
    expect((await post(server.url, whoami(3), headers)).status).toBe(200);
  });

  test('without a token, someone’s session id gets 401 first', async () => {
    const { headers } = await initialize(server.url, { authorization: 'Bearer alice-token' });
    const { authorization: _dropped, ...anonymous } = headers;
    expect((await post(server.url, whoami(4), anonymous)).status).toBe(401);
  });
});

describe('authentication behind a configured resource', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, {
      authenticate: () => null,
      resourceMetadata: {
        authorizationServers: ['https://auth.example.com'],
        resource: 'https://mcp.example.com/api/mcp',
      },
    });
  });
  afterAll(() => server.close());

  test('the challenge and the document use the configured resource', async () => {
    const response = await post(server.url, initializeMessage());
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/api/mcp"',
    );
    const document = await fetch(
      `http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource/api/mcp`,
    );
    expect((await jsonOf(document)).resource).toBe('https://mcp.example.com/api/mcp');
  });
});

describe('authentication without metadata', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, {
      authenticate: async (req) => (req.headers['x-user'] === 'carol' ? 'carol' : null),
    });
  });
  afterAll(() => server.close());

  test('401 carries a bare Bearer challenge; no well-known document', async () => {
    const response = await post(server.url, initializeMessage());
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const document = await fetch(
      `http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource`,
    );
    expect(document.status).toBe(404);
  });

  test('any identity value works (a string here)', async () => {
    const { headers } = await initialize(server.url, { 'x-user': 'carol' });
    const text = (await jsonOf(await post(server.url, whoami(5), headers))).result.content[0].text;
    expect(JSON.parse(text).identity).toBe('carol');
  });
});

describe('bearerAuth', () => {
  test('fixed tokens map to their identities; anything else is null', async () => {
    const authenticate = bearerAuth({ tokens: new Map([['s3cret', ALICE]]) });
    expect(await authenticate(fakeRequest('Bearer s3cret'))).toBe(ALICE);
    expect(await authenticate(fakeRequest('bearer s3cret'))).toBe(ALICE);
    expect(await authenticate(fakeRequest('Bearer s3cre'))).toBeNull();
    expect(await authenticate(fakeRequest('Bearer s3cretX'))).toBeNull();
    expect(await authenticate(fakeRequest('Basic czNjcmV0'))).toBeNull();
    expect(await authenticate(fakeRequest())).toBeNull();
  });

  test('a verify function receives the token and decides', async () => {
    const seen: string[] = [];
    const authenticate = bearerAuth(async (token) => {
      seen.push(token);
      return token === 'jwt.ok.sig' ? { sub: 'dave' } : null;
    });
    expect(await authenticate(fakeRequest('Bearer jwt.ok.sig'))).toEqual({ sub: 'dave' });
    expect(await authenticate(fakeRequest('Bearer jwt.bad.sig'))).toBeNull();
    expect(await authenticate(fakeRequest())).toBeNull();
    expect(seen).toEqual(['jwt.ok.sig', 'jwt.bad.sig']);
  });

  test('static tokens are compared in constant time over digests', async () => {
    // The module object bearer.ts calls into (through the core's face, which reads it at each call).
    const hashing =
      require('../../../../src/core/seal-crypto') as typeof import('../../../../src/core/seal-crypto');
    const spy = jest.spyOn(hashing, 'constantTimeEqual');
    try {
      const authenticate = bearerAuth({ tokens: { a: 1, bb: 2, ccc: 3 } });
      spy.mockClear();
      expect(await authenticate(fakeRequest('Bearer a'))).toBe(1);
      // Every token is compared (no early exit), always as equal-length SHA-256 digests.
      expect(spy).toHaveBeenCalledTimes(3);
      for (const [left, right] of spy.mock.calls) {
        expect(left).toHaveLength(43);
        expect(right).toHaveLength(43);
      }
    } finally {
      spy.mockRestore();
    }
  });

  test('a token without an identity is a start-up error', () => {
    expect(() => bearerAuth({ tokens: { t: null } })).toThrow(
      'bearerAuth: every token needs an identity (an object such as { sub: "alice" }, or a string).',
    );
  });
});
