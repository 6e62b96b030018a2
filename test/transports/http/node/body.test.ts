/**
 * Reading a `node:http` request body within limits: the declared `Content-Length` refused
 * before reading, a body that grows past the limit dropped at once, the shared budget taken as
 * bytes arrive and given back, either deadline stopping the read, a client that goes away, and
 * UTF-8 decoded across chunk boundaries. Requests are `IncomingMessage`s fed by hand.
 */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import fc from 'fast-check';
import { readBody } from '../../../../src/transports/http/node/body';
import { BodyBudget } from '../../../../src/transports/http/request';
import { Deadline } from '../../../../src/transports/http/request/deadline';
import { within } from '../../../helpers/within';
import { splitBody } from '../split-body';

/** A request with these headers whose body the test pushes. */
function request(headers: Record<string, string> = {}): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.headers = headers;
  return req;
}

/** Pushes the chunks, then ends the request as the parser does for a complete message. */
function send(req: IncomingMessage, ...chunks: Array<string | Buffer>): void {
  for (const chunk of chunks) req.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  req.complete = true;
  req.push(null);
}

const settled = <T>(promise: Promise<T>) => within(promise, 2000, 'the body read did not settle');

test('a whole body: its text, in one chunk or many', async () => {
  const one = request();
  const reading = readBody(one, 100);
  send(one, '{"a":1}');
  expect(await settled(reading)).toEqual({ ok: true, text: '{"a":1}' });
  const many = request();
  const again = readBody(many, 100);
  send(many, '{"a":', '1}');
  expect(await settled(again)).toEqual({ ok: true, text: '{"a":1}' });
});

test('an empty body: empty text', async () => {
  const req = request();
  const reading = readBody(req, 100);
  send(req);
  expect(await settled(reading)).toEqual({ ok: true, text: '' });
});

test('a declared length over the limit: too-large before reading', async () => {
  const req = request({ 'content-length': '101' });
  expect(await readBody(req, 100)).toEqual({ ok: false, reason: 'too-large' });
  expect(req.listenerCount('data')).toBe(0);
});

test('a body that grows past the limit: too-large, the rest discarded', async () => {
  const req = request();
  const budget = new BodyBudget(0);
  const reading = readBody(req, 8, undefined, undefined, budget);
  send(req, '123456', '7890', 'more');
  expect(await settled(reading)).toEqual({ ok: false, reason: 'too-large' });
});

test('a body exactly at the limit is read', async () => {
  const req = request({ 'content-length': '8' });
  const reading = readBody(req, 8);
  send(req, '1234', '5678');
  expect(await settled(reading)).toEqual({ ok: true, text: '12345678' });
});

test('a request already read: consumed', async () => {
  const req = request();
  const first = readBody(req, 10);
  send(req, 'x');
  await settled(first);
  expect(await readBody(req, 10)).toEqual({ ok: false, reason: 'consumed' });
});

test.each(['deadline', 'bodyDeadline'])('an expired %s: timeout before reading', async (which) => {
  const passed = new Deadline();
  passed.expire();
  const args: [Deadline | undefined, Deadline | undefined] =
    which === 'deadline' ? [passed, undefined] : [undefined, passed];
  expect(await readBody(request(), 10, ...args)).toEqual({ ok: false, reason: 'timeout' });
});

test('a deadline passing mid-body: timeout, the budget given back, later bytes ignored', async () => {
  const req = request({ 'content-length': '5' });
  const deadline = new Deadline();
  const bodyDeadline = new Deadline();
  const budget = new BodyBudget(100);
  const reading = readBody(req, 10, deadline, bodyDeadline, budget);
  req.push(Buffer.from('12'));
  expect(budget.pending).toBe(5);
  deadline.expire();
  expect(await settled(reading)).toEqual({ ok: false, reason: 'timeout' });
  expect(budget.pending).toBe(0);
  bodyDeadline.expire();
  send(req, '345');
  expect(budget.pending).toBe(0);
});

test('a client that goes away mid-body: aborted, and its error is handled', async () => {
  const req = request({ 'content-length': '10' });
  const budget = new BodyBudget(100);
  const reading = readBody(req, 100, undefined, undefined, budget);
  req.push(Buffer.from('12'));
  req.destroy(new Error('socket hang up'));
  expect(await settled(reading)).toEqual({ ok: false, reason: 'aborted' });
  expect(budget.pending).toBe(0);
});

describe('the budget', () => {
  test('a declared length is taken at once: busy when it does not fit', async () => {
    const budget = new BodyBudget(10);
    budget.take(6);
    expect(
      await readBody(request({ 'content-length': '5' }), 100, undefined, undefined, budget),
    ).toEqual({ ok: false, reason: 'busy' });
    expect(budget.pending).toBe(6);
  });

  test('a chunked body is taken as it arrives: busy once it does not fit', async () => {
    const budget = new BodyBudget(10);
    budget.take(4);
    const req = request();
    const reading = readBody(req, 100, undefined, undefined, budget);
    send(req, '1234', '567');
    expect(await settled(reading)).toEqual({ ok: false, reason: 'busy' });
    expect(budget.pending).toBe(4);
  });

  test('given back in full once read; a body longer than declared is charged for the rest', async () => {
    const budget = new BodyBudget(100);
    const seen: number[] = [];
    const take = budget.take.bind(budget);
    budget.take = (n) => {
      seen.push(n);
      return take(n);
    };
    const req = request({ 'content-length': '2' });
    const reading = readBody(req, 100, undefined, undefined, budget);
    send(req, '1234', '5678');
    expect(await settled(reading)).toEqual({ ok: true, text: '12345678' });
    expect(seen).toEqual([2, 2, 4]);
    expect(budget.pending).toBe(0);
  });
});

test('UTF-8 split anywhere across chunks decodes to the text sent', async () => {
  await fc.assert(
    fc.asyncProperty(splitBody, async ({ text, length, chunks }) => {
      const req = request({ 'content-length': String(length) });
      const budget = new BodyBudget(1000);
      const reading = readBody(req, 1000, undefined, undefined, budget);
      send(req, ...chunks);
      expect(await settled(reading)).toEqual({ ok: true, text });
      expect(budget.pending).toBe(0);
    }),
    { numRuns: 200 },
  );
});
