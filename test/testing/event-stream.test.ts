/**
 * Splitting a Server-Sent Events body into its events' data, however the body is cut into chunks.
 */
import fc from 'fast-check';
import { eventData } from '../../src/testing/event-stream';
import { within } from '../helpers/within';

function body(chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function all(chunks: Array<string | Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of eventData(body(chunks))) out.push(data);
  return out;
}

const read = (chunks: Array<string | Uint8Array>) =>
  within(all(chunks), 2000, 'the event stream did not end with its body');

test('data lines joined by new lines; one optional space after the colon dropped', async () => {
  expect(
    await read(['event: message\nid: 1\ndata: {"a":1}\n\ndata:two\ndata:  lines\n\n']),
  ).toEqual(['{"a":1}', 'two\n lines']);
});

test('comments and events without data are skipped; CRLF separates too', async () => {
  expect(await read([': keep-alive\n\nid: 7\n\r\ndata: x\r\n\r\nretry: 10\n\n'])).toEqual(['x']);
});

test('an event cut across chunks, even inside a character, is read whole; an unfinished last event is not', async () => {
  const bytes = new TextEncoder().encode('data: é\n\ndata: cut');
  expect(await read([bytes.slice(0, 7), bytes.slice(7, 9), bytes.slice(9)])).toEqual(['é']);
});

test('the same events whatever the chunking', async () => {
  const events = fc.array(
    fc.array(
      fc.string({ unit: 'grapheme' }).map((s) => s.replace(/[\r\n]/g, '')),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    { maxLength: 5 },
  );
  await fc.assert(
    fc.asyncProperty(events, fc.array(fc.nat(), { maxLength: 6 }), async (list, cuts) => {
      const text = list.map((lines) => `${lines.map((l) => `data: ${l}`).join('\n')}\n\n`).join('');
      const bytes = new TextEncoder().encode(text);
      const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
      const chunks: Uint8Array[] = [];
      let start = 0;
      for (const point of [...points, bytes.length]) {
        chunks.push(bytes.slice(start, point));
        start = point;
      }
      expect(await all(chunks)).toEqual(list.map((lines) => lines.join('\n')));
    }),
    { numRuns: 60 },
  );
});
