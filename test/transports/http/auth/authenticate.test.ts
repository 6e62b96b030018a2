/**
 * The `authenticate` hook's contract, on both faces: it receives the face's own request object
 * (`IncomingMessage`, or the Web `Request` itself) and what it is told besides — the resource
 * tokens must be bound to, marked `fromRequest` when it was read from the caller's `Host`; any
 * value but null/undefined is an identity; and a header-reading hook (`bearerAuth`) serves both.
 */
import { IncomingMessage } from 'node:http';
import { bearerAuth, type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import type { AuthenticateInfo } from '../../../../src/transports/http/auth';
import { createFetchHandler } from '../../../../src/transports/http/fetch';
import { ACCEPT, initializeMessage, post, testCore } from '../harness';

const BODY = JSON.stringify(initializeMessage());

function fetchPost(url: string, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: BODY,
  });
}

describe('the fetch face', () => {
  test('the hook gets the Request itself; the resource from the URL, marked fromRequest', async () => {
    const calls: Array<[unknown, AuthenticateInfo | undefined]> = [];
    const handler = createFetchHandler(testCore().core, {
      path: '/mcp',
      authenticate: (request, info) => {
        calls.push([request, info]);
        return { sub: 'a' };
      },
    });
    const request = fetchPost('https://mcp.example.com:8443/mcp?x=1');
    expect((await handler(request)).status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe(request);
    expect(calls[0]![1]).toEqual({
      resource: 'https://mcp.example.com:8443/mcp',
      fromRequest: true,
    });
  });

  test('a configured resource is told as it is, not from the request', async () => {
    const infos: Array<AuthenticateInfo | undefined> = [];
    const handler = createFetchHandler(testCore().core, {
      resourceMetadata: { authorizationServers: [], resource: 'https://public.example.com/mcp' },
      authenticate: (_request, info) => {
        infos.push(info);
        return 'someone';
      },
    });
    await handler(fetchPost('http://internal:8080/mcp'));
    expect(infos).toEqual([{ resource: 'https://public.example.com/mcp' }]);
  });

  test.each([0, '', false, [], {}])('%p is an identity (200)', async (identity) => {
    const handler = createFetchHandler(testCore().core, { authenticate: () => identity });
    expect((await handler(fetchPost('http://localhost/mcp'))).status).toBe(200);
  });

  test.each([null, undefined])(
    '%p is no identity: 401 with a bare Bearer challenge',
    async (identity) => {
      const handler = createFetchHandler(testCore().core, { authenticate: async () => identity });
      const response = await handler(fetchPost('http://localhost/mcp'));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.text()).toBe(
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Unauthorized: a valid bearer token is required"}}',
      );
    },
  );
});

describe('the node face', () => {
  const calls: Array<[unknown, AuthenticateInfo | undefined]> = [];
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, {
      authenticate: (req, info) => {
        calls.push([req, info]);
        return req.headers['x-user'] ?? null;
      },
    });
  });
  afterAll(() => server.close());

  test('the hook gets the IncomingMessage; the resource from Host and the endpoint path', async () => {
    const response = await post(server.url, initializeMessage(), { 'x-user': 'carol' });
    expect(response.status).toBe(200);
    await response.text();
    const [req, info] = calls.at(-1)!;
    expect(req).toBeInstanceOf(IncomingMessage);
    expect((req as IncomingMessage).headers['x-user']).toBe('carol');
    expect(info).toEqual({ resource: server.url, fromRequest: true });
  });
});

test('a header-reading hook serves both faces', async () => {
  const authenticate = bearerAuth({ tokens: { 'alice-token': { sub: 'alice' } } });
  const handler = createFetchHandler(testCore().core, { authenticate });
  expect(
    (await handler(fetchPost('http://localhost/mcp', { authorization: 'Bearer alice-token' })))
      .status,
  ).toBe(200);
  const server = await serveHttp(testCore().core, { authenticate });
  try {
    const response = await post(server.url, initializeMessage(), {
      authorization: 'Bearer alice-token',
    });
    expect(response.status).toBe(200);
    await response.text();
    const refused = await post(server.url, initializeMessage(), { authorization: 'Bearer x' });
    expect(refused.status).toBe(401);
    await refused.text();
  } finally {
    await server.close();
  }
});
