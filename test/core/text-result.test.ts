/**
 * TextResult: a tools/call result of one text content whose JSON text the dispatcher writes
 * itself. As data and as JSON it must be exactly the plain result it stands for.
 */
import fc from 'fast-check';
import { JsonRpcDispatcher, TextResult } from '../../src/core';
import { quoted } from '../../src/core/text-result';

const plain = (text: string, isError: boolean) => ({ content: [{ type: 'text', text }], isError });

const TEXTS = [
  '',
  '5',
  'Sunny.',
  'a "quoted" word',
  'back\\slash',
  'line\nbreak\ttab\r\u0000\u001f\u007f',
  'é✓ and 🌦 (a pair)',
  'lone \ud83c high and \udf26 low',
  '\u2028\u2029',
  'x'.repeat(500),
];

test.each(TEXTS.flatMap((text) => [[text, false] as const, [text, true] as const]))(
  'json() is JSON.stringify of it and of the plain result (%j, isError %s)',
  (text, isError) => {
    const result = new TextResult(text, isError);
    expect(result.json()).toBe(JSON.stringify(result));
    expect(result.json()).toBe(JSON.stringify(plain(text, isError)));
  },
);

test('json() is JSON.stringify of the plain result for any text', () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string(), fc.string({ unit: 'binary' })),
      fc.boolean(),
      (text, isError) => {
        expect(new TextResult(text, isError).json()).toBe(JSON.stringify(plain(text, isError)));
      },
    ),
  );
});

test('quoted is JSON.stringify for every UTF-16 code unit, alone and in a short text', () => {
  for (let unit = 0; unit <= 0xffff; unit++) {
    const char = String.fromCharCode(unit);
    for (const text of [char, `ab${char}cd`]) {
      if (quoted(text) !== JSON.stringify(text)) {
        throw new Error(`quoted(${JSON.stringify(text)}) is ${quoted(text)}`);
      }
    }
  }
});

test('quoted is JSON.stringify at and past the length it checks itself', () => {
  for (const length of [0, 1, 63, 64, 65, 200]) {
    for (const tail of ['', '"', '\\n', '\ud800']) {
      const text = 'x'.repeat(length) + tail;
      expect(quoted(text)).toBe(JSON.stringify(text));
    }
  }
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (text) => {
      expect(quoted(text)).toBe(JSON.stringify(text));
    }),
  );
});

test('as data it is the plain result: the same members, in the same order', () => {
  const result = new TextResult('hi', false);
  expect(result).toEqual(plain('hi', false));
  expect(Object.keys(result)).toEqual(['content', 'isError']);
  expect(Object.keys(result.content[0])).toEqual(['type', 'text']);
  // What changes a result copies it: the copy is a plain object, stringified as one.
  const copy = { ...result, _meta: { a: 1 } };
  expect(copy).not.toBeInstanceOf(TextResult);
  expect(JSON.stringify(copy)).toBe(
    '{"content":[{"type":"text","text":"hi"}],"isError":false,"_meta":{"a":1}}',
  );
});

test('the dispatcher answers a TextResult with its JSON, as it would the plain result', async () => {
  const rpc = new JsonRpcDispatcher()
    .register('text', (params) => new TextResult((params as { text: string }).text, false))
    .register('plain', (params) => plain((params as { text: string }).text, false));
  for (const text of TEXTS) {
    for (const id of ['1', '"abc"', '1e21', '-0', '0.5']) {
      const request = (method: string) =>
        `{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${JSON.stringify({ text })}}`;
      const answer = await rpc.handle(request('text'));
      expect(answer).toBe(await rpc.handle(request('plain')));
      expect(answer).toBe(
        JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(id), result: plain(text, false) }),
      );
    }
  }
});
