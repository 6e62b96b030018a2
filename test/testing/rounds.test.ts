/**
 * How the test client answers what a call asks (src/testing/rounds.ts), without a server: the
 * 2026-07-28 input_required loop, one ask of it, and a 2025 server→client request during a call.
 * test/testing/client.test.ts drives the same paths through a real application.
 */
import { ErrorCode, type JsonObject, McpClientError } from '../../src/core';
import {
  answerInputRequest,
  answerServerRequest,
  type CallState,
  inputRounds,
} from '../../src/testing/rounds';

const ASK = { method: 'elicitation/create', params: { message: 'Name?' } };

function state(): CallState & { failed: Error[] } {
  const failed: Error[] = [];
  return { asks: 0, failed, fail: (error) => failed.push(error) };
}

describe('inputRounds (2026-07-28)', () => {
  test('answers each input_required round and sends again with the answers and the echoed requestState', async () => {
    const sent: JsonObject[] = [];
    const answers = [
      { resultType: 'input_required', inputRequests: { name: ASK }, requestState: 'one' },
      { resultType: 'input_required', inputRequests: { again: ASK } },
      { content: [] },
    ];
    const calls = state();
    const result = await inputRounds(
      { name: 'greet' },
      calls,
      8,
      async (params) => {
        sent.push(params);
        return answers.shift() as JsonObject;
      },
      async (ask) => ({ asked: (ask as { method: string }).method }),
    );
    expect(result).toEqual({ content: [] });
    expect(calls.asks).toBe(2);
    expect(sent).toEqual([
      { name: 'greet' },
      {
        name: 'greet',
        inputResponses: { name: { asked: 'elicitation/create' } },
        requestState: 'one',
      },
      // No requestState the second time: none was given to echo.
      { name: 'greet', inputResponses: { again: { asked: 'elicitation/create' } } },
    ]);
  });

  test('past maxRounds: too-many-rounds, naming the bound', async () => {
    const failure = inputRounds(
      {},
      state(),
      2,
      async () => ({ resultType: 'input_required', inputRequests: { name: ASK } }),
      async () => ({}),
    );
    await expect(failure).rejects.toMatchObject({
      reason: 'too-many-rounds',
      message: 'The server asked more than 2 times in one call (maxRounds 2).',
    });
  });
});

describe('answerInputRequest', () => {
  test('a handler that refuses with a server error fails the call as handler-failed, the refusal its cause', async () => {
    const refusal = new McpClientError(ErrorCode.INVALID_PARAMS, 'no');
    const failure = answerInputRequest(
      {
        elicitation: () => {
          throw refusal;
        },
      },
      ASK,
    );
    await expect(failure).rejects.toMatchObject({
      reason: 'handler-failed',
      message: 'The handler of elicitation/create refused: no',
      cause: refusal,
    });
  });

  test('no handler: missing-handler', async () => {
    await expect(answerInputRequest({}, ASK)).rejects.toMatchObject({ reason: 'missing-handler' });
  });
});

describe('answerServerRequest (2025)', () => {
  const request = { jsonrpc: '2.0', id: 7, ...ASK };

  test('answers through the handler, with its result; ping with {} and no round counted', async () => {
    const replies: JsonObject[] = [];
    const calls = state();
    const reply = async (body: JsonObject) => replies.push(body);
    const handlers = { elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }) };
    await answerServerRequest({ id: 1, method: 'ping' }, reply, handlers, 8, calls);
    await answerServerRequest(request, reply, handlers, 8, calls);
    expect(replies).toEqual([
      { result: {} },
      { result: { action: 'accept', content: { name: 'Ada' } } },
    ]);
    expect(calls.asks).toBe(1);
    expect(calls.failed).toEqual([]);
  });

  test('past maxRounds: refuses on the wire and fails the call with too-many-rounds', async () => {
    const replies: JsonObject[] = [];
    const calls = state();
    calls.asks = 1;
    await answerServerRequest(request, async (body) => replies.push(body), {}, 1, calls);
    expect(replies).toEqual([
      {
        error: {
          code: ErrorCode.INTERNAL_ERROR,
          message: 'The client stopped answering: too many rounds',
        },
      },
    ]);
    expect(calls.failed).toHaveLength(1);
    expect(calls.failed[0]).toMatchObject({ reason: 'too-many-rounds' });
  });

  test("a handler's failure is sent as an error and fails the call; its own McpClientError is only the answer", async () => {
    const replies: JsonObject[] = [];
    const calls = state();
    const reply = async (body: JsonObject) => replies.push(body);
    await answerServerRequest(request, reply, {}, 8, calls);
    expect(calls.failed[0]).toMatchObject({ reason: 'missing-handler' });
    const own = new McpClientError(-32042, 'declined');
    await answerServerRequest(
      request,
      reply,
      {
        elicitation: () => {
          throw own;
        },
      },
      8,
      calls,
    );
    expect(replies[1]).toEqual({ error: { code: -32042, message: 'declined' } });
    expect(calls.failed).toHaveLength(1);
  });
});
