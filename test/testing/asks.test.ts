/**
 * How the test client answers a server's question: which handler answers it, the client
 * capabilities the handlers imply, and the errors when none answers or one throws.
 */
import { ErrorCode, McpClientError } from '../../src/core';
import { answer, capabilitiesOf, handlerFor } from '../../src/testing/asks';

const elicit = () => ({ action: 'accept' });

/** The McpClientError a promise rejects with (a resolved one fails the test). */
const failure = (promise: Promise<unknown>): Promise<McpClientError> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: McpClientError) => error,
  );
const byMethod = () => ({ action: 'decline' });

describe('handlerFor', () => {
  test('the short name first, then the method; other methods by name only', () => {
    expect(
      handlerFor({ elicitation: elicit, 'elicitation/create': byMethod }, 'elicitation/create'),
    ).toBe(elicit);
    expect(handlerFor({ 'elicitation/create': byMethod }, 'elicitation/create')).toBe(byMethod);
    expect(handlerFor({ sampling: elicit }, 'sampling/createMessage')).toBe(elicit);
    expect(handlerFor({ roots: elicit }, 'roots/list')).toBe(elicit);
    expect(handlerFor({ 'ping/x': elicit }, 'ping/x')).toBe(elicit);
    expect(handlerFor({ roots: elicit }, 'elicitation/create')).toBeUndefined();
    expect(handlerFor(undefined, 'roots/list')).toBeUndefined();
  });
});

describe('capabilitiesOf', () => {
  test('one capability per kind a handler answers, overlaid by those given', () => {
    expect(
      capabilitiesOf({ elicitation: elicit, 'roots/list': elicit, 'x/y': elicit }, undefined),
    ).toEqual({
      elicitation: {},
      roots: {},
    });
    expect(
      capabilitiesOf({ sampling: elicit }, { sampling: { tools: {} }, experimental: {} }),
    ).toEqual({
      sampling: { tools: {} },
      experimental: {},
    });
    expect(capabilitiesOf(undefined, undefined)).toEqual({});
  });
});

describe('answer', () => {
  test("the handler's result, awaited, given the params", async () => {
    const seen: unknown[] = [];
    const result = await answer(
      {
        elicitation: async (params) => {
          seen.push(params);
          return { action: 'accept', content: { ok: true } };
        },
      },
      'elicitation/create',
      { message: 'Sure?' },
    );
    expect(result).toEqual({ action: 'accept', content: { ok: true } });
    expect(seen).toEqual([{ message: 'Sure?' }]);
  });

  test('no handler: METHOD_NOT_FOUND, missing-handler, saying what to give', async () => {
    const error = await failure(answer({}, 'sampling/createMessage', { maxTokens: 1 }));
    expect(McpClientError.is(error)).toBe(true);
    expect(error).toMatchObject({
      code: ErrorCode.METHOD_NOT_FOUND,
      reason: 'missing-handler',
      data: { method: 'sampling/createMessage', params: { maxTokens: 1 } },
      message:
        'The server asked sampling/createMessage and no sampling handler answers it: give connect() handlers: { sampling: (params) => result }.',
    });
    const other = await failure(answer(undefined, 'x/ask', {}));
    expect(other.message).toBe(
      'The server asked x/ask and no x/ask handler answers it: give connect() handlers: { x/ask: (params) => result }.',
    );
  });

  test('a handler that throws: INTERNAL_ERROR, handler-failed, the error as cause', async () => {
    const thrown = new Error('no model');
    const error = await failure(
      answer(
        {
          sampling: () => {
            throw thrown;
          },
        },
        'sampling/createMessage',
        {},
      ),
    );
    expect(error).toMatchObject({
      code: ErrorCode.INTERNAL_ERROR,
      reason: 'handler-failed',
      message: 'The sampling handler threw while answering sampling/createMessage: no model',
      data: { method: 'sampling/createMessage', params: {} },
    });
    expect(error.cause).toBe(thrown);
    const rejected = await failure(
      answer({ roots: () => Promise.reject('plain') }, 'roots/list', {}),
    );
    expect(rejected.message).toBe('The roots handler threw while answering roots/list: plain');
  });

  test('a handler that throws an McpClientError: that error is the answer', async () => {
    const own = new McpClientError(-32042, 'declined by policy', { why: 'policy' });
    await expect(
      answer(
        {
          elicitation: () => {
            throw own;
          },
        },
        'elicitation/create',
        {},
      ),
    ).rejects.toBe(own);
  });
});
