/**
 * The sealer's hashing: HMAC-SHA-256 and SHA-256 as base64url, the same bytes from node:crypto
 * (synchronous, chosen at the first hash) and from Web Crypto (a promise); and the comparison
 * without an early exit.
 */
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { constantTimeEqual, defaultSealCrypto, webSealCrypto } from '../../src/core/seal-crypto';

const KEY = new TextEncoder().encode('key');

describe('defaultSealCrypto', () => {
  it('on Node: synchronous, with the RFC 4231-style HMAC and SHA-256 digests', () => {
    const hashing = defaultSealCrypto();
    // Well-known vectors: HMAC-SHA256("key", "The quick brown fox…") and SHA-256("abc").
    expect(hashing.hmac(KEY, 'The quick brown fox jumps over the lazy dog')).toBe(
      Buffer.from(
        'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
        'hex',
      ).toString('base64url'),
    );
    expect(hashing.sha256('abc')).toBe(
      Buffer.from(
        'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
        'hex',
      ).toString('base64url'),
    );
  });

  it('without process.getBuiltinModule it uses Web Crypto (a promise), with the same digests', async () => {
    const saved = process.getBuiltinModule;
    const hashing = defaultSealCrypto();
    try {
      (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
      const mac = hashing.hmac(KEY, 'text');
      expect(mac).toBeInstanceOf(Promise);
      expect(await mac).toBe(createHmac('sha256', KEY).update('text').digest('base64url'));
    } finally {
      process.getBuiltinModule = saved;
    }
    // Chosen once, at the first hash: it stays on Web Crypto.
    expect(hashing.sha256('x')).toBeInstanceOf(Promise);
  });

  it('a getBuiltinModule that throws falls back to Web Crypto too', async () => {
    const saved = process.getBuiltinModule;
    const hashing = defaultSealCrypto();
    try {
      (process as { getBuiltinModule?: unknown }).getBuiltinModule = () => {
        throw new Error('not here');
      };
      expect(await hashing.sha256('abc')).toBe(
        createHash('sha256').update('abc').digest('base64url'),
      );
    } finally {
      process.getBuiltinModule = saved;
    }
  });
});

describe('webSealCrypto', () => {
  it('agrees with node:crypto for any key and text (fast-check)', async () => {
    const web = webSealCrypto();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.string(),
        async (key, text) => {
          expect(await web.hmac(key, text)).toBe(
            createHmac('sha256', key).update(text).digest('base64url'),
          );
          expect(await web.sha256(text)).toBe(
            createHash('sha256').update(text).digest('base64url'),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a new key is imported anew (no stale key reused)', async () => {
    const web = webSealCrypto();
    const a = new TextEncoder().encode('a');
    const b = new TextEncoder().encode('b');
    expect(await web.hmac(a, 't')).toBe(createHmac('sha256', a).update('t').digest('base64url'));
    expect(await web.hmac(b, 't')).toBe(createHmac('sha256', b).update('t').digest('base64url'));
    expect(await web.hmac(a, 't')).toBe(createHmac('sha256', a).update('t').digest('base64url'));
  });
});

describe('constantTimeEqual', () => {
  it('equal strings only', () => {
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('token', 'token')).toBe(true);
    expect(constantTimeEqual('token', 'tokeN')).toBe(false);
    expect(constantTimeEqual('token', 'token ')).toBe(false);
    expect(constantTimeEqual('a', '')).toBe(false);
    // One bit apart in the last character.
    expect(constantTimeEqual('ab', 'ac')).toBe(false);
  });

  it('is string equality (fast-check)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => constantTimeEqual(a, b) === (a === b)),
    );
    fc.assert(fc.property(fc.string(), (a) => constantTimeEqual(a, a)));
  });
});
