/** base64url both ways (RFC 4648 §5, no padding) and random tokens from Web Crypto. */
import fc from 'fast-check';
import { base64url, fromBase64url, randomBytes, randomToken } from '../../src/core/random';

describe('base64url', () => {
  it('RFC 4648 test vectors, without padding, with - and _', () => {
    const vectors: Array<[string, string]> = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, encoded] of vectors) {
      expect(base64url(new TextEncoder().encode(text))).toBe(encoded);
    }
    expect(base64url(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('-_-_');
  });

  it("matches Node's base64url encoder for any bytes (fast-check)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        return base64url(bytes) === Buffer.from(bytes).toString('base64url');
      }),
    );
  });
});

describe('fromBase64url', () => {
  it('round-trips, with or without padding (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = base64url(bytes);
        const padded = Buffer.from(bytes)
          .toString('base64')
          .replace(/\+/g, '-')
          .replace(/\//g, '_');
        return (
          Buffer.from(fromBase64url(text)).equals(Buffer.from(bytes)) &&
          Buffer.from(fromBase64url(padded)).equals(Buffer.from(bytes))
        );
      }),
    );
  });

  it('a character outside the alphabet is a SyntaxError', () => {
    for (const bad of ['ab+c', 'ab/c', 'a b', 'Zg=x', '€']) {
      expect(() => fromBase64url(bad)).toThrow(new SyntaxError('not base64url'));
    }
  });
});

describe('randomBytes and randomToken', () => {
  it('the requested number of bytes; a token of 24 bytes is 32 characters', () => {
    expect(randomBytes(0)).toHaveLength(0);
    expect(randomBytes(17)).toHaveLength(17);
    const token = randomToken(24);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(fromBase64url(token)).toHaveLength(24);
  });

  it('two tokens differ', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => randomToken(16)));
    expect(tokens.size).toBe(50);
  });
});
