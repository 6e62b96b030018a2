/** server/discover: the revisions, capabilities and instructions, in every revision. */

import { registerDiscover } from '../../../src/core/methods/discover';
import { DISCOVERED_VERSIONS } from '../../../src/core/revisions';
import { linked, methodTable, modern, SERVER_INFO_META } from './harness';

describe('registerDiscover', () => {
  it('answers the discovered versions and the capabilities; 2026-07-28 with its envelope', async () => {
    const { table, ask } = methodTable({ cache: { ttlMs: 30_000, scope: 'public' } });
    const capabilities = { tools: { listChanged: true } };
    registerDiscover(table, { capabilities, instructions: undefined });
    // Only the revisions that discover: a 2025 client negotiates with initialize instead.
    expect(DISCOVERED_VERSIONS).toEqual(['2026-07-28']);
    expect((await ask('server/discover', {}, modern())).result).toEqual({
      supportedVersions: ['2026-07-28'],
      capabilities,
      resultType: 'complete',
      _meta: SERVER_INFO_META,
      ttlMs: 30_000,
      cacheScope: 'public',
    });
  });

  it('a 2025 client may probe too; instructions when the server has them; nothing stored', async () => {
    const { table, ask } = methodTable();
    registerDiscover(table, { capabilities: {}, instructions: 'Ask about weather.' });
    const { inbound, peer } = linked();
    expect((await ask('server/discover', undefined, inbound)).result).toEqual({
      supportedVersions: ['2026-07-28'],
      capabilities: {},
      instructions: 'Ask about weather.',
    });
    expect(peer.revision).toBeUndefined();
  });
});
