import fc from 'fast-check';
import { LineReader } from '../../../src/transports/stdio/line-reader';

/** Feeds `chunks` to a reader and collects what it reports. */
function read(limit: number, chunks: Array<Buffer | string>): Array<string | number> {
  const events: Array<string | number> = [];
  const reader = new LineReader(limit, {
    line: (text) => events.push(text),
    overflow: (length) => events.push(length),
  });
  for (const chunk of chunks) reader.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  reader.end();
  return events;
}

/** Cuts `bytes` at the given offsets. */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

describe('LineReader', () => {
  it('splits on \\n and \\r\\n, without the ending', () => {
    expect(read(100, ['a\nb\r\nc\n'])).toEqual(['a', 'b', 'c']);
  });

  it('keeps a lone \\r inside a line', () => {
    expect(read(100, ['a\rb\n'])).toEqual(['a\rb']);
  });

  it('skips blank and whitespace-only lines', () => {
    expect(read(100, ['\n\r\n  \n\t\r\nx\n \t \n'])).toEqual(['x']);
  });

  it('reports the last line without a newline at end of input', () => {
    expect(read(100, ['a\nlast'])).toEqual(['a', 'last']);
    expect(read(100, ['a\nlast\r'])).toEqual(['a', 'last']);
  });

  it('joins a line split across chunks', () => {
    expect(read(100, ['{"a"', ':1', '}\r', '\n{"b":2}\n'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('never corrupts a multi-byte UTF-8 character split across chunks', () => {
    const bytes = Buffer.from('{"text":"café 🌍 日本"}\n');
    for (let at = 1; at < bytes.length; at++) {
      expect(read(100, [bytes.subarray(0, at), bytes.subarray(at)])).toEqual([
        '{"text":"café 🌍 日本"}',
      ]);
    }
    // One byte at a time.
    expect(
      read(
        100,
        [...bytes].map((byte) => Buffer.from([byte])),
      ),
    ).toEqual(['{"text":"café 🌍 日本"}']);
  });

  it('counts bytes, not characters, against the limit', () => {
    expect(read(4, ['éé\n'])).toEqual(['éé']); // 4 bytes
    expect(read(4, ['ééé\n'])).toEqual([6]); // 6 bytes
  });

  it('accepts a line of exactly `limit` bytes whatever its ending, even split before \\n', () => {
    expect(read(3, ['abc\n', 'abc\r\n', 'abc\r', '\n', 'abc'])).toEqual([
      'abc',
      'abc',
      'abc',
      'abc',
    ]);
    expect(read(3, ['abcd\n', 'abc\rd\n'])).toEqual([4, 5]);
  });

  it('reports an over-long line once, with its length, and goes on with the next', () => {
    expect(read(4, ['12345\nok\n'])).toEqual([5, 'ok']);
    expect(read(4, ['12', '34', '56', '78\r', '\nok\n'])).toEqual([8, 'ok']);
    expect(read(4, ['123456789'])).toEqual([9]);
  });

  it('never holds more than limit + 1 bytes, however long the line', () => {
    const events: Array<string | number> = [];
    const reader = new LineReader(64, {
      line: (text) => events.push(text),
      overflow: (length) => events.push(length),
    });
    const chunk = Buffer.alloc(1000, 0x61);
    for (let i = 0; i < 1000; i++) {
      reader.push(chunk);
      expect(reader.buffered).toBeLessThanOrEqual(65);
    }
    reader.push(Buffer.from('\n{"ok":true}\n'));
    expect(events).toEqual([1_000_000, '{"ok":true}']);
    expect(reader.peakBuffered).toBeLessThanOrEqual(65);
  });

  it('property: any chunking of the input yields the same lines', () => {
    const line = fc
      .string({ unit: 'grapheme', maxLength: 20 })
      .map((text) => text.replace(/[\r\n]/g, ''));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.integer({ min: 1, max: 40 }),
        (entries, offsets, limit) => {
          const bytes = Buffer.from(entries.map(([text, ending]) => text + ending).join(''));
          const expected = entries.flatMap(([text]): Array<string | number> => {
            const length = Buffer.byteLength(text);
            if (length > limit) return [length];
            return /^[ \t\r\n]*$/.test(text) ? [] : [text];
          });
          expect(read(limit, cut(bytes, offsets))).toEqual(expected);
          expect(read(limit, [bytes])).toEqual(expected);
        },
      ),
    );
  });
});
