/**
 * What the endpoint does with an unexpected error (src/transports/http/pipeline/failures.ts):
 * `onError` or the face's printer, never a throw; an outage told once as it starts (not once per
 * request) with the endpoint's store named; and the answer to the request it broke.
 */
import { memoryAdapter, type StateAdapter } from '../../../../src/adapter';
import { SharedStateError, UnavailableError } from '../../../../src/core';
import { Failures } from '../../../../src/transports/http/pipeline/failures';
import { RecordedReply } from '../recorded-reply';
import { describedRequest } from './described-request';

const INTERNAL = '{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}';

function failures(onError?: (error: unknown, request?: never) => void) {
  const printed: string[] = [];
  const adapter: StateAdapter = memoryAdapter();
  const made = new Failures({ onError }, adapter, (text) => printed.push(text));
  return { failures: made, printed };
}

describe('report', () => {
  test("to onError, with the face's own request object", () => {
    const told: unknown[][] = [];
    const { failures: f, printed } = failures((error, request) => told.push([error, request]));
    const error = new Error('boom');
    f.report(error, describedRequest({ original: 'the node request' }));
    f.report('text');
    expect(told).toEqual([
      [error, 'the node request'],
      ['text', undefined],
    ]);
    expect(printed).toEqual([]);
  });

  test("without onError: printed with the stack, or the value's text", () => {
    const { failures: f, printed } = failures();
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at here';
    f.report(error);
    const bare = new Error('bare');
    bare.stack = undefined;
    f.report(bare);
    f.report(42);
    expect(printed).toEqual([
      'declarative-mcp (http): Error: boom\n    at here',
      'declarative-mcp (http): bare',
      'declarative-mcp (http): 42',
    ]);
  });

  test('a throwing onError changes nothing', () => {
    const { failures: f } = failures(() => {
      throw new Error('listener');
    });
    expect(() => f.report(new Error('boom'))).not.toThrow();
  });

  test('an outage off the request path: told once as it starts, naming the store', () => {
    const { failures: f, printed } = failures();
    f.report(new SharedStateError('connection refused'));
    f.report(new SharedStateError('connection refused'));
    expect(printed).toEqual([
      'declarative-mcp (http): The shared state (memory) is unreachable (connection refused); requests that need it are refused with "try again" (HTTP 503 with Retry-After) until it is back.',
    ]);
    f.outages.stop();
  });
});

describe('answer', () => {
  test('an unexpected error: reported, and answered 500 -32603', () => {
    const told: unknown[] = [];
    const { failures: f } = failures((error) => told.push(error));
    const reply = new RecordedReply();
    const error = new Error('boom');
    f.answer(error, describedRequest(), reply);
    expect(told).toEqual([error]);
    expect([reply.status, reply.body, reply.headers]).toEqual([500, INTERNAL, {}]);
  });

  test('a dependency out: 503 with Retry-After, the outage told once', () => {
    const { failures: f, printed } = failures();
    const first = new RecordedReply();
    const second = new RecordedReply();
    const out = new UnavailableError('the key server (JWKS)', 'timeout');
    f.answer(out, describedRequest(), first);
    f.answer(out, describedRequest(), second);
    const body =
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Service Unavailable: the key server (JWKS) cannot be reached; try again shortly"}}';
    for (const reply of [first, second]) {
      expect([reply.status, reply.body, reply.headers]).toEqual([
        503,
        body,
        { 'Retry-After': '5' },
      ]);
    }
    expect(printed).toEqual([
      'declarative-mcp (http): The key server (JWKS) is unreachable (timeout); requests that need it are refused with "try again" (HTTP 503 with Retry-After) until it is back.',
    ]);
    f.outages.stop();
  });

  test("the shared state's error names this endpoint's store; one that names its own keeps it", () => {
    const { failures: f } = failures();
    const reply = new RecordedReply();
    f.answer(new SharedStateError('down'), describedRequest(), reply);
    expect(JSON.parse(reply.body!).error.message).toBe(
      'Service Unavailable: the shared state (memory) cannot be reached; try again shortly',
    );
    const own = new RecordedReply();
    f.answer(new SharedStateError('down', { store: 'redis' }), describedRequest(), own);
    expect(JSON.parse(own.body!).error.message).toBe(
      'Service Unavailable: the shared state (redis) cannot be reached; try again shortly',
    );
    f.outages.stop();
  });
});
