/**
 * The negotiation table (src/core/revisions/index.ts): which revision a message speaks, which
 * batches are refused whole, the versions `server/discover` lists, and -32022 built from it.
 */
import { ErrorCode } from '../../../src/core/error-codes';
import * as table from '../../../src/core/revisions';
import {
  batchRefusal,
  DISCOVERED_VERSIONS,
  MCP_2025_11_25,
  MCP_2026_07_28,
  REVISIONS,
  revisionNamed,
  revisionOf,
  unsupportedVersion,
} from '../../../src/core/revisions';
import { MCP_2025_11_25 as OF_2025 } from '../../../src/core/revisions/2025-11-25';
import { MCP_2026_07_28 as OF_2026 } from '../../../src/core/revisions/2026-07-28';
import { expectDataMembers } from '../../helpers/face';

const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };

test('the module exports data members only (every request reads revisionOf from optimized code)', () => {
  expectDataMembers(table);
  expect([MCP_2025_11_25, MCP_2026_07_28]).toEqual([OF_2025, OF_2026]);
  expect(MCP_2025_11_25).toBe(OF_2025);
  expect(MCP_2026_07_28).toBe(OF_2026);
});

test('newest first, the revision with sessions last', () => {
  expect(REVISIONS).toEqual([MCP_2026_07_28, MCP_2025_11_25]);
  expect(Object.isFrozen(REVISIONS)).toBe(true);
});

describe('revisionOf', () => {
  test('a message that names its revision in _meta, or comes with its hint, is 2026-07-28', () => {
    expect(revisionOf({ method: 'tools/list', params: { _meta: meta } }, undefined)).toBe(
      MCP_2026_07_28,
    );
    expect(revisionOf({ method: 'tools/list' }, '2026-07-28')).toBe(MCP_2026_07_28);
  });

  test('what no other revision claims is the one with sessions', () => {
    expect(revisionOf({ method: 'tools/list' }, undefined)).toBe(MCP_2025_11_25);
    expect(revisionOf({ method: 'tools/list' }, '2025-06-18')).toBe(MCP_2025_11_25);
    expect(revisionOf('not an object', '2026-07-28')).toBe(MCP_2025_11_25);
    expect(revisionOf([{ method: 'tools/list', params: { _meta: meta } }], undefined)).toBe(
      MCP_2025_11_25,
    );
  });

  test('a server/discover that names none is a probe, answered by the revision that discovers', () => {
    expect(revisionOf({ method: 'server/discover' }, undefined)).toBe(MCP_2026_07_28);
    expect(revisionOf({ method: 'server/discover' }, '2025-11-25')).toBe(MCP_2026_07_28);
  });
});

describe('batchRefusal', () => {
  test('a single message, or a batch of the 2025 family, is answered', () => {
    expect(
      batchRefusal({ method: 'tools/list', params: { _meta: meta } }, '2026-07-28'),
    ).toBeUndefined();
    expect(batchRefusal([{ method: 'tools/list' }, 1], undefined)).toBeUndefined();
    expect(batchRefusal([{ method: 'tools/list' }], '2025-11-25')).toBeUndefined();
  });

  test('a batch is refused whole when the hint names 2026-07-28 or a member speaks it', () => {
    const refusal = MCP_2026_07_28.batchRefusal;
    expect(refusal).toBeDefined();
    expect(batchRefusal([{ method: 'tools/list' }], '2026-07-28')).toBe(refusal);
    expect(
      batchRefusal(
        [{ method: 'ping' }, { method: 'tools/list', params: { _meta: meta } }],
        undefined,
      ),
    ).toBe(refusal);
  });
});

test('server/discover lists the versions of the revisions that discover', () => {
  expect(DISCOVERED_VERSIONS).toEqual(['2026-07-28']);
});

test('revisionNamed finds the revision of any version it speaks', () => {
  expect(revisionNamed('2026-07-28')).toBe(MCP_2026_07_28);
  expect(revisionNamed('2024-11-05')).toBe(MCP_2025_11_25);
  expect(revisionNamed('2099-01-01')).toBeUndefined();
});

test('unsupportedVersion: -32022 naming what is spoken and the handshake', () => {
  const error = unsupportedVersion('2099-01-01');
  expect(error.code).toBe(ErrorCode.UNSUPPORTED_PROTOCOL_VERSION);
  expect(error.message).toBe(
    'Unsupported protocol version "2099-01-01": use one of 2026-07-28 (or initialize with 2025-11-25)',
  );
  expect(error.data).toEqual({ supported: ['2026-07-28'], requested: '2099-01-01' });
});
