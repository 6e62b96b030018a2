/**
 * The MRTR `requestState` sealer over both hashing seams: `node:crypto` (synchronous, what Node
 * uses) and the Web Crypto API (asynchronous, what Workers use). Both seal the same text, and
 * each opens what the other sealed.
 */
import { RequestStateSealer } from '../../src/core/request-state';
import { defaultSealCrypto, webSealCrypto } from '../../src/core/seal-crypto';

const binding = { principal: 'alice', method: 'tools/call', name: 'book', args: { b: 1, a: [2] } };
const round = { answers: { city: { action: 'accept' } }, asked: ['city'], rounds: 1 };
const NOW = 1_000_000;

describe('RequestStateSealer', () => {
  const node = new RequestStateSealer('secret', 60_000, defaultSealCrypto());
  const web = new RequestStateSealer('secret', 60_000, webSealCrypto());

  it('seals synchronously with node:crypto and asynchronously with Web Crypto, to the same text', async () => {
    const sync = node.seal(round, binding, NOW);
    expect(typeof sync).toBe('string');
    const async = web.seal(round, binding, NOW);
    expect(async).toBeInstanceOf(Promise);
    expect(await async).toBe(sync);
  });

  it('each opens what the other sealed; argument order does not matter', async () => {
    const state = node.seal(round, binding, NOW) as string;
    const reordered = { ...binding, args: { a: [2], b: 1 } };
    expect(await web.open(state, reordered, NOW)).toEqual(round);
    expect(node.open(await web.seal(round, binding, NOW), binding, NOW)).toEqual(round);
  });

  it('refuses a tampered, expired or foreign state with -32602, on both seams', async () => {
    const state = node.seal(round, binding, NOW) as string;
    const [version, body, mac] = state.split('.');
    const forged = `${version}.${body}x.${mac}`;
    for (const sealer of [node, web]) {
      const reasons = [
        [forged, binding, NOW, 'failed its integrity check'],
        [state, binding, NOW + 61_000, 'has expired'],
        [state, { ...binding, principal: 'mallory' }, NOW, 'belongs to another caller'],
        [state, { ...binding, args: { b: 2 } }, NOW, 'was issued for other arguments'],
      ] as const;
      for (const [given, bound, now, why] of reasons) {
        await expect(
          Promise.resolve().then(() => sealer.open(given, bound, now)),
        ).rejects.toMatchObject({
          code: -32602,
          message: expect.stringContaining(why),
        });
      }
    }
  });

  it('a state sealed under another secret does not open', async () => {
    const other = new RequestStateSealer('another', 60_000, webSealCrypto());
    const state = await other.seal(round, binding, NOW);
    expect(() => node.open(state, binding, NOW)).toThrow(/integrity/);
  });
});
