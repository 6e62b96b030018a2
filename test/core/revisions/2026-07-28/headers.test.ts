/** The 2026-07-28 header checks: value decoding and the standard headers against the body. */
import { Fault } from '../../../../src/core/errors';
import {
  checkStandardHeaders,
  decodeHeaderValue,
} from '../../../../src/core/revisions/2026-07-28/headers';
import type { JsonRpcRequest } from '../../../../src/core/types';

/** What decodeHeaderValue was written as: a regular expression for the characters, then trim(). */
function reference(raw: string): string | 'refused' {
  if (!/^[\t\x20-\x7e]*$/.test(raw)) return 'refused';
  const value = raw.trim();
  if (value.startsWith('=?base64?') && value.endsWith('?=') && value.length >= 11) return 'base64';
  return value;
}

function decoded(raw: string): string | 'refused' {
  try {
    const value = decodeHeaderValue('Mcp-Name', raw);
    return raw.trim().startsWith('=?base64?') && raw.trim().length >= 11 ? 'base64' : value;
  } catch (error) {
    if (Fault.is(error) && error.code === -32020) return 'refused';
    throw error;
  }
}

const VALUES = [
  '',
  'add',
  ' add',
  'add ',
  '\tadd\t',
  '  ',
  '\t',
  'a b',
  '~',
  '!x!',
  'café',
  'add\u00a0',
  '\u00a0add',
  'line\nbreak',
  'nul\u0000',
  'del\u007f',
  '\u2028add',
  'emoji 😀',
  'x'.repeat(300),
];

describe('decodeHeaderValue', () => {
  test.each(VALUES.map((value) => [JSON.stringify(value), value]))(
    '%s: refused or trimmed as the regular expression and trim() decide',
    (_label, value) => {
      expect(decoded(value)).toBe(reference(value));
    },
  );

  test('a Base64 value is decoded; invalid Base64 is -32020', () => {
    expect(decodeHeaderValue('Mcp-Name', ' =?base64?T3Nsbw==?= ')).toBe('Oslo');
    expect(() => decodeHeaderValue('Mcp-Name', '=?base64?T3Nsbw?=')).toThrow(
      'Header mismatch: Mcp-Name is not valid Base64 between =?base64? and ?=',
    );
    expect(() => decodeHeaderValue('Mcp-Name', 'Os\u00e9lo')).toThrow(
      'Header mismatch: Mcp-Name contains characters a header may not carry',
    );
  });
});

describe('checkStandardHeaders', () => {
  const request = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'add' },
  } as JsonRpcRequest;
  const check = (headers: Record<string, string | string[]>) => () =>
    checkStandardHeaders(request, headers, '2026-07-28');
  const standard = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' };

  test('surrounding white space is trimmed from every header, inner or other characters are not', () => {
    expect(check({ ...standard, 'mcp-name': 'add' })).not.toThrow();
    expect(
      check({
        'mcp-protocol-version': ' 2026-07-28\t',
        'mcp-method': '\u00a0tools/call ',
        'mcp-name': '\tadd ',
      }),
    ).not.toThrow();
    expect(check({ ...standard, 'mcp-protocol-version': '2026-07-28.' })).toThrow(
      "MCP-Protocol-Version header value '2026-07-28.' does not match",
    );
    expect(check({ ...standard, 'mcp-method': 'tools/ call' })).toThrow(
      "Mcp-Method header value 'tools/ call' does not match body value 'tools/call'",
    );
    expect(check({ ...standard, 'mcp-method': ' tools/lis ' })).toThrow(
      "Mcp-Method header value 'tools/lis' does not match body value 'tools/call'",
    );
    expect(check({ ...standard, 'mcp-name': 'add\u00a0' })).toThrow(
      'Mcp-Name contains characters a header may not carry',
    );
  });

  test('a missing or repeated header is -32020', () => {
    expect(check({ 'mcp-method': 'tools/call', 'mcp-name': 'add' })).toThrow(
      'the MCP-Protocol-Version header is required',
    );
    expect(check({ ...standard })).toThrow('the Mcp-Name header is required for tools/call');
    expect(check({ ...standard, 'mcp-name': ['add', 'add'] })).toThrow(
      "Mcp-Name header value 'add, add' does not match body value 'add'",
    );
  });
});
