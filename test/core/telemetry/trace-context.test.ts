/**
 * W3C Trace Context as MCP carries it: parsing `traceparent` (and what must be ignored), writing
 * it, and where a request's parent comes from (`_meta` first, then the HTTP header).
 */
import fc from 'fast-check';
import {
  carriedContext,
  formatTraceparent,
  parseTraceparent,
} from '../../../src/core/telemetry/trace-context';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';
const VALID = `00-${TRACE}-${SPAN}-01`;

describe('parseTraceparent', () => {
  it('reads version 00: ids, flags as a number, and its tracestate', () => {
    expect(parseTraceparent(VALID, 'congo=t61rcWkgMzE')).toEqual({
      traceId: TRACE,
      spanId: SPAN,
      traceFlags: 1,
      traceState: 'congo=t61rcWkgMzE',
    });
    expect(parseTraceparent(` ${VALID} `)?.traceState).toBeUndefined();
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-ff`)?.traceFlags).toBe(255);
  });

  it('a later version may carry more fields; version 00 may not', () => {
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-00-future`)?.traceId).toBe(TRACE);
    expect(parseTraceparent(`${VALID}-extra`)).toBeUndefined();
  });

  it('ignores version ff, all-zero ids, upper case, wrong lengths and non-strings', () => {
    for (const bad of [
      `ff-${TRACE}-${SPAN}-01`,
      `00-${'0'.repeat(32)}-${SPAN}-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      `00-${TRACE.toUpperCase()}-${SPAN}-01`,
      `00-${TRACE}a-${SPAN}-01`,
      `00-${TRACE}-${SPAN}-1`,
      `0-${TRACE}-${SPAN}-01`,
      '',
      42,
      undefined,
      null,
      { traceparent: VALID },
    ]) {
      expect(parseTraceparent(bad)).toBeUndefined();
    }
  });

  it('bounds: a value over 512 characters is ignored, and so is a tracestate over 512', () => {
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-01-${'x'.repeat(460)}`)).toBeUndefined();
    expect(parseTraceparent(VALID, 'k=v'.padEnd(513, 'v'))?.traceState).toBeUndefined();
    expect(parseTraceparent(VALID, 'k=v'.padEnd(512, 'v'))?.traceState).toHaveLength(512);
    expect(parseTraceparent(VALID, 7)?.traceState).toBeUndefined();
  });

  it('never throws, and what it reads is well formed (any string)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.anything(), (value, state) => {
        const parsed = parseTraceparent(value, state);
        if (parsed === undefined) return true;
        return (
          /^[0-9a-f]{32}$/.test(parsed.traceId) &&
          /^[0-9a-f]{16}$/.test(parsed.spanId) &&
          parsed.traceFlags >= 0 &&
          parsed.traceFlags <= 255
        );
      }),
    );
  });
});

describe('formatTraceparent', () => {
  it('writes version 00 with two hex digits of flags', () => {
    expect(formatTraceparent(TRACE, SPAN, 1)).toBe(VALID);
    expect(formatTraceparent(TRACE, SPAN, 0)).toBe(`00-${TRACE}-${SPAN}-00`);
    expect(formatTraceparent(TRACE, SPAN, 0x1ab)).toBe(`00-${TRACE}-${SPAN}-ab`);
  });

  it('round-trips with parseTraceparent', () => {
    const hex = (length: number) =>
      fc
        .string({
          unit: fc.constantFrom(...'0123456789abcdef'),
          minLength: length,
          maxLength: length,
        })
        .filter((id) => /[1-9a-f]/.test(id));
    fc.assert(
      fc.property(hex(32), hex(16), fc.integer({ min: 0, max: 255 }), (trace, span, flags) => {
        const parsed = parseTraceparent(formatTraceparent(trace, span, flags));
        return parsed?.traceId === trace && parsed.spanId === span && parsed.traceFlags === flags;
      }),
    );
  });
});

describe('carriedContext', () => {
  const OTHER = `00-${'1'.repeat(32)}-${'2'.repeat(16)}-00`;

  it('_meta.traceparent and tracestate first', () => {
    expect(
      carriedContext({ _meta: { traceparent: VALID, tracestate: 'a=b' } }, { traceparent: OTHER }),
    ).toEqual({ traceId: TRACE, spanId: SPAN, traceFlags: 1, traceState: 'a=b' });
  });

  it('the HTTP header when _meta has none, or a malformed one', () => {
    const headers = { traceparent: OTHER, tracestate: 'h=1' };
    expect(carriedContext({}, headers)?.traceState).toBe('h=1');
    expect(carriedContext({ _meta: { traceparent: 'garbage' } }, headers)?.traceId).toBe(
      '1'.repeat(32),
    );
    expect(carriedContext({ _meta: [VALID] as never }, headers)?.traceId).toBe('1'.repeat(32));
    expect(carriedContext(undefined, headers)?.spanId).toBe('2'.repeat(16));
  });

  it('nothing carried: undefined; a repeated header (an array) is not a traceparent', () => {
    expect(carriedContext(undefined, undefined)).toBeUndefined();
    expect(carriedContext({ _meta: { traceparent: 'x' } }, undefined)).toBeUndefined();
    expect(carriedContext({}, { traceparent: [VALID, VALID] })).toBeUndefined();
  });
});
