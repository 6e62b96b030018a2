/**
 * The 2026-07-28 `_meta` of a request (src/core/revisions/2026-07-28/meta.ts): the versions
 * served per request, whether a message names a revision, reading the client a request
 * declares (-32602 for each missing or wrong member), and the -32020 and -32021 errors.
 */
import { ErrorCode } from '../../../../src/core/error-codes';
import {
  headerMismatch,
  isVersion2026,
  META,
  missingCapability,
  namesRevision,
  readMeta,
  VERSIONS_2026,
} from '../../../../src/core/revisions/2026-07-28/meta';

const PV = 'io.modelcontextprotocol/protocolVersion';
const CC = 'io.modelcontextprotocol/clientCapabilities';

test('the versions served per request, and the reserved _meta keys', () => {
  expect(VERSIONS_2026).toEqual(['2026-07-28']);
  expect(isVersion2026('2026-07-28')).toBe(true);
  expect(isVersion2026('2025-11-25')).toBe(false);
  expect(isVersion2026(undefined)).toBe(false);
  expect(META.protocolVersion).toBe(PV);
  expect(META.clientCapabilities).toBe(CC);
  expect(Object.isFrozen(META)).toBe(true);
});

test('a message names a revision by any protocolVersion in its _meta', () => {
  expect(namesRevision({ params: { _meta: { [PV]: '2026-07-28' } } })).toBe(true);
  expect(namesRevision({ params: { _meta: { [PV]: '1999-01-01' } } })).toBe(true);
  expect(namesRevision({ params: { _meta: {} } })).toBe(false);
  expect(namesRevision({ params: { _meta: 'x' } })).toBe(false);
  expect(namesRevision({ params: [] })).toBe(false);
  expect(namesRevision({})).toBe(false);
});

describe('readMeta', () => {
  test('the declared client: version, capabilities, info and log level when well formed', () => {
    const info = { name: 'c', version: '1' };
    expect(
      readMeta({
        _meta: {
          [PV]: '2026-07-28',
          [CC]: { roots: {} },
          [META.clientInfo]: info,
          [META.logLevel]: 'debug',
        },
      }),
    ).toEqual({ revision: '2026-07-28', capabilities: { roots: {} }, info, logLevel: 'debug' });
    expect(
      readMeta({ _meta: { [PV]: 'x', [CC]: {}, [META.clientInfo]: 'c', [META.logLevel]: 3 } }),
    ).toEqual({ revision: 'x', capabilities: {}, info: undefined, logLevel: undefined });
  });

  test('each missing or wrong member is -32602 with its own message', () => {
    const refusal = (params: unknown) => {
      try {
        readMeta(params);
      } catch (error) {
        expect((error as { code: number }).code).toBe(ErrorCode.INVALID_PARAMS);
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal(undefined)).toContain(`params._meta is required: send "${PV}" and "${CC}"`);
    expect(refusal({ _meta: [] })).toContain('params._meta is required');
    expect(refusal({ _meta: { [CC]: {} } })).toContain(
      `params._meta["${PV}"] must be a protocol version string`,
    );
    expect(refusal({ _meta: { [PV]: '', [CC]: {} } })).toContain('must be a protocol version');
    expect(refusal({ _meta: { [PV]: '2026-07-28' } })).toContain(
      `params._meta["${CC}"] must be an object ({} when the client has none)`,
    );
  });
});

test('-32020 for a header mismatch, -32021 naming the capability an ask needs', () => {
  const mismatch = headerMismatch('Mcp-Method is tools/list, the body says tools/call');
  expect(mismatch.code).toBe(ErrorCode.HEADER_MISMATCH);
  expect(mismatch.message).toBe(
    'Header mismatch: Mcp-Method is tools/list, the body says tools/call',
  );
  const missing = missingCapability('elicitation', 'elicitation/create');
  expect(missing.code).toBe(ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY);
  expect(missing.message).toBe(
    `Missing required client capability "elicitation": this request needs elicitation/create; declare "elicitation" in _meta["${CC}"]`,
  );
  expect(missing.data).toEqual({ requiredCapabilities: { elicitation: {} } });
});
