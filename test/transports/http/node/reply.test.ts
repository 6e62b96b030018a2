/**
 * The pipeline's reply on a `node:http` response: the exact status line and headers of a JSON
 * answer (its UTF-8 length) and of an empty one, a stream whose headers go out before any event,
 * what a late answer does once something went out, `started`/`open`/`buffered`, `drain`, and the
 * client going away. One server; each test says what its request is answered with.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeReply } from '../../../../src/transports/http/node/reply';
import { within } from '../../../helpers/within';
import { raw } from '../harness';

type Answer = (reply: NodeReply, res: ServerResponse, req: IncomingMessage) => void;

const answers = new Map<string, Answer>();
let server: Server;
let base: string;
let next = 0;

beforeAll(async () => {
  server = createServer((req, res) => answers.get(req.url ?? '')?.(new NodeReply(res), res, req));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A path whose requests `answer` answers. */
function route(answer: Answer): string {
  next += 1;
  const path = `/${next}`;
  answers.set(path, answer);
  return `${base}${path}`;
}

/** The headers a test checks: all but the ones node adds to every answer. */
function own(headers: Record<string, unknown>): Record<string, unknown> {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

test('json without headers: status, type and UTF-8 length only', async () => {
  const body = '{"text":"héllo 😀"}';
  const answer = await raw(route((reply) => reply.json(200, body)));
  expect(answer.status).toBe(200);
  expect(own(answer.headers)).toEqual({
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  });
  expect(answer.text).toBe(body);
});

test('json with headers: a refusal with Retry-After and the headers set before', async () => {
  const body = '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Busy"}}';
  const answer = await raw(
    route((reply) => {
      reply.header('Mcp-Session-Id', 's1');
      reply.header('X-Gone', 'x');
      reply.removeHeader('X-Gone');
      reply.json(503, body, { 'Retry-After': '1' });
    }),
  );
  expect(answer.status).toBe(503);
  expect(own(answer.headers)).toEqual({
    'mcp-session-id': 's1',
    'retry-after': '1',
    'content-type': 'application/json',
    'content-length': String(body.length),
  });
  expect(answer.text).toBe(body);
});

test.each([
  [202, undefined, {}],
  [204, { Allow: 'GET, POST' }, { allow: 'GET, POST' }],
])('empty %i: no body, the headers given', async (status, headers, expected) => {
  const answer = await raw(route((reply) => reply.empty(status, headers)));
  expect(answer.status).toBe(status);
  const { 'content-length': _length, 'transfer-encoding': _chunked, ...rest } = own(answer.headers);
  expect(rest).toEqual(expected);
  expect(answer.text).toBe('');
});

test('a stream: headers at once, chunks as written; json and empty after it only end it', async () => {
  const states: unknown[] = [];
  const answer = await raw(
    route((reply) => {
      states.push([reply.started, reply.open]);
      reply.stream({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      states.push([reply.started, reply.open]);
      expect(reply.write('data: 1\n\n')).toBe(true);
      reply.json(500, '{"late":true}');
      states.push([reply.started, reply.open]);
      reply.empty(204);
    }),
  );
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('text/event-stream');
  expect(answer.headers['cache-control']).toBe('no-cache');
  expect(answer.text).toBe('data: 1\n\n');
  expect(states).toEqual([
    [false, true],
    [true, true],
    [true, false],
  ]);
});

test('the stream’s headers reach the client before any event', async () => {
  let reply!: NodeReply;
  const url = route((r) => {
    reply = r;
    r.stream({ 'Content-Type': 'text/event-stream' });
  });
  const response = await within(fetch(url), 2000, 'the stream’s headers did not arrive');
  expect(response.status).toBe(200);
  reply.write('data: x\n\n');
  reply.end();
  expect(await response.text()).toBe('data: x\n\n');
});

test('past the high-water mark write says wait; drain is told once the client read it', async () => {
  let told!: Promise<void>;
  const seen: Array<boolean | number> = [];
  const url = route((reply) => {
    reply.stream({ 'Content-Type': 'text/plain' });
    seen.push(reply.write('x'.repeat(1024 * 1024)), reply.buffered > 0);
    told = new Promise<void>((resolve) => reply.onDrain(resolve));
    told.then(() => reply.end());
  });
  const answer = await raw(url);
  await within(told, 2000, 'drain was not told');
  expect(seen).toEqual([false, true]);
  expect(answer.text.length).toBe(1024 * 1024);
});

test('destroy drops the connection: the client sees it reset', async () => {
  const url = route((reply) => {
    reply.stream({ 'Content-Type': 'text/event-stream' });
    reply.write('data: 1\n\n');
    reply.destroy();
  });
  const response = await fetch(url);
  await expect(within(response.text(), 2000, 'the body did not fail')).rejects.toThrow();
});

test('the client going away: close is told, the reply is no longer open', async () => {
  let reply!: NodeReply;
  const opened = new Promise<void>((resolve) => {
    const url = route((r) => {
      reply = r;
      r.stream({ 'Content-Type': 'text/event-stream' });
      resolve();
    });
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then(() => controller.abort())
      .catch(() => undefined);
  });
  await within(opened, 2000, 'the stream did not open');
  await within(
    new Promise<void>((resolve) => reply.onClose(resolve)),
    2000,
    'close was not told when the client went away',
  );
  expect(reply.open).toBe(false);
  expect(reply.write('data: late\n\n')).toBe(false);
});
