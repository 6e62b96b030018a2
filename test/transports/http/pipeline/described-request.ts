/**
 * An `HttpRequest` described by hand, for tests of one part of the pipeline without a server:
 * a POST to `/mcp` from loopback with the headers given, whose body is never read unless given.
 */
import type { HttpRequest } from '../../../../src/transports/http/request';

export function describedRequest(
  fields: Partial<Omit<HttpRequest, 'headers'>> & { headers?: Record<string, string> } = {},
): HttpRequest {
  return {
    method: 'POST',
    target: '/mcp',
    encrypted: false,
    localAddress: '127.0.0.1',
    remoteAddress: '127.0.0.1',
    original: undefined,
    parsedBody: undefined,
    readBody: () => Promise.reject(new Error('the body is not read in this test')),
    connection: () => ({
      localAddress: '127.0.0.1',
      localPort: 3000,
      remoteAddress: '127.0.0.1',
      remotePort: 50000,
      httpVersion: '1.1',
    }),
    ...fields,
    headers: { host: 'localhost:3000', ...fields.headers },
  };
}
