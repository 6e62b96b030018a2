/**
 * `src/core/answers.ts`: the JSON text of answers, written by hand, is what `JSON.stringify`
 * would write for the same answer object; data that cannot be encoded is left out and told;
 * the notes say what an error answer was.
 */
import fc from 'fast-check';
import {
  type AnswerSummary,
  errorAnswer,
  INTERNAL_ERROR_ANSWER,
  INVALID_REQUEST_ANSWER,
  noteError,
  noteInternal,
  PARSE_ERROR_ANSWER,
} from '../../src/core/answers';

const id = fc.oneof(fc.string(), fc.integer(), fc.constant(null));

describe('answer texts', () => {
  it('the three answers without id', () => {
    expect(JSON.parse(PARSE_ERROR_ANSWER)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    expect(JSON.parse(INVALID_REQUEST_ANSWER).error).toEqual({
      code: -32600,
      message: 'Invalid Request',
    });
    expect(JSON.parse(INTERNAL_ERROR_ANSWER).error).toEqual({
      code: -32603,
      message: 'Internal error',
    });
  });

  it('errorAnswer is JSON.stringify of the error answer, with data when given', () => {
    fc.assert(
      fc.property(
        id,
        fc.integer(),
        fc.string(),
        fc.option(fc.jsonValue(), { nil: undefined }),
        (answerId, code, message, data) => {
          const error = data === undefined ? { code, message } : { code, message, data };
          expect(errorAnswer(answerId, code, message, data)).toBe(
            JSON.stringify({ jsonrpc: '2.0', id: answerId, error }),
          );
        },
      ),
    );
  });

  it('data that cannot be encoded is left out, and told', () => {
    const told: unknown[] = [];
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(errorAnswer(1, -32602, 'no', cycle, (error) => told.push(error))).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"no"}}',
    );
    expect(errorAnswer(2, -32602, 'no', 10n)).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"no"}}',
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toBeInstanceOf(TypeError);
  });
});

describe('notes', () => {
  it('noteError and noteInternal fill a note, and do nothing without one', () => {
    const note: AnswerSummary = { ok: false, code: undefined, refused: false };
    noteError(note, -32601, 'Method not found');
    expect(note).toMatchObject({ code: -32601, message: 'Method not found' });
    const cause = new Error('boom');
    noteInternal(note, cause);
    expect(note).toMatchObject({ code: -32603, message: 'Internal error', error: cause });
    expect(() => noteError(undefined, 1, 'x')).not.toThrow();
    expect(() => noteInternal(undefined, cause)).not.toThrow();
  });
});
