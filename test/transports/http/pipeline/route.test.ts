/**
 * Routing a request (src/transports/http/pipeline/route.ts), on an endpoint without a server:
 * the path (or the protected resource metadata), the Host and the target's authority, the
 * Origin and CORS, the methods each mode allows, shutdown, authentication, and the hand-over to
 * the method's handler. Exact statuses, headers and bodies.
 */
import { AuthRefusal, METADATA_PATH } from '../../../../src/transports/http/auth';
import type { HttpSession } from '../../../../src/transports/http/http-session';
import type { PipelineOptions } from '../../../../src/transports/http/options';
import { HttpEndpoint } from '../../../../src/transports/http/pipeline';
import { route } from '../../../../src/transports/http/pipeline/route';
import { testCore } from '../harness';
import { RecordedReply } from '../recorded-reply';
import { describedRequest } from './described-request';

const refusal = (code: number, message: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });

const endpoints: HttpEndpoint<HttpSession>[] = [];
afterAll(() => Promise.all(endpoints.map((endpoint) => endpoint.close())));

function endpointOf(options: PipelineOptions<HttpSession> = {}): HttpEndpoint<HttpSession> {
  const endpoint = new HttpEndpoint(testCore().core, options);
  endpoints.push(endpoint);
  return endpoint;
}

/** Routes one request and waits for what it returned; the reply records the answer. */
async function routed(
  endpoint: HttpEndpoint<HttpSession>,
  fields: Parameters<typeof describedRequest>[0],
  next?: () => void,
): Promise<RecordedReply> {
  const reply = new RecordedReply();
  await route(endpoint, describedRequest(fields), reply, next);
  return reply;
}

const JSON_POST = { accept: 'application/json, text/event-stream', 'content-type': 'text/plain' };

describe('path', () => {
  const endpoint = endpointOf({ path: '/mcp' });

  test('another path: 404 naming the endpoint, or next() when there is one', async () => {
    const reply = await routed(endpoint, { target: '/other?x=1' });
    expect([reply.status, reply.body]).toEqual([
      404,
      refusal(-32000, 'Not Found: the MCP endpoint is /mcp'),
    ]);
    let passed = 0;
    const skipped = await routed(endpoint, { target: '/other' }, () => {
      passed += 1;
    });
    expect(passed).toBe(1);
    expect(skipped.started).toBe(false);
  });

  test('the path with a query, or in absolute form, is the endpoint', async () => {
    const reply = await routed(endpoint, { target: '/mcp?x=1', method: 'PUT' });
    expect(reply.status).toBe(405);
    const absolute = await routed(endpoint, {
      target: 'http://localhost:3000/mcp',
      method: 'PUT',
    });
    expect(absolute.status).toBe(405);
  });
});

describe('Host and the target authority (DNS rebinding)', () => {
  const endpoint = endpointOf();

  test('a Host not allowed on a loopback bind: 403', async () => {
    const reply = await routed(endpoint, { headers: { host: 'evil.example.com' } });
    expect([reply.status, reply.body]).toEqual([
      403,
      refusal(-32000, 'Forbidden: Host "evil.example.com" is not allowed'),
    ]);
    const none = await routed(endpoint, { headers: { host: undefined as never } });
    expect(none.body).toBe(refusal(-32000, 'Forbidden: Host "" is not allowed'));
  });

  test("an absolute-form target's authority gets the same check", async () => {
    const reply = await routed(endpoint, { target: 'http://evil.example.com/mcp' });
    expect([reply.status, reply.body]).toEqual([
      403,
      refusal(-32000, 'Forbidden: host "evil.example.com" of the request target is not allowed'),
    ]);
    const broken = await routed(endpoint, { target: 'http://' });
    expect(broken.body).toBe(
      refusal(-32000, 'Forbidden: host "" of the request target is not allowed'),
    );
  });

  test('on another address, no check', async () => {
    const reply = await routed(endpoint, {
      method: 'PUT',
      localAddress: '10.0.0.5',
      headers: { host: 'evil.example.com' },
    });
    expect(reply.status).toBe(405);
  });
});

describe('Origin', () => {
  const endpoint = endpointOf({ sessions: false });

  test('an Origin not allowed: 403', async () => {
    const reply = await routed(endpoint, { headers: { origin: 'https://evil.example.com' } });
    expect([reply.status, reply.body]).toEqual([
      403,
      refusal(-32000, 'Forbidden: Origin "https://evil.example.com" is not allowed'),
    ]);
  });

  test('an allowed Origin gets the CORS headers on its answer', async () => {
    const reply = await routed(endpoint, {
      method: 'PUT',
      headers: { origin: 'http://localhost:6274' },
    });
    expect(reply.status).toBe(405);
    expect(reply.headers['Access-Control-Allow-Origin']).toBe('http://localhost:6274');
  });
});

describe('methods', () => {
  const stateless = endpointOf({ sessions: false });
  const sessions = endpointOf();

  test('OPTIONS: the methods of the mode, a preflight with an Origin', async () => {
    const bare = await routed(stateless, { method: 'OPTIONS' });
    expect([bare.status, bare.headers]).toEqual([204, { Allow: 'POST, OPTIONS' }]);
    const cors = await routed(sessions, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:6274' },
    });
    expect(cors.status).toBe(204);
    expect(cors.headers.Allow).toBe('GET, POST, DELETE, OPTIONS');
    expect(cors.headers['Access-Control-Allow-Methods']).toBe('GET, POST, DELETE, OPTIONS');
  });

  test('stateless: only POST, 405 with Allow', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const reply = await routed(stateless, { method });
      expect([reply.status, reply.body, reply.headers]).toEqual([
        405,
        refusal(
          -32000,
          'Method Not Allowed: use POST, OPTIONS (stateless server: no stream, no session)',
        ),
        { Allow: 'POST, OPTIONS' },
      ]);
    }
  });

  test('sessions: GET, POST and DELETE; 405 with Allow otherwise', async () => {
    const reply = await routed(sessions, { method: 'PATCH' });
    expect([reply.status, reply.body, reply.headers]).toEqual([
      405,
      refusal(-32000, 'Method Not Allowed: use GET, POST, DELETE, OPTIONS'),
      { Allow: 'GET, POST, DELETE, OPTIONS' },
    ]);
  });

  test('each method reaches its handler', async () => {
    // POST: the Content-Type check is handlePost's.
    const posted = await routed(stateless, { headers: JSON_POST });
    expect(posted.status).toBe(415);
    // GET: the Accept check is openStream's.
    const get = await routed(sessions, { method: 'GET', headers: { accept: 'application/json' } });
    expect([get.status, get.body]).toEqual([
      406,
      refusal(-32000, 'Not Acceptable: the Accept header must list text/event-stream'),
    ]);
    // DELETE: the session gate's.
    const deleted = await routed(sessions, { method: 'DELETE' });
    expect(deleted.status).toBe(400);
  });
});

describe('protected resource metadata', () => {
  const endpoint = endpointOf({
    path: '/mcp',
    resourceMetadata: {
      resource: 'https://mcp.example.com/mcp',
      authorizationServers: ['https://as.example.com'],
    },
  });

  test('served beside the endpoint path, and under it', async () => {
    for (const target of [METADATA_PATH, `${METADATA_PATH}/mcp`]) {
      const reply = await routed(endpoint, { method: 'GET', target });
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body!).resource).toBe('https://mcp.example.com/mcp');
    }
  });

  test('a path that only starts like it is not it', async () => {
    const reply = await routed(endpoint, { method: 'GET', target: `${METADATA_PATH}x` });
    expect(reply.status).toBe(404);
  });

  test('without metadata, its path is another path', async () => {
    const reply = await routed(endpointOf({ path: '/mcp' }), {
      method: 'GET',
      target: METADATA_PATH,
    });
    expect(reply.status).toBe(404);
  });

  test('the Host check comes first', async () => {
    const reply = await routed(endpoint, {
      method: 'GET',
      target: METADATA_PATH,
      headers: { host: 'evil.example.com' },
    });
    expect(reply.status).toBe(403);
  });
});

describe('shutdown', () => {
  test('GET and DELETE get 503; a POST still goes in (answers to the server come in)', async () => {
    const endpoint = endpointOf();
    const closed = endpoint.close();
    const reply = await routed(endpoint, { method: 'GET' });
    expect([reply.status, reply.body, reply.headers]).toEqual([
      503,
      refusal(-32000, 'Service Unavailable: the server is shutting down'),
      { Connection: 'close' },
    ]);
    const posted = await routed(endpoint, { headers: JSON_POST });
    expect(posted.status).toBe(415);
    await closed;
  });
});

describe('authentication', () => {
  const seen: unknown[] = [];
  const endpoint = endpointOf({
    sessions: false,
    path: '/mcp',
    authenticate: (request: unknown, info: unknown) => {
      seen.push(info);
      const token = (request as { token?: string }).token;
      if (token === 'good') return { user: 'ann' };
      if (token === 'narrow') return AuthRefusal.insufficientScope(['admin']);
      return null;
    },
  } as PipelineOptions<HttpSession>);

  test('no identity: 401 with the challenge, after the method checks', async () => {
    seen.length = 0;
    const reply = await routed(endpoint, { original: {} });
    expect([reply.status, reply.body, reply.headers]).toEqual([
      401,
      refusal(-32000, 'Unauthorized: a valid bearer token is required'),
      { 'WWW-Authenticate': 'Bearer' },
    ]);
    expect(seen).toEqual([{ resource: 'http://localhost:3000/mcp', fromRequest: true }]);
    const method = await routed(endpoint, { method: 'GET', original: {} });
    expect(method.status).toBe(405);
    expect(seen).toHaveLength(1);
  });

  test('a token the hook declined is invalid_token', async () => {
    const reply = await routed(endpoint, {
      original: {},
      headers: { authorization: 'Bearer bad' },
    });
    expect(reply.headers).toEqual({
      'WWW-Authenticate':
        'Bearer error="invalid_token", error_description="The access token is invalid or expired"',
    });
  });

  test("the hook's own refusal: 403 insufficient_scope", async () => {
    const reply = await routed(endpoint, { original: { token: 'narrow' } });
    expect([reply.status, reply.body]).toEqual([
      403,
      refusal(-32000, 'Forbidden: the access token lacks the scope admin'),
    ]);
  });

  test('an identity: on to the method', async () => {
    const reply = await routed(endpoint, { original: { token: 'good' }, headers: JSON_POST });
    expect(reply.status).toBe(415);
  });

  test('a configured resource is passed without fromRequest', async () => {
    const info: unknown[] = [];
    const configured = endpointOf({
      sessions: false,
      resourceMetadata: {
        resource: 'https://mcp.example.com/mcp',
        authorizationServers: ['https://as.example.com'],
      },
      authenticate: (_request: unknown, given: unknown) => {
        info.push(given);
        return null;
      },
    } as PipelineOptions<HttpSession>);
    const reply = await routed(configured, { original: {} });
    expect(info).toEqual([{ resource: 'https://mcp.example.com/mcp' }]);
    expect(reply.headers).toEqual({
      'WWW-Authenticate': `Bearer resource_metadata="https://mcp.example.com${METADATA_PATH}/mcp"`,
    });
  });
});
