/**
 * The answers of a POST that are the transport's own (src/transports/http/pipeline/post-answers.ts):
 * the HTTP status of the core's answer, the fixed refusals, an `initialize` over
 * `maxInitializeBytes`, and what `postTimeout` does to the calls still running.
 */
import { ErrorCode, MCP_2025_11_25, MCP_2026_07_28, type Outcome } from '../../../../src/core';
import type { PendingPost } from '../../../../src/transports/http/pipeline/pending-posts';
import {
  initializeTooLarge,
  NOT_ACCEPTABLE,
  RETRY_AFTER,
  SHUTTING_DOWN,
  statusOf,
  timeOut,
  UNSUPPORTED_TYPE,
} from '../../../../src/transports/http/pipeline/post-answers';

function outcome(fields: Partial<Outcome>): Outcome {
  return {
    text: '{}',
    kind: 'answer',
    ok: true,
    code: undefined,
    unavailable: false,
    method: 'tools/call',
    revision: undefined,
    ...fields,
  };
}

describe('statusOf', () => {
  test('a result: 200 in both revisions', () => {
    expect(statusOf(outcome({}), MCP_2025_11_25)).toBe(200);
    expect(statusOf(outcome({}), MCP_2026_07_28)).toBe(200);
  });

  test('a refused message: 400, whatever its code', () => {
    const refused = outcome({ kind: 'refused', ok: false, code: ErrorCode.PARSE_ERROR });
    expect(statusOf(refused, MCP_2025_11_25)).toBe(400);
    expect(statusOf(outcome({ kind: 'refused', ok: false }), MCP_2026_07_28)).toBe(400);
  });

  test('a dependency out: 503, before the error code', () => {
    const out = outcome({ ok: false, code: ErrorCode.INVALID_PARAMS, unavailable: true });
    expect(statusOf(out, MCP_2026_07_28)).toBe(503);
    expect(statusOf(out, MCP_2025_11_25)).toBe(503);
  });

  test("an error answer: its revision's status for the code", () => {
    const notFound = outcome({ ok: false, code: ErrorCode.METHOD_NOT_FOUND });
    expect(statusOf(notFound, MCP_2025_11_25)).toBe(200);
    expect(statusOf(notFound, MCP_2026_07_28)).toBe(404);
    const invalid = outcome({ ok: false, code: ErrorCode.INVALID_PARAMS });
    expect(statusOf(invalid, MCP_2026_07_28)).toBe(400);
    expect(statusOf(outcome({ ok: false, code: ErrorCode.INTERNAL_ERROR }), MCP_2026_07_28)).toBe(
      200,
    );
  });

  test('a failure without a code (a batch, nothing owed): 200', () => {
    expect(statusOf(outcome({ ok: false }), MCP_2026_07_28)).toBe(200);
    expect(statusOf(outcome({ kind: 'none', ok: false, text: null }), MCP_2026_07_28)).toBe(200);
  });
});

test('the fixed refusals, byte for byte', () => {
  expect(RETRY_AFTER).toBe('5');
  expect([NOT_ACCEPTABLE.status, NOT_ACCEPTABLE.headers]).toEqual([406, undefined]);
  expect(NOT_ACCEPTABLE.body()).toBe(
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Not Acceptable: the Accept header must list application/json and text/event-stream"}}',
  );
  expect([UNSUPPORTED_TYPE.status, UNSUPPORTED_TYPE.headers]).toEqual([415, undefined]);
  expect(UNSUPPORTED_TYPE.body()).toBe(
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Unsupported Media Type: Content-Type must be application/json"}}',
  );
  expect([SHUTTING_DOWN.status, SHUTTING_DOWN.headers]).toEqual([503, { Connection: 'close' }]);
  expect(SHUTTING_DOWN.body()).toBe(
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Service Unavailable: the server is shutting down"}}',
  );
});

describe('initializeTooLarge', () => {
  const reason = (limit: number, bytes: number) =>
    `initialize must not exceed ${limit} bytes (got ${bytes}); send only the capabilities and clientInfo MCP defines`;

  test('answers the id with -32602 and why', () => {
    expect(initializeTooLarge({ id: 1, method: 'initialize' }, 9000, 8192)).toBe(
      `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: ${reason(8192, 9000)}","data":{"reason":"${reason(8192, 9000)}"}}}`,
    );
    expect(JSON.parse(initializeTooLarge({ id: 'a' }, 2, 1)).id).toBe('a');
  });

  test('an id that is not a string or number is answered with null', () => {
    for (const id of [undefined, null, true, { n: 1 }, [1]]) {
      expect(JSON.parse(initializeTooLarge({ id }, 2, 1)).id).toBeNull();
    }
  });
});

describe('timeOut', () => {
  function pending(done: boolean) {
    const calls: unknown[][] = [];
    const post = {
      exchange: { done },
      ids: [1, 'b'],
      fail: (...args: unknown[]) => calls.push(['fail', ...args]),
      peer: { cancel: (...args: unknown[]) => calls.push(['cancel', ...args]) },
    };
    return { post: post as unknown as PendingPost, calls };
  }

  test('answers every request with REQUEST_TIMED_OUT and cancels each call, not telling the client', () => {
    const { post, calls } = pending(false);
    timeOut(post);
    expect(calls).toEqual([
      ['fail', ErrorCode.REQUEST_TIMED_OUT, 'Request timed out'],
      ['cancel', 1, 'The request timed out.', false],
      ['cancel', 'b', 'The request timed out.', false],
    ]);
  });

  test('a POST already answered is left alone', () => {
    const { post, calls } = pending(true);
    timeOut(post);
    expect(calls).toEqual([]);
  });
});
