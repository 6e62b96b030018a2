/**
 * How an answer becomes a span's failure: error.type and the status text of a request the server
 * answered, and error.type of a request the server asked its client.
 */
import fc from 'fast-check';
import type { AnswerSummary } from '../../../src/core/answers';
import {
  CancelledError,
  ClientRequestError,
  RequestTimeoutError,
  ToolError,
} from '../../../src/core/errors';
import {
  askErrorType,
  exception,
  failureOf,
  failureText,
} from '../../../src/core/telemetry/failure';

const ok = (result: unknown): AnswerSummary => ({
  ok: true,
  code: undefined,
  refused: false,
  result,
});
const failed = (code: number, message?: string): AnswerSummary => ({
  ok: false,
  code,
  refused: false,
  message,
});

describe('failureOf', () => {
  it('a JSON-RPC error is its code as text', () => {
    expect(failureOf(failed(-32602, 'Unknown tool: x'))).toBe('-32602');
    expect(failureOf(failed(-32603))).toBe('-32603');
    expect(failureOf(failed(0))).toBe('0');
  });

  it('an isError result is tool_error; any other result is no failure', () => {
    expect(failureOf(ok({ isError: true, content: [] }))).toBe('tool_error');
    expect(failureOf(ok({ isError: false }))).toBeUndefined();
    expect(failureOf(ok({ isError: 'true' }))).toBeUndefined();
    expect(failureOf(ok({ content: [] }))).toBeUndefined();
    expect(failureOf(ok(null))).toBeUndefined();
    expect(failureOf(ok([{ isError: true }]))).toBeUndefined();
    expect(failureOf({ ok: false, code: undefined, refused: false })).toBeUndefined();
  });

  it('the code wins over a result', () => {
    expect(failureOf({ ...failed(-32001), result: { isError: true } })).toBe('-32001');
  });

  it('every integer code is its own decimal text', () => {
    fc.assert(fc.property(fc.integer(), (code) => failureOf(failed(code)) === String(code)));
  });
});

describe('failureText', () => {
  it("a JSON-RPC error: its message, or '' without one", () => {
    expect(failureText(failed(-32602, 'Unknown tool: x'))).toBe('Unknown tool: x');
    expect(failureText(failed(-32603))).toBe('');
  });

  it("a tool's failure: its first text content, else tool_error", () => {
    expect(
      failureText(
        ok({
          isError: true,
          content: [
            { type: 'image', data: 'AA==' },
            { type: 'text', text: 'city not found' },
            { type: 'text', text: 'second' },
          ],
        }),
      ),
    ).toBe('city not found');
    expect(failureText(ok({ isError: true, content: [] }))).toBe('tool_error');
    expect(failureText(ok('not an object'))).toBe('tool_error');
  });

  it('a long text is cut at 1024 characters with an ellipsis', () => {
    const text = 'x'.repeat(1025);
    expect(failureText(ok({ isError: true, content: [{ type: 'text', text }] }))).toBe(
      `${'x'.repeat(1024)}…`,
    );
  });
});

describe('askErrorType', () => {
  it("the client's error is its code; no answer in time is timeout; a cancel is cancelled", () => {
    expect(askErrorType(new ClientRequestError('elicitation/create', -32601, 'nope'))).toBe(
      '-32601',
    );
    expect(askErrorType(new RequestTimeoutError('sampling/createMessage', 50))).toBe('timeout');
    expect(askErrorType(new CancelledError('gone'))).toBe('cancelled');
  });

  it('anything else is _OTHER', () => {
    expect(askErrorType(new ToolError('plain'))).toBe('_OTHER');
    expect(askErrorType(new Error('x'))).toBe('_OTHER');
    expect(askErrorType('text')).toBe('_OTHER');
    expect(askErrorType(undefined)).toBe('_OTHER');
    expect(askErrorType({ code: -1 })).toBe('_OTHER');
  });
});

describe('exception', () => {
  it('an Error stays itself; anything else becomes its text', () => {
    const error = new Error('boom');
    expect(exception(error)).toBe(error);
    expect(exception('boom')).toBe('boom');
    expect(exception(42)).toBe('42');
    expect(exception(undefined)).toBe('undefined');
    expect(exception({})).toBe('[object Object]');
  });
});
