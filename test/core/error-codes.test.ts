/**
 * The table of `src/core/error-codes.ts`: each code has one name, every code lies in its documented
 * range, the specifications' codes keep their values, and no other module of src writes a code as
 * a bare number.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '../../src/core/error-codes';

describe('ErrorCode: one table', () => {
  it('gives each code one name, in the documented ranges', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [name, code] of Object.entries(ErrorCode)) {
      const jsonRpc = code === -32700 || (code <= -32600 && code >= -32603);
      const mcp = code === -32002 || (code <= -32020 && code >= -32099);
      const own = code <= -32000 && code >= -32019 && code !== -32002;
      expect([name, jsonRpc || mcp || own]).toEqual([name, true]);
    }
    expect(ErrorCode.SESSION_NOT_FOUND).not.toBe(ErrorCode.REQUEST_TIMED_OUT);
    expect(ErrorCode.TRANSPORT_ERROR).not.toBe(ErrorCode.SERVER_BUSY);
  });

  it('keeps the codes the specifications fix', () => {
    expect(ErrorCode).toMatchObject({
      PARSE_ERROR: -32700,
      INVALID_REQUEST: -32600,
      METHOD_NOT_FOUND: -32601,
      INVALID_PARAMS: -32602,
      INTERNAL_ERROR: -32603,
      RESOURCE_NOT_FOUND: -32002,
      HEADER_MISMATCH: -32020,
      MISSING_REQUIRED_CLIENT_CAPABILITY: -32021,
      UNSUPPORTED_PROTOCOL_VERSION: -32022,
    });
  });

  it('no module of src writes a code as a bare number, outside the table', () => {
    const root = join(__dirname, '../../src');
    const files = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && file !== join('core', 'error-codes.ts'))
      .map((file) => join(root, file));
    const offenders: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, at) => {
          const code = line
            .replace(/\/\/.*$|^\s*\*.*$|^\s*\/\*\*.*$/, '')
            .replace(/`[^`]*`|'[^']*'/g, '');
          if (/(?<![\w.])-32[0-7]\d\d(?!\d)/.test(code))
            offenders.push(`${file}:${at + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
