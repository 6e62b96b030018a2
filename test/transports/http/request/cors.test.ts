/**
 * CORS for origins that passed the Origin check: the headers that let a browser client read the
 * answers and `Mcp-Session-Id`, and the `OPTIONS` answer (a preflight when it comes from an
 * allowed origin, a bare `Allow` otherwise).
 */
import { type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import { allowOrigin, preflight } from '../../../../src/transports/http/request';
import { raw, testCore } from '../harness';
import { RecordedReply } from '../recorded-reply';

const REQUEST_HEADERS =
  'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';

test('allowOrigin names the origin, the headers a script may read, and Vary: Origin', () => {
  const reply = new RecordedReply();
  allowOrigin(reply, 'http://localhost:6274');
  reply.json(200, '{}');
  expect(reply.headers).toEqual({
    'Access-Control-Allow-Origin': 'http://localhost:6274',
    'Access-Control-Expose-Headers': 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
    Vary: 'Origin',
  });
});

test('preflight from an allowed origin: 204 with the methods, the request headers and a max age', () => {
  const reply = new RecordedReply();
  preflight(reply, 'GET, POST, DELETE, OPTIONS', true);
  expect(reply.status).toBe(204);
  expect(reply.body).toBeUndefined();
  expect(reply.headers).toEqual({
    Allow: 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': REQUEST_HEADERS,
    'Access-Control-Max-Age': '600',
  });
});

test('OPTIONS without CORS: 204 with Allow only', () => {
  const reply = new RecordedReply();
  preflight(reply, 'POST, OPTIONS', false);
  expect(reply.status).toBe(204);
  expect(reply.headers).toEqual({ Allow: 'POST, OPTIONS' });
});

describe('on a server', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core);
  });
  afterAll(() => server.close());

  test('OPTIONS from an allowed origin is a CORS preflight (204)', async () => {
    const answer = await raw(server.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:6274',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers.allow).toBe('GET, POST, DELETE, OPTIONS');
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:6274');
    expect(answer.headers['access-control-allow-methods']).toBe('GET, POST, DELETE, OPTIONS');
    expect(answer.headers['access-control-allow-headers']).toBe(REQUEST_HEADERS);
    expect(answer.headers['access-control-max-age']).toBe('600');
    expect(answer.headers.vary).toBe('Origin');
  });
});
