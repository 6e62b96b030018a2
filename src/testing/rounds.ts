/**
 * How the client answers what a call asks, in either revision: 2025's server→client requests
 * during a call (answered on the wire, in band) and 2026-07-28's `input_required` results (the
 * request sent again with `inputResponses` and the echoed `requestState`), each through the
 * client's handlers and bounded by `maxRounds`.
 */
import { ErrorCode, isObject, type JsonObject, McpClientError, setMember } from '../core';
import { type AskHandlers, answer } from './asks';

/** What one call that may ask counts: the server's questions, and how the call fails. */
export interface CallState {
  asks: number;
  fail: (error: Error) => void;
}

/** The error of a call whose server asked past `maxRounds`. */
export function tooManyRounds(maxRounds: number): McpClientError {
  return new McpClientError(
    ErrorCode.INTERNAL_ERROR,
    `The server asked more than ${maxRounds} times in one call (maxRounds ${maxRounds}).`,
    undefined,
    { reason: 'too-many-rounds' },
  );
}

/**
 * 2025: a server→client request during a call, answered through the handlers with `reply`. A
 * question past `maxRounds` is refused and fails the call; a handler's failure other than its
 * own McpClientError fails the call too.
 */
export async function answerServerRequest(
  message: JsonObject,
  reply: (body: JsonObject) => Promise<unknown>,
  handlers: AskHandlers | undefined,
  maxRounds: number,
  call: CallState | undefined,
): Promise<void> {
  const method = message.method as string;
  if (method === 'ping') return void (await reply({ result: {} }));
  if (call !== undefined && ++call.asks > maxRounds) {
    await reply({
      error: {
        code: ErrorCode.INTERNAL_ERROR,
        message: 'The client stopped answering: too many rounds',
      },
    });
    return call.fail(tooManyRounds(maxRounds));
  }
  try {
    const result = await answer(handlers, method, isObject(message.params) ? message.params : {});
    await reply({ result: isObject(result) ? result : {} });
  } catch (error) {
    const failure = error as McpClientError;
    await reply({ error: { code: failure.code, message: failure.message } });
    // A handler's own McpClientError is its answer; the call goes on with it.
    if (failure.reason !== 'server') call?.fail(failure);
  }
}

/** 2026-07-28: one ask of `inputRequests` (`{ method, params }`), answered by its handler. */
export async function answerInputRequest(
  handlers: AskHandlers | undefined,
  ask: unknown,
): Promise<unknown> {
  const request = isObject(ask) ? ask : {};
  const method = String(request.method);
  try {
    return await answer(handlers, method, isObject(request.params) ? request.params : {});
  } catch (error) {
    const failure = error as McpClientError;
    // MRTR has no error answer: a handler's own McpClientError fails the call too.
    if (failure.reason !== 'server') throw failure;
    throw new McpClientError(
      failure.code,
      `The handler of ${method} refused: ${failure.message}`,
      failure.data,
      {
        reason: 'handler-failed',
        cause: failure,
      },
    );
  }
}

/**
 * 2026-07-28 (MRTR): sends `params`, and while the result is `input_required` answers each of
 * its `inputRequests` and sends the request again with the `inputResponses` and the echoed
 * `requestState`; `state.asks` counts the rounds.
 */
export async function inputRounds(
  params: JsonObject,
  state: CallState,
  maxRounds: number,
  send: (params: JsonObject) => Promise<JsonObject>,
  answerAsk: (ask: unknown) => Promise<unknown>,
): Promise<JsonObject> {
  let current = params;
  for (;;) {
    const result = await send(current);
    if (result?.resultType !== 'input_required') return result;
    if (++state.asks > maxRounds) throw tooManyRounds(maxRounds);
    const inputResponses: JsonObject = {};
    const asks = isObject(result.inputRequests) ? result.inputRequests : {};
    for (const [key, ask] of Object.entries(asks)) {
      setMember(inputResponses, key, await answerAsk(ask));
    }
    current = { ...params, inputResponses };
    if (typeof result.requestState === 'string') current.requestState = result.requestState;
  }
}
