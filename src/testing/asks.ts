import type { Mcp } from 'declarative-mcp';
import { ErrorCode, McpClientError } from '../core';

/** Answers one kind of server question: receives the request's params, returns its result. */
export type AskHandler = (params: Mcp.JsonObject) => unknown;

/**
 * The client's answers to what a server may ask during a call. `elicitation`, `sampling` and
 * `roots` each declare the matching client capability; a method-keyed handler
 * (`'elicitation/create'`, …) is still honoured.
 */
export interface AskHandlers {
  /** Answers `elicitation/create` with an `ElicitResult` (`{ action, content? }`). */
  elicitation?: AskHandler;
  /** Answers `sampling/createMessage` with a `CreateMessageResult`. */
  sampling?: AskHandler;
  /** Answers `roots/list` with `{ roots: [{ uri, name? }] }`. */
  roots?: AskHandler;
  /** Any other server→client method, by its name. */
  [method: string]: AskHandler | undefined;
}

/** The short name of each question's method, and the capability it needs. */
const KINDS: Record<string, 'elicitation' | 'sampling' | 'roots'> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** The handler answering `method`, if any: by its short name first, then by method. */
export function handlerFor(
  handlers: AskHandlers | undefined,
  method: string,
): AskHandler | undefined {
  const kind = KINDS[method];
  return (kind === undefined ? undefined : handlers?.[kind]) ?? handlers?.[method];
}

/**
 * The client capabilities the handlers imply (`{ elicitation: {} }` for an elicitation
 * handler, …), overlaid by the capabilities given explicitly.
 */
export function capabilitiesOf(
  handlers: AskHandlers | undefined,
  given: Mcp.JsonObject | undefined,
): Mcp.JsonObject {
  const implied: Mcp.JsonObject = {};
  for (const [method, kind] of Object.entries(KINDS)) {
    if (handlerFor(handlers, method) !== undefined) implied[kind] = {};
  }
  return { ...implied, ...given };
}

/**
 * Answers one server question through its handler. A missing handler and a handler that throws
 * are `McpClientError`s that say so (`missing-handler`, `handler-failed`); a handler that throws
 * an `McpClientError` itself means that error as the answer (2025: sent to the server).
 */
export async function answer(
  handlers: AskHandlers | undefined,
  method: string,
  params: Mcp.JsonObject,
): Promise<unknown> {
  const handler = handlerFor(handlers, method);
  const kind = KINDS[method] ?? method;
  if (handler === undefined) {
    throw new McpClientError(
      ErrorCode.METHOD_NOT_FOUND,
      `The server asked ${method} and no ${kind} handler answers it: give connect() handlers: { ${kind}: (params) => result }.`,
      { method, params },
      { reason: 'missing-handler' },
    );
  }
  try {
    return await handler(params);
  } catch (error) {
    if (McpClientError.is(error)) throw error;
    throw new McpClientError(
      ErrorCode.INTERNAL_ERROR,
      `The ${kind} handler threw while answering ${method}: ${(error as Error)?.message ?? String(error)}`,
      { method, params },
      { reason: 'handler-failed', cause: error },
    );
  }
}
