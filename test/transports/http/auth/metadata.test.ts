/**
 * RFC 9728 protected-resource metadata: where it is published (the well-known path, then the
 * resource's own path), the resource identifier (configured, or built from the request's Host),
 * the document's members, what `serveMetadata` answers (200, 404 or `next`, 405 with Allow), and
 * the defaults `protectedResource` derives from the authenticator and the declared scopes.
 */
import fc from 'fast-check';
import { McpApplication } from '../../../../src';
import { type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import {
  bearerAuth,
  describeOAuth,
  METADATA_PATH,
  metadataUrl,
  protectedResource,
  resourceOf,
  serveMetadata,
} from '../../../../src/transports/http/auth';
import { metadataDocument } from '../../../../src/transports/http/auth/metadata';
import type { HttpRequest } from '../../../../src/transports/http/request';
import { ACCEPT, initializeMessage, jsonOf, raw, testCore } from '../harness';
import { RecordedReply } from '../recorded-reply';

/** A request as `serveMetadata` reads it (method, Host, scheme). */
function request(method: string, host?: string, encrypted = false): HttpRequest {
  return { method, headers: host === undefined ? {} : { host }, encrypted } as HttpRequest;
}

describe('metadataUrl', () => {
  test.each([
    [
      'https://mcp.example.com/mcp',
      'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
    ],
    [
      'https://mcp.example.com/mcp/',
      'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
    ],
    ['https://mcp.example.com/', 'https://mcp.example.com/.well-known/oauth-protected-resource'],
    ['https://mcp.example.com', 'https://mcp.example.com/.well-known/oauth-protected-resource'],
    ['http://127.0.0.1:3000/a/b', 'http://127.0.0.1:3000/.well-known/oauth-protected-resource/a/b'],
    [
      'https://mcp.example.com:443/mcp?x=1#f',
      'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
    ],
  ])('%s → %s', (resource, url) => {
    expect(metadataUrl(resource)).toBe(url);
  });

  test.each(['/mcp', 'http://a b/mcp', 'http://[::1/mcp', 'http://x:99999/mcp', 'http://a"b/mcp'])(
    'a resource that is no URL, or cannot be quoted (%s): none',
    (resource) => {
      expect(metadataUrl(resource)).toBeUndefined();
    },
  );

  test('any Host a caller sends: no throw, and a location that is a URL without a quote', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' })),
        fc.boolean(),
        (host, tls) => {
          const location = metadataUrl(resourceOf(request('GET', host, tls), undefined, '/mcp'));
          if (location === undefined) return;
          expect(URL.canParse(location)).toBe(true);
          expect(location).not.toMatch(/["\\\s]/);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('for any URL: its origin, the well-known path, then its path without a trailing slash', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (resource) => {
        const url = new URL(resource);
        const published = metadataUrl(resource) as string;
        expect(published.startsWith(`${url.origin}${METADATA_PATH}`)).toBe(true);
        const rest = published.slice(url.origin.length + METADATA_PATH.length);
        expect(rest).toBe(url.pathname === '/' ? '' : url.pathname.replace(/\/$/, ''));
        expect(new URL(published).origin).toBe(url.origin);
      }),
      { numRuns: 300 },
    );
  });
});

describe('resourceOf', () => {
  test('the configured resource wins over the request', () => {
    expect(
      resourceOf(
        request('GET', 'evil.example.com'),
        { resource: 'https://mcp.example.com/mcp' },
        '/x',
      ),
    ).toBe('https://mcp.example.com/mcp');
  });

  test('else the scheme, the Host header and the path; localhost when there is no Host', () => {
    expect(resourceOf(request('GET', '127.0.0.1:3000'), undefined, '/mcp')).toBe(
      'http://127.0.0.1:3000/mcp',
    );
    expect(resourceOf(request('GET', 'mcp.example.com', true), {}, '/mcp')).toBe(
      'https://mcp.example.com/mcp',
    );
    expect(resourceOf(request('GET'), undefined, '/mcp')).toBe('http://localhost/mcp');
  });
});

describe('metadataDocument', () => {
  test('the required members, defaults included', () => {
    expect(metadataDocument({}, 'https://mcp.example.com/mcp')).toEqual({
      resource: 'https://mcp.example.com/mcp',
      authorization_servers: [],
      bearer_methods_supported: ['header'],
    });
  });

  test('every option under its RFC 9728 name; extra members as given, in order', () => {
    const document = metadataDocument(
      {
        authorizationServers: ['https://id.example.com'],
        scopesSupported: ['read'],
        bearerMethodsSupported: ['header', 'body'],
        resourceName: 'Notes',
        resourceDocumentation: 'https://docs.example.com',
        resourcePolicyUri: 'https://example.com/policy',
        resourceTosUri: 'https://example.com/tos',
        extra: { tls_client_certificate_bound_access_tokens: true },
      },
      'https://mcp.example.com/mcp',
    );
    expect(JSON.stringify(document)).toBe(
      '{"resource":"https://mcp.example.com/mcp","authorization_servers":["https://id.example.com"],"bearer_methods_supported":["header","body"],"scopes_supported":["read"],"resource_name":"Notes","resource_documentation":"https://docs.example.com","resource_policy_uri":"https://example.com/policy","resource_tos_uri":"https://example.com/tos","tls_client_certificate_bound_access_tokens":true}',
    );
  });
});

describe('serveMetadata', () => {
  const metadata = { authorizationServers: ['https://id.example.com'] };

  test.each(['', '/mcp'])('GET at suffix "%s": 200, public, cached an hour', (suffix) => {
    const reply = new RecordedReply();
    serveMetadata(request('GET', '127.0.0.1:3000'), reply, metadata, '/mcp', suffix);
    expect(reply.status).toBe(200);
    expect(reply.headers).toEqual({
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'max-age=3600',
    });
    expect(reply.body).toBe(
      '{"resource":"http://127.0.0.1:3000/mcp","authorization_servers":["https://id.example.com"],"bearer_methods_supported":["header"]}',
    );
  });

  test('HEAD is answered as GET', () => {
    const reply = new RecordedReply();
    serveMetadata(request('HEAD', 'h'), reply, metadata, '/mcp', '/mcp');
    expect(reply.status).toBe(200);
  });

  test('another suffix: 404 with a JSON-RPC error without id, or next() when mounted', () => {
    const reply = new RecordedReply();
    serveMetadata(request('GET', 'h'), reply, metadata, '/mcp', '/other');
    expect(reply.status).toBe(404);
    expect(reply.body).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Not Found: no protected-resource metadata at this path"}}',
    );
    const mounted = new RecordedReply();
    const next = jest.fn();
    serveMetadata(request('GET', 'h'), mounted, metadata, '/mcp', '/other', next);
    expect(next).toHaveBeenCalledWith();
    expect(mounted.started).toBe(false);
  });

  test.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('%s: 405 with Allow: GET, HEAD', (method) => {
    const reply = new RecordedReply();
    serveMetadata(request(method, 'h'), reply, metadata, '/mcp', '/mcp');
    expect(reply.status).toBe(405);
    expect(reply.headers).toEqual({ Allow: 'GET, HEAD' });
    expect(reply.parsed()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Method Not Allowed: use GET' },
    });
  });

  test('a configured resource: served at its own path (trailing slash dropped), named as configured', () => {
    const configured = { ...metadata, resource: 'https://mcp.example.com/api/mcp/' };
    const reply = new RecordedReply();
    serveMetadata(request('GET', 'internal:8080'), reply, configured, '/mcp', '/api/mcp');
    expect((reply.parsed() as { resource: string }).resource).toBe(
      'https://mcp.example.com/api/mcp/',
    );
    const elsewhere = new RecordedReply();
    serveMetadata(request('GET', 'internal:8080'), elsewhere, configured, '/mcp', '/mcp');
    expect(elsewhere.status).toBe(404);
  });

  test('no endpoint path (a mounted handler): the suffix is the resource path', () => {
    const reply = new RecordedReply();
    serveMetadata(request('GET', 'h'), reply, metadata, undefined, '/tools');
    expect((reply.parsed() as { resource: string }).resource).toBe('http://h/tools');
  });
});

describe('protectedResource', () => {
  const oauth = (issuer: string | undefined, scopes: string[] = []) =>
    describeOAuth(() => null, { issuer, scopes });

  test('nothing to publish without resourceMetadata or an OAuth issuer', () => {
    expect(protectedResource({}, testCore().core)).toBeUndefined();
    expect(
      protectedResource({ authenticate: bearerAuth(() => 'x') }, testCore().core),
    ).toBeUndefined();
    expect(protectedResource({ authenticate: oauth(undefined) }, testCore().core)).toBeUndefined();
  });

  test('the issuer becomes authorization_servers; its scopes and the declared ones scopes_supported, once each', () => {
    const app = McpApplication.create({ name: 'T', version: '1', providers: [] });
    jest
      .spyOn(app, 'describe')
      .mockReturnValue([
        { scopes: ['notes:read'] },
        { scopes: ['notes:write', 'notes:read'] },
        {},
      ] as never);
    expect(
      protectedResource(
        { authenticate: oauth('https://id.example.com', ['openid', 'notes:read']) },
        app,
      ),
    ).toEqual({
      authorizationServers: ['https://id.example.com'],
      scopesSupported: ['notes:read', 'notes:write', 'openid'],
    });
  });

  test('what is configured wins; no scopes at all leaves scopes_supported out', () => {
    const given = {
      authorizationServers: ['https://other.example.com'],
      scopesSupported: ['x'],
      resourceName: 'N',
    };
    expect(
      protectedResource(
        { resourceMetadata: given, authenticate: oauth('https://id.example.com', ['y']) },
        testCore().core,
      ),
    ).toEqual(given);
    expect(
      protectedResource(
        { resourceMetadata: { authorizationServers: ['https://id.example.com'] } },
        testCore().core,
      ),
    ).toEqual({ authorizationServers: ['https://id.example.com'], scopesSupported: undefined });
  });
});

describe('served by the endpoint', () => {
  const reported: unknown[] = [];
  let server: HttpServerHandle;
  let base: string;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, {
      // Nobody gets in: the document is public all the same.
      authenticate: () => null,
      // Any Host reaches the endpoint (as on a public bind), malformed ones too.
      allowedHosts: false,
      onError: (error) => reported.push(error),
      resourceMetadata: {
        authorizationServers: ['https://auth.example.com'],
        scopesSupported: ['read', 'write'],
        resourceName: 'Test server',
      },
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  test.each([`${METADATA_PATH}/mcp`, METADATA_PATH])(
    'GET %s serves the RFC 9728 document without a token',
    async (path) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await jsonOf(response)).toEqual({
        resource: `${base}/mcp`,
        authorization_servers: ['https://auth.example.com'],
        bearer_methods_supported: ['header'],
        scopes_supported: ['read', 'write'],
        resource_name: 'Test server',
      });
    },
  );

  test.each(['a b', '[::1', 'x:99999', '%zz', 'a"b'])(
    'a malformed Host (%s): 401 with a bare challenge, not 500',
    async (host) => {
      const answer = await raw(server.url, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: ACCEPT },
        body: JSON.stringify(initializeMessage()),
      });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.text).toBe(
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Unauthorized: a valid bearer token is required"}}',
      );
      expect(reported).toEqual([]);
    },
  );

  test('metadata for another path → 404; POST to it → 405', async () => {
    expect((await fetch(`${base}${METADATA_PATH}/other`)).status).toBe(404);
    const wrongMethod = await fetch(`${base}${METADATA_PATH}/mcp`, { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
  });
});
