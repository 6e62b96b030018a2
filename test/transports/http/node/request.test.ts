/**
 * A `node:http` request as the pipeline reads it: method, target, headers, the scheme, the
 * addresses and ports of both ends, the HTTP version, a body a framework already parsed, and its
 * own body read within the limits. Read from a real request on a local server, and from a
 * request object missing what node normally sets.
 */
import { createServer, request as httpRequest, IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { NodeRequest } from '../../../../src/transports/http/node/request';
import { BodyBudget } from '../../../../src/transports/http/request';
import { Deadline } from '../../../../src/transports/http/request/deadline';
import { within } from '../../../helpers/within';

let server: Server;
let port: number;
/** What the handler saw of the latest request. */
let seen: Promise<Record<string, unknown>>;
let resolveSeen: (value: Record<string, unknown>) => void;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const request = new NodeRequest(req);
    const budget = new BodyBudget(1000);
    const body = await request.readBody(100, new Deadline(), new Deadline(), budget);
    resolveSeen({
      method: request.method,
      target: request.target,
      headers: request.headers,
      encrypted: request.encrypted,
      localAddress: request.localAddress,
      remoteAddress: request.remoteAddress,
      parsedBody: request.parsedBody,
      original: request.original === req,
      connection: request.connection(),
      body,
      pending: budget.pending,
    });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function send(method: string, path: string, body?: string): Promise<Record<string, unknown>> {
  seen = new Promise((resolve) => {
    resolveSeen = resolve;
  });
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method,
    path,
    agent: false,
    headers: { 'x-trace': 'a', 'content-type': 'application/json' },
  });
  req.end(body);
  return within(seen, 2000, 'the server did not see the request');
}

test('a request over the network: every field from the IncomingMessage', async () => {
  const got = await send('POST', '/mcp?x=1', '{"a":1}');
  const connection = got.connection as Record<string, unknown>;
  expect(got).toMatchObject({
    method: 'POST',
    target: '/mcp?x=1',
    encrypted: false,
    localAddress: '127.0.0.1',
    remoteAddress: '127.0.0.1',
    parsedBody: undefined,
    original: true,
    body: { ok: true, text: '{"a":1}' },
    pending: 0,
  });
  expect((got.headers as Record<string, string>)['x-trace']).toBe('a');
  expect(connection).toEqual({
    localAddress: '127.0.0.1',
    localPort: port,
    remoteAddress: '127.0.0.1',
    remotePort: expect.any(Number),
    httpVersion: '1.1',
  });
});

test('a body over the limit is refused through the same reader', async () => {
  const got = await send('POST', '/mcp', 'x'.repeat(101));
  expect(got.body).toEqual({ ok: false, reason: 'too-large' });
});

describe('a request object as a framework or a test may hand it', () => {
  function bare(): IncomingMessage {
    return new IncomingMessage(new Socket());
  }

  test('no method, no url: GET and "/"', () => {
    const request = new NodeRequest({ headers: {} } as IncomingMessage);
    expect(request.method).toBe('GET');
    expect(request.target).toBe('/');
  });

  test('an encrypted socket (TLS) makes it https', () => {
    const req = bare();
    (req.socket as unknown as { encrypted: boolean }).encrypted = true;
    expect(new NodeRequest(req).encrypted).toBe(true);
  });

  test('no socket: no addresses, not encrypted', () => {
    const req = { headers: {}, httpVersion: '1.1' } as IncomingMessage;
    const request = new NodeRequest(req);
    expect(request.encrypted).toBe(false);
    expect(request.localAddress).toBeUndefined();
    expect(request.remoteAddress).toBeUndefined();
    expect(request.connection()).toEqual({
      localAddress: undefined,
      localPort: undefined,
      remoteAddress: undefined,
      remotePort: undefined,
      httpVersion: '1.1',
    });
  });

  test.each([
    [{ a: 1 }, { a: 1 }],
    ['{"a":1}', '{"a":1}'],
    [Buffer.from('{"é":1}'), '{"é":1}'],
    [undefined, undefined],
  ])('req.body %p: parsedBody %p', (body, parsed) => {
    const req = bare();
    (req as unknown as { body: unknown }).body = body;
    expect(new NodeRequest(req).parsedBody).toEqual(parsed);
  });
});
