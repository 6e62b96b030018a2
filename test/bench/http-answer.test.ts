/**
 * The load generator's HTTP/1.1 answer reader: Content-Length and chunked bodies, answers read
 * from any prefix of their bytes (incomplete until the last byte), informational answers skipped,
 * bodiless statuses, and bytes that are no answer refused rather than guessed at.
 */
import fc from 'fast-check';
import { MalformedAnswer, readAnswer } from '../../bench/http-answer';

const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');

const LENGTH =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"id":"01"}';
const CHUNKED =
  'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nTRANSFER-ENCODING: chunked\r\n\r\n' +
  '7\r\nevent: \r\n' +
  '13;ext=1\r\nmessage\ndata: {"id"\r\n' +
  '5\r\n:"01"\r\n' +
  '0\r\nX-Trailer: yes\r\n\r\n';

test('a Content-Length answer: status, body, where it ends', () => {
  const answer = readAnswer(bytes(`${LENGTH}HTTP/1.1`));
  expect(answer).toMatchObject({ status: 200, end: LENGTH.length, close: false });
  expect(answer!.body.toString()).toBe('{"id":"01"}');
});

test('a chunked answer: its pieces joined, extensions and trailers passed over', () => {
  const answer = readAnswer(bytes(CHUNKED));
  expect(answer).toMatchObject({ status: 200, end: CHUNKED.length });
  expect(answer!.body.toString()).toBe('event: message\ndata: {"id":"01"');
});

test('every proper prefix of an answer is incomplete; the whole reads the same', () => {
  for (const text of [LENGTH, CHUNKED]) {
    const whole = bytes(text);
    for (let cut = 0; cut < whole.length; cut++) {
      expect(readAnswer(whole.subarray(0, cut))).toBeUndefined();
    }
  }
});

test('any chunking of any body reads back as the body', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 300 }),
      fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 20 }),
      (data, sizes) => {
        const body = Buffer.from(data);
        const pieces: string[] = [];
        let at = 0;
        for (const size of sizes) {
          if (at >= body.length) break;
          const piece = body.subarray(at, at + size);
          pieces.push(`${piece.length.toString(16)}\r\n${piece.toString('latin1')}\r\n`);
          at += piece.length;
        }
        if (at < body.length) {
          const rest = body.subarray(at);
          pieces.push(`${rest.length.toString(16)}\r\n${rest.toString('latin1')}\r\n`);
        }
        const text = `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${pieces.join('')}0\r\n\r\n`;
        const answer = readAnswer(bytes(text));
        expect(answer?.end).toBe(text.length);
        expect(Buffer.compare(answer!.body, body)).toBe(0);
      },
    ),
    { numRuns: 300 },
  );
});

test('1xx answers are skipped; 204 and 304 have no body; Connection: close is seen', () => {
  const informational = `HTTP/1.1 100 Continue\r\n\r\n${LENGTH}`;
  expect(readAnswer(bytes(informational))).toMatchObject({
    status: 200,
    end: informational.length,
  });
  const empty = 'HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n';
  const answer = readAnswer(bytes(empty));
  expect(answer).toMatchObject({ status: 204, end: empty.length, close: true });
  expect(answer!.body.length).toBe(0);
  const failed = 'HTTP/1.1 500 Internal Server Error\r\nContent-Length: 4\r\n\r\noops';
  expect(readAnswer(bytes(failed))).toMatchObject({ status: 500, end: failed.length });
});

test('bytes that are no framed answer are refused, not guessed at', () => {
  const refused = [
    'hello there\r\n\r\n',
    'HTTP/2 200\r\n\r\n',
    'HTTP/1.1 20 OK\r\nContent-Length: 0\r\n\r\n',
    // Neither Content-Length nor chunked: the body would run to the close.
    'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nbody',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabX\r\n',
  ];
  for (const text of refused) expect(() => readAnswer(bytes(text))).toThrow(MalformedAnswer);
  expect(() => readAnswer(Buffer.alloc(17 * 1024, 'a'))).toThrow(/no end of head/);
});
