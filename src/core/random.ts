/**
 * Random tokens from the Web Crypto API (`crypto.getRandomValues`), which every runtime the
 * package serves on has: Node 20+, Bun, Deno, Cloudflare Workers. No `node:crypto`, so the fetch
 * entry loads where there is none.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `bytes` as base64url without padding (RFC 4648 §5). */
export function base64url(bytes: Uint8Array): string {
  let text = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    text +=
      ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const left = bytes.length - i;
  if (left === 1) {
    const n = bytes[i]! << 16;
    text += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (left === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    text += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return text;
}

/** The bytes of base64url text (padding optional); throws on a character outside the alphabet. */
export function fromBase64url(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (let i = 0; i < clean.length; i += 1) {
    const digit = ALPHABET.indexOf(clean[i]!);
    if (digit === -1) throw new SyntaxError('not base64url');
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at] = (value >> bits) & 255;
      at += 1;
    }
  }
  return bytes.subarray(0, at);
}

/** `count` random bytes. */
export function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

/** A random token of `count` bytes, as base64url (`count` 24 → 32 characters). */
export function randomToken(count: number): string {
  return base64url(randomBytes(count));
}
