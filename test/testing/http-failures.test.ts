/**
 * How the HTTP client wire fails (src/testing/http-failures.ts): each failure an McpClientError
 * whose reason and message say what happened. test/testing/http.test.ts meets them over a server.
 */
import { ErrorCode } from '../../src/core';
import { closed, refused, staleConnection, unreachable } from '../../src/testing/http-failures';

const URL = 'http://127.0.0.1:1/mcp';

test('refused: a 401 names the challenge; another status says what came back, cut at 200 characters', async () => {
  const challenge =
    'Bearer resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource"';
  await expect(
    refused(URL, new Response(null, { status: 401, headers: { 'www-authenticate': challenge } })),
  ).resolves.toMatchObject({
    code: ErrorCode.TRANSPORT_ERROR,
    reason: 'unauthorized',
    message: `${URL} answered 401 Unauthorized: it needs a bearer token (${challenge}).`,
  });
  const failure = await refused(
    URL,
    new Response(` ${'x'.repeat(300)}`, { status: 503, statusText: 'Service Unavailable' }),
  );
  expect(failure).toMatchObject({ reason: 'transport' });
  expect(failure.message).toBe(`${URL} answered HTTP 503 Service Unavailable: ${'x'.repeat(200)}`);
});

test("unreachable: the connection's own reason; staleConnection: a pooled socket the server closed", () => {
  const refusedConnection = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
  expect(unreachable(URL, refusedConnection)).toMatchObject({
    code: ErrorCode.TRANSPORT_ERROR,
    reason: 'transport',
    message: `Cannot reach ${URL}: ECONNREFUSED`,
    cause: refusedConnection,
  });
  expect(unreachable(URL, new Error('bad'))).toMatchObject({ message: `Cannot reach ${URL}: bad` });
  expect(staleConnection(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }))).toBe(
    true,
  );
  expect(
    staleConnection(new TypeError('fetch failed', { cause: { code: 'UND_ERR_SOCKET' } })),
  ).toBe(true);
  expect(staleConnection(refusedConnection)).toBe(false);
});

test('closed: the request was closed before an answer', () => {
  expect(closed('tools/call')).toMatchObject({
    code: ErrorCode.INVALID_REQUEST,
    reason: 'no-answer',
    message: 'tools/call was closed',
  });
});
