/**
 * `utf8Length` counts the bytes `Content-Length` and the body limits need without encoding the
 * text: it must agree with what an encoder writes for every string, lone surrogates included
 * (encoders write each as U+FFFD, 3 bytes).
 */
import fc from 'fast-check';
import { utf8Length } from '../../../../src/transports/http/request';

test.each([
  ['', 0],
  ['a', 1],
  ['é', 2], // U+00E9
  ['\u07ff', 2], // the last 2-byte code point
  ['\u0800', 3], // the first 3-byte one
  ['€', 3],
  ['😀', 4], // a surrogate pair
  ['\ud800', 3], // a lone high surrogate at the end
  ['\ud800a', 4], // a lone high surrogate before an ASCII letter
  ['\ud800\ud800', 6], // two high surrogates: both lone
  ['\udc00', 3], // a lone low surrogate
  ['\udc00\ud800', 6], // low then high: not a pair
  ['a😀b€', 9],
])('utf8Length(%j) is %i', (text, bytes) => {
  expect(utf8Length(text)).toBe(bytes);
  expect(Buffer.byteLength(text, 'utf8')).toBe(bytes);
});

test('agrees with the encoder for any UTF-16 string, lone surrogates included', () => {
  const units = fc.oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0x80, max: 0x7ff }),
    fc.integer({ min: 0x800, max: 0xffff }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  );
  const text = fc.array(units, { maxLength: 40 }).map((codes) => String.fromCharCode(...codes));
  fc.assert(
    fc.property(text, (value) => {
      expect(utf8Length(value)).toBe(new TextEncoder().encode(value).byteLength);
    }),
    { numRuns: 2000 },
  );
});
