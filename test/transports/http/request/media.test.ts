/**
 * The header parsers of the transport: `Accept` (media ranges, q-values, specificity),
 * `Content-Type`, `Host`, `Origin` and `Authorization` — exact cases, and properties: whatever
 * the header, they answer and never throw.
 */
import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { bearerToken } from '../../../../src/transports/http';
import { defaultIdentityKey } from '../../../../src/transports/http/auth/bearer';
import {
  accepts,
  isJsonContentType,
  MediaChecks,
} from '../../../../src/transports/http/request/media';
import { hostPolicy, originPolicy } from '../../../../src/transports/http/request/security';

describe('accepts', () => {
  test.each([
    ['application/json, text/event-stream', 'application/json', true],
    ['application/json, text/event-stream', 'text/event-stream', true],
    ['application/json', 'text/event-stream', false],
    ['*/*', 'text/event-stream', true],
    ['text/*', 'text/event-stream', true],
    ['text/*', 'application/json', false],
    ['APPLICATION/JSON;q=0.9', 'application/json', true],
    ['application/json;q=0', 'application/json', false],
    ['*/*, application/json;q=0', 'application/json', false],
    ['application/json;q=0, */*', 'application/json', false],
    ['text/event-stream;q=0.5, */*;q=0', 'text/event-stream', true],
    ['', 'application/json', false],
  ])('%j accepts %s: %s', (header, mime, expected) => {
    expect(accepts(header, mime)).toBe(expected);
  });

  test('no Accept header accepts nothing (MCP clients must send one)', () => {
    expect(accepts(undefined, 'application/json')).toBe(false);
  });
});

describe('isJsonContentType', () => {
  test.each([
    ['application/json', true],
    ['Application/JSON', true],
    ['application/json; charset=utf-8', true],
    ['application/json;charset="UTF-8"', true],
    ['application/json; charset=iso-8859-1', false],
    ['application/jsonx', false],
    ['text/json', false],
    ['', false],
  ])('%j: %s', (header, expected) => {
    expect(isJsonContentType(header)).toBe(expected);
  });
});

describe('parsers never throw', () => {
  const header = fc.oneof(fc.string(), fc.string({ unit: 'binary' }));

  test('Accept and Content-Type', () => {
    fc.assert(
      fc.property(header, (value) => {
        expect(typeof accepts(value, 'application/json')).toBe('boolean');
        expect(typeof isJsonContentType(value)).toBe('boolean');
      }),
    );
  });

  test('Host and Origin', () => {
    const hosts = [hostPolicy(undefined), hostPolicy(['example.com', 'localhost:80'])];
    const origins = [originPolicy(undefined), originPolicy(['https://a.example'])];
    fc.assert(
      fc.property(header, (value) => {
        for (const allowed of hosts) expect(typeof allowed(value, '127.0.0.1')).toBe('boolean');
        for (const allowed of origins) expect(typeof allowed(value)).toBe('boolean');
      }),
    );
  });

  test('Authorization', () => {
    fc.assert(
      fc.property(header, (value) => {
        const token = bearerToken({ headers: { authorization: value } } as IncomingMessage);
        expect(token === undefined || typeof token === 'string').toBe(true);
      }),
    );
  });
});

describe('MediaChecks: the per-endpoint cache answers as the parsers do', () => {
  const headers = [
    'application/json, text/event-stream',
    'application/json',
    'text/*;q=0',
    '*/*',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
  ];
  test('whatever the order of headers, and with two instances side by side', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...headers), fc.boolean()), { maxLength: 30 }),
        (sequence) => {
          const first = new MediaChecks();
          const second = new MediaChecks();
          for (const [header, which] of sequence) {
            const checks = which ? first : second;
            expect(checks.accepts(header, 'text/event-stream')).toBe(
              accepts(header, 'text/event-stream'),
            );
            expect(checks.accepts(header, 'application/json')).toBe(
              accepts(header, 'application/json'),
            );
            expect(checks.isJson(header)).toBe(isJsonContentType(header));
          }
        },
      ),
    );
  });

  test('acceptsPostAnswers is accepts of both answers, however the checks interleave', () => {
    const expected = (header: string) =>
      accepts(header, 'application/json') && accepts(header, 'text/event-stream');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...headers), fc.integer({ min: 0, max: 2 })), {
          maxLength: 30,
        }),
        (sequence) => {
          const checks = new MediaChecks();
          for (const [header, op] of sequence) {
            if (op === 0) expect(checks.acceptsPostAnswers(header)).toBe(expected(header));
            else if (op === 1) {
              expect(checks.accepts(header, 'text/event-stream')).toBe(
                accepts(header, 'text/event-stream'),
              );
            } else expect(checks.isJson(header)).toBe(isJsonContentType(header));
          }
        },
      ),
    );
    const checks = new MediaChecks();
    expect(checks.acceptsPostAnswers(undefined)).toBe(false);
    expect(checks.acceptsPostAnswers(['application/json', 'text/event-stream'])).toBe(true);
    expect(checks.accepts('text/event-stream', 'text/event-stream')).toBe(true);
    expect(checks.acceptsPostAnswers('text/event-stream')).toBe(false);
  });
});

describe('defaultIdentityKey: one table per endpoint', () => {
  test('an identity that is not JSON is known by reference, numbered per endpoint', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const other: Record<string, unknown> = {};
    other.self = other;
    const first = defaultIdentityKey();
    const second = defaultIdentityKey();
    expect(first(cyclic)).toBe('ref:1');
    expect(first(cyclic)).toBe('ref:1');
    expect(first(other)).toBe('ref:2');
    // Another endpoint starts its own table: nothing is shared at process scope.
    expect(second(other)).toBe('ref:1');
    expect(first({ sub: 'alice' })).toBe('sub:alice');
    expect(first('token-owner')).toBe('string:token-owner');
  });
});
