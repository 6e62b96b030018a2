/**
 * Reading a Web `ReadableStream` body within limits: the declared length refused before reading,
 * a body that grows past the limit cancelled at once, the shared budget taken as bytes arrive and
 * given back, either deadline and the request's signal stopping the read, and UTF-8 decoded
 * across chunk boundaries. Every way it ends is an outcome, never a throw.
 */
import fc from 'fast-check';
import { readStreamBody } from '../../../../src/transports/http/fetch/body';
import { BodyBudget } from '../../../../src/transports/http/request';
import { Deadline } from '../../../../src/transports/http/request/deadline';
import { within } from '../../../helpers/within';
import { splitBody } from '../split-body';

const encoder = new TextEncoder();

/** A stream of these chunks; `cancelled` tells whether the reader let it go. */
function source(chunks: Uint8Array[], end = true) {
  const state = { cancelled: false, pulled: 0 };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const chunk of chunks) c.enqueue(chunk);
      if (end) c.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state, controller };
}

function bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

const settled = (promise: Promise<unknown>) =>
  within(promise, 2000, 'the body read did not settle');

test('a whole body: its text', async () => {
  const { stream } = source([bytes('{"a":'), bytes('1}')]);
  expect(await readStreamBody(stream, undefined, 100)).toEqual({ ok: true, text: '{"a":1}' });
});

test('no body: empty text', async () => {
  expect(await readStreamBody(null, undefined, 100)).toEqual({ ok: true, text: '' });
});

test('a declared length over the limit: too-large before reading, the stream cancelled', async () => {
  const { stream, state } = source([bytes('x')], false);
  expect(await readStreamBody(stream, '101', 100)).toEqual({ ok: false, reason: 'too-large' });
  expect(state.cancelled).toBe(true);
  expect(stream.locked).toBe(false);
  // No body and a large declared length: still refused (the check comes first).
  expect(await readStreamBody(null, '101', 100)).toEqual({ ok: false, reason: 'too-large' });
});

test.each(['', 'abc', '-5', '1e400'])(
  'a declared length that is not a number (%j) is ignored; the bytes count',
  async (declared) => {
    const { stream } = source([bytes('12345')]);
    expect(await readStreamBody(stream, declared, 10)).toEqual({ ok: true, text: '12345' });
  },
);

test('a body that grows past the limit: too-large, cancelled without reading the rest', async () => {
  // One byte over: 9 of 8.
  const { stream, state, controller } = source([bytes('123456'), bytes('789')], false);
  const budget = new BodyBudget(0);
  const outcome = await settled(readStreamBody(stream, undefined, 8, undefined, undefined, budget));
  expect(outcome).toEqual({ ok: false, reason: 'too-large' });
  expect(state.cancelled).toBe(true);
  expect(() => controller.enqueue(bytes('more'))).toThrow();
});

test('a body exactly at the limit is read', async () => {
  const { stream } = source([bytes('1234'), bytes('5678')]);
  expect(await readStreamBody(stream, '8', 8)).toEqual({ ok: true, text: '12345678' });
});

test('a stream already read: consumed', async () => {
  const { stream } = source([bytes('x')]);
  stream.getReader();
  expect(await readStreamBody(stream, undefined, 10)).toEqual({ ok: false, reason: 'consumed' });
});

test.each(['deadline', 'bodyDeadline'])('an expired %s: timeout before reading', async (which) => {
  const { stream } = source([bytes('x')]);
  const passed = new Deadline();
  passed.expire();
  const args: [Deadline | undefined, Deadline | undefined] =
    which === 'deadline' ? [passed, undefined] : [undefined, passed];
  expect(await readStreamBody(stream, undefined, 10, ...args)).toEqual({
    ok: false,
    reason: 'timeout',
  });
  expect(stream.locked).toBe(false);
});

test('a deadline passing mid-body: timeout, the stream cancelled, the budget given back', async () => {
  const { stream, state, controller } = source([bytes('12')], false);
  const deadline = new Deadline();
  const bodyDeadline = new Deadline();
  const budget = new BodyBudget(100);
  const reading = readStreamBody(stream, '5', 10, deadline, bodyDeadline, budget);
  expect(budget.pending).toBe(5);
  bodyDeadline.expire();
  expect(await settled(reading)).toEqual({ ok: false, reason: 'timeout' });
  expect(state.cancelled).toBe(true);
  expect(budget.pending).toBe(0);
  // The other deadline no longer reaches the finished read.
  deadline.expire();
  expect(() => controller.enqueue(bytes('3'))).toThrow();
});

describe('the request signal', () => {
  test('aborted before: aborted, the stream cancelled', async () => {
    const { stream, state } = source([bytes('x')], false);
    const signal = AbortSignal.abort();
    expect(
      await readStreamBody(stream, undefined, 10, undefined, undefined, undefined, signal),
    ).toEqual({ ok: false, reason: 'aborted' });
    expect(state.cancelled).toBe(true);
  });

  test('aborted mid-body: aborted', async () => {
    const { stream, state } = source([bytes('x')], false);
    const controller = new AbortController();
    const reading = readStreamBody(
      stream,
      undefined,
      10,
      undefined,
      undefined,
      undefined,
      controller.signal,
    );
    controller.abort();
    expect(await settled(reading)).toEqual({ ok: false, reason: 'aborted' });
    expect(state.cancelled).toBe(true);
  });
});

test('a stream that errors: aborted, not a rejection', async () => {
  const { stream, controller } = source([bytes('x')], false);
  const reading = readStreamBody(stream, undefined, 10);
  controller.error(new Error('connection reset'));
  expect(await settled(reading)).toEqual({ ok: false, reason: 'aborted' });
});

describe('the budget', () => {
  test('a declared length is taken at once: busy when it does not fit, nothing read', async () => {
    const budget = new BodyBudget(10);
    expect(budget.take(6)).toBe(true);
    const { stream } = source([bytes('12345')]);
    expect(await readStreamBody(stream, '5', 100, undefined, undefined, budget)).toEqual({
      ok: false,
      reason: 'busy',
    });
    expect(budget.pending).toBe(6);
    expect(stream.locked).toBe(false);
  });

  test('a chunked body is taken as it arrives: busy once it does not fit', async () => {
    const budget = new BodyBudget(10);
    budget.take(4);
    const { stream, state } = source([bytes('1234'), bytes('567')], false);
    expect(
      await settled(readStreamBody(stream, undefined, 100, undefined, undefined, budget)),
    ).toEqual({ ok: false, reason: 'busy' });
    expect(state.cancelled).toBe(true);
    expect(budget.pending).toBe(4);
  });

  test('given back in full once read; a body longer than declared is charged for the rest', async () => {
    const budget = new BodyBudget(100);
    const { stream } = source([bytes('1234'), bytes('5678')]);
    const seen: number[] = [];
    const take = budget.take.bind(budget);
    budget.take = (n) => {
      seen.push(n);
      return take(n);
    };
    expect(await readStreamBody(stream, '2', 100, undefined, undefined, budget)).toEqual({
      ok: true,
      text: '12345678',
    });
    expect(seen).toEqual([2, 2, 4]);
    expect(budget.pending).toBe(0);
  });
});

test('UTF-8 split anywhere across chunks decodes to the text sent', async () => {
  await fc.assert(
    fc.asyncProperty(splitBody, async ({ text, chunks }) => {
      const { stream } = source(chunks);
      const budget = new BodyBudget(1000);
      const outcome = await readStreamBody(stream, undefined, 1000, undefined, undefined, budget);
      expect(outcome).toEqual({ ok: true, text });
      expect(budget.pending).toBe(0);
    }),
    { numRuns: 200 },
  );
});
