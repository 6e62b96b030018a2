/**
 * The pipeline's reply as a Web `Response`: a JSON answer with its exact length (UTF-8 bytes), an
 * empty answer (204/304 without a body), an event stream whose chunks arrive as written, the
 * high-water mark and `drain`, and the client going away (the request's signal, or the body
 * cancelled) closing it, each close told once.
 */
import { FetchReply } from '../../../../src/transports/http/fetch/reply';
import { within } from '../../../helpers/within';

const answered = (reply: FetchReply) =>
  within(reply.response, 2000, 'the reply did not settle its Response');

/** Resolves once the reply tells it closed. */
function closed(reply: FetchReply): Promise<void> {
  return within(
    new Promise<void>((resolve) => reply.onClose(resolve)),
    2000,
    'the reply did not tell it closed',
  );
}

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers.entries());
}

test('json: the status, the headers given and set, the type and the UTF-8 length', async () => {
  const reply = new FetchReply(undefined);
  reply.header('Mcp-Session-Id', 's1');
  reply.header('X-Gone', 'x');
  reply.removeHeader('X-Gone');
  const body = '{"text":"héllo 😀"}';
  reply.json(200, body, { 'Retry-After': '1' });
  expect(reply.started).toBe(true);
  expect(reply.open).toBe(false);
  const response = await answered(reply);
  expect(response.status).toBe(200);
  expect(headersOf(response)).toEqual({
    'content-length': '22',
    'content-type': 'application/json',
    'mcp-session-id': 's1',
    'retry-after': '1',
  });
  expect(await response.text()).toBe(body);
  expect(Buffer.byteLength(body)).toBe(22);
  await closed(reply);
});

test('a refusal: the JSON-RPC error body as given', async () => {
  const reply = new FetchReply(undefined);
  const body = '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Not Found"}}';
  reply.json(404, body);
  const response = await answered(reply);
  expect(response.status).toBe(404);
  expect(await response.text()).toBe(body);
});

test.each([202, 204, 304])('empty %i: no body, the headers given', async (status) => {
  const reply = new FetchReply(undefined);
  reply.empty(status, { Allow: 'GET, POST' });
  const response = await answered(reply);
  expect(response.status).toBe(status);
  expect(headersOf(response)).toEqual({ allow: 'GET, POST' });
  expect(response.body === null || (await response.text()) === '').toBe(true);
});

test.each([204, 304])(
  'json %i: a status that has no body settles without one (no throw)',
  async (status) => {
    const reply = new FetchReply(undefined);
    reply.json(status, '{}');
    const response = await answered(reply);
    expect(response.status).toBe(status);
    expect(response.body).toBeNull();
  },
);

test('once something went out, json and empty only end it', async () => {
  const reply = new FetchReply(undefined);
  reply.stream({ 'Content-Type': 'text/event-stream' });
  reply.write('data: 1\n\n');
  reply.json(500, '{}');
  reply.empty(204);
  const response = await answered(reply);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('data: 1\n\n');
  expect(reply.open).toBe(false);
});

test('a second stream() is ignored', async () => {
  const reply = new FetchReply(undefined);
  reply.stream({ 'Content-Type': 'text/event-stream' });
  reply.stream({ 'Content-Type': 'text/plain' });
  const response = await answered(reply);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  reply.end();
  await response.text();
});

test('a stream: 200 at once, chunks as written, then its end', async () => {
  const reply = new FetchReply(undefined);
  reply.header('Mcp-Session-Id', 's1');
  reply.stream({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const response = await answered(reply);
  expect(response.status).toBe(200);
  expect(headersOf(response)).toEqual({
    'cache-control': 'no-cache',
    'content-type': 'text/event-stream',
    'mcp-session-id': 's1',
  });
  expect(reply.write('event: message\ndata: {"a":"é"}\n\n')).toBe(true);
  expect(reply.buffered).toBe(33);
  const isClosed = closed(reply);
  reply.end();
  expect(await response.text()).toBe('event: message\ndata: {"a":"é"}\n\n');
  await isClosed;
  expect(reply.write('late')).toBe(false);
});

test('past the high-water mark write says wait; drain is told once the reader took the queue', async () => {
  const reply = new FetchReply(undefined);
  reply.stream({ 'Content-Type': 'text/event-stream' });
  const response = await answered(reply);
  const big = 'x'.repeat(40 * 1024);
  expect(reply.write(big)).toBe(true);
  expect(reply.write(big)).toBe(false);
  expect(reply.buffered).toBe(80 * 1024);
  const drained = within(
    new Promise<void>((resolve) => reply.onDrain(resolve)),
    2000,
    'drain was not told after the reader took the queue',
  );
  const reader = response.body!.getReader();
  await reader.read();
  await reader.read();
  await drained;
  expect(reply.buffered).toBe(0);
  await reader.cancel();
});

test('end() before anything: an empty 200', async () => {
  const reply = new FetchReply(undefined);
  reply.end();
  reply.end();
  const response = await answered(reply);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('');
  await closed(reply);
});

describe('the client going away', () => {
  test('the signal aborts before any answer: the Response settles as 499, close told once', async () => {
    const controller = new AbortController();
    const reply = new FetchReply(controller.signal);
    let closes = 0;
    reply.onClose(() => (closes += 1));
    controller.abort();
    expect(reply.open).toBe(false);
    expect((await answered(reply)).status).toBe(499);
    reply.destroy();
    reply.end();
    await Promise.resolve();
    expect(closes).toBe(1);
  });

  test('the stream body cancelled: the reply is gone, writes refused, close told', async () => {
    const reply = new FetchReply(undefined);
    reply.stream({ 'Content-Type': 'text/event-stream' });
    const isClosed = closed(reply);
    const response = await answered(reply);
    await response.body!.cancel();
    await isClosed;
    expect(reply.open).toBe(false);
    expect(reply.write('data: x\n\n')).toBe(false);
    reply.end(); // no throw on a closed controller
  });

  test('the signal aborts mid-stream: the body ends', async () => {
    const controller = new AbortController();
    const reply = new FetchReply(controller.signal);
    reply.stream({ 'Content-Type': 'text/event-stream' });
    reply.write('data: 1\n\n');
    const response = await answered(reply);
    controller.abort();
    expect(await within(response.text(), 2000, 'the body did not end')).toBe('data: 1\n\n');
  });

  test('onClose after the close is told at once', async () => {
    const reply = new FetchReply(undefined);
    reply.json(200, '{}');
    await closed(reply);
    await closed(reply);
  });
});
