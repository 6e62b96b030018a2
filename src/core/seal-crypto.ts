import { base64url } from './random';

/**
 * The hashing the MRTR `requestState` sealer uses: HMAC-SHA-256 under a key and SHA-256, both as
 * base64url. Synchronous where the runtime offers it (`node:crypto`), a promise with the Web
 * Crypto API (Cloudflare Workers, browsers): the sealer takes either.
 */
export interface SealCrypto {
  hmac(key: Uint8Array, text: string): string | Promise<string>;
  sha256(text: string): string | Promise<string>;
}

/** What the sealer needs of `node:crypto`. */
interface NodeCrypto {
  createHmac(
    algorithm: string,
    key: Uint8Array,
  ): {
    update(text: string): { digest(encoding: 'base64url'): string };
  };
  createHash(algorithm: string): {
    update(text: string): { digest(encoding: 'base64url'): string };
  };
}

const encoder = new TextEncoder();

/** The Web Crypto API's HMAC and SHA-256 (every runtime has it): asynchronous. */
export function webSealCrypto(): SealCrypto {
  // The imported key of the last key bytes: one key per sealer, imported once.
  let keyBytes: Uint8Array | undefined;
  let key: ReturnType<typeof crypto.subtle.importKey> | undefined;
  return {
    async hmac(bytes, text) {
      if (bytes !== keyBytes || key === undefined) {
        keyBytes = bytes;
        key = crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
          'sign',
        ]);
      }
      const mac = await crypto.subtle.sign('HMAC', await key, encoder.encode(text));
      return base64url(new Uint8Array(mac));
    },
    async sha256(text) {
      const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
      return base64url(new Uint8Array(digest));
    },
  };
}

function nodeSealCrypto(node: NodeCrypto): SealCrypto {
  return {
    hmac: (key, text) => node.createHmac('sha256', key).update(text).digest('base64url'),
    sha256: (text) => node.createHash('sha256').update(text).digest('base64url'),
  };
}

/**
 * `node:crypto`'s synchronous HMAC where the runtime hands it over without an import
 * (`process.getBuiltinModule`: Node 20.16+, Bun, Deno), so a 2026 MRTR round on Node costs no
 * extra turn of the event loop; the Web Crypto API elsewhere (Workers without `nodejs_compat`,
 * where there is no `process`). Never a static `node:` import: bundles for Workers stay clean.
 * Chosen at the first hash, not here: an application that never seals a state or hashes a
 * token never loads `node:crypto` (~9 ms CPU of a stdio app's cold start on the bench machine).
 */
export function defaultSealCrypto(): SealCrypto {
  let chosen: SealCrypto | undefined;
  const backend = (): SealCrypto => {
    if (chosen === undefined) chosen = chooseSealCrypto();
    return chosen;
  };
  return {
    hmac: (key, text) => backend().hmac(key, text),
    sha256: (text) => backend().sha256(text),
  };
}

function chooseSealCrypto(): SealCrypto {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process;
  let node: NodeCrypto | undefined;
  try {
    node = process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  } catch {
    node = undefined;
  }
  return typeof node?.createHmac === 'function' ? nodeSealCrypto(node) : webSealCrypto();
}

/** Whether two strings are equal, in time set by their length alone (no early exit). */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
