/**
 * The project's error classes, but for those of an unreachable dependency. Two families:
 * - wire errors ({@link Fault}) cross to the client as JSON-RPC error objects;
 * - local errors ({@link ConfigurationError}, {@link UsageError}) never do: they stop a server
 *   at start-up, or the command line before it starts.
 * {@link ToolError} sits between: a tool's own failure, sent as an `isError` result the model
 * reads; {@link ClientRequestError} and {@link RequestTimeoutError} are the ones the client causes
 * when a call asks it something. {@link CancelledError} is the reason of a cancelled call's signal,
 * and {@link McpClientError} what the in-memory test client rejects with.
 *
 * The codes they carry are the table in `error-codes.ts`; the errors of an unreachable dependency
 * (`UnavailableError`, `SharedStateError`) are in `unavailable.ts`.
 *
 * Every class carries a brand (a `Symbol.for` key), so `Fault.is(error)` is true even for an
 * error thrown by a second installed copy of the package, where `instanceof` would be false.
 */
import { ErrorCode, type ErrorCodeValue } from './error-codes';

const FAULT = Symbol.for('declarative-mcp.Fault');
const TOOL_ERROR = Symbol.for('declarative-mcp.ToolError');
const CONFIGURATION_ERROR = Symbol.for('declarative-mcp.ConfigurationError');
const CLIENT_REQUEST_ERROR = Symbol.for('declarative-mcp.ClientRequestError');
const REQUEST_TIMEOUT_ERROR = Symbol.for('declarative-mcp.RequestTimeoutError');
const CANCELLED_ERROR = Symbol.for('declarative-mcp.CancelledError');
const USAGE_ERROR = Symbol.for('declarative-mcp.UsageError');
const MCP_CLIENT_ERROR = Symbol.for('declarative-mcp.McpClientError');

/** @internal Whether `value` carries `brand` (from any installed copy of this package). */
export function branded(value: unknown, brand: symbol): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[brand] === true
  );
}

/** @internal Marks `error` with its class's brand, as {@link branded} reads it. */
export function brand(error: Error, key: symbol): void {
  Object.defineProperty(error, key, { value: true });
}

/**
 * A JSON-RPC error to send to the client: throw it from any closure or method and the answer
 * becomes `{"error": {"code", "message", "data"?}}`.
 *
 * @example
 * throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
 * throw new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { uri });
 */
export class Fault extends Error {
  /** True when `value` is a Fault from any installed copy of this package. */
  static is(value: unknown): value is Fault {
    return branded(value, FAULT);
  }

  constructor(
    /** The JSON-RPC error code (see {@link ErrorCode}). */
    readonly code: ErrorCodeValue,
    message: string,
    /** Optional structured detail, sent as `error.data`. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'Fault';
    brand(this, FAULT);
  }

  /** The JSON-RPC error object: `{ code, message }` plus `data` when it was given. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/**
 * The one `-32602` of the package: the reason in the message (what a client shows) and in
 * `data.reason` (for code), with any further detail (`limit`, `uri`…) beside it.
 */
export function invalidParams(reason: string, data?: Record<string, unknown>): Fault {
  return new Fault(ErrorCode.INVALID_PARAMS, `Invalid params: ${reason}`, { reason, ...data });
}

/**
 * A tool's own failure, for the model to read: thrown from a tool method it becomes a
 * `tools/call` result `{ content: [{ type: 'text', text: message }], isError: true }`,
 * so the model can correct itself and retry.
 *
 * @example
 * if (!city) throw new ToolError('Tell me which city.');
 */
export class ToolError extends Error {
  /** True when `value` is a ToolError from any installed copy of this package. */
  static is(value: unknown): value is ToolError {
    return branded(value, TOOL_ERROR);
  }

  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
    brand(this, TOOL_ERROR);
  }
}

/**
 * A mistake in how a server is put together (bad options, a broken decorator, a schema that is
 * not an object schema). Thrown at start-up, never sent to a client; its message names what is
 * wrong and what to change.
 *
 * Where an option of the wrong type or out of range used to throw a plain `TypeError` or
 * `RangeError`, it now throws a {@link ConfigurationTypeError} or {@link ConfigurationRangeError}:
 * still a `TypeError`/`RangeError` for existing `catch`es, and a ConfigurationError for
 * `ConfigurationError.is(error)` and `error instanceof ConfigurationError` alike.
 *
 * @example
 * try { McpApplication.create(options); }
 * catch (error) { if (ConfigurationError.is(error)) console.error(error.message); }
 */
export class ConfigurationError extends Error {
  /** True when `value` is a ConfigurationError (of any of the three kinds) from any installed copy of this package. */
  static is(value: unknown): value is ConfigurationError {
    return branded(value, CONFIGURATION_ERROR);
  }

  /** `instanceof ConfigurationError` checks the brand, so the `TypeError`/`RangeError` kinds pass too. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class right of instanceof; a subclass keeps the ordinary prototype check
    return this === ConfigurationError
      ? branded(value, CONFIGURATION_ERROR)
      : // biome-ignore lint/complexity/noThisInStatic: as above
        Function.prototype[Symbol.hasInstance].call(this, value);
  }

  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
    brand(this, CONFIGURATION_ERROR);
  }
}

/** A {@link ConfigurationError} about an option of the wrong type: also a `TypeError`. */
export class ConfigurationTypeError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
    brand(this, CONFIGURATION_ERROR);
  }
}

/** A {@link ConfigurationError} about a number out of range: also a `RangeError`. */
export class ConfigurationRangeError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
    brand(this, CONFIGURATION_ERROR);
  }
}

/**
 * A server→client request (elicitation, sampling, roots) the client answered with an error. A
 * {@link ToolError}: uncaught in a tool, it becomes an `isError` result the model reads.
 */
export class ClientRequestError extends ToolError {
  /** True when `value` is a ClientRequestError from any installed copy of this package. */
  static override is(value: unknown): value is ClientRequestError {
    return branded(value, CLIENT_REQUEST_ERROR);
  }

  constructor(
    /** The method the server asked (`elicitation/create`, …). */
    readonly method: string,
    /** The JSON-RPC code the client answered. */
    readonly code: number,
    message: string,
    /** The client's `error.data`, if any. */
    readonly data?: unknown,
  ) {
    super(`The client answered ${method} with error ${code}: ${message}`);
    this.name = 'ClientRequestError';
    brand(this, CLIENT_REQUEST_ERROR);
  }
}

/** A server→client request the client did not answer in time (a {@link ToolError}). */
export class RequestTimeoutError extends ToolError {
  /** True when `value` is a RequestTimeoutError from any installed copy of this package. */
  static override is(value: unknown): value is RequestTimeoutError {
    return branded(value, REQUEST_TIMEOUT_ERROR);
  }

  constructor(
    /** The method the server asked. */
    readonly method: string,
    /** How long it waited, in ms. */
    readonly timeout: number,
  ) {
    super(`The client did not answer ${method} within ${timeout} ms.`);
    this.name = 'RequestTimeoutError';
    brand(this, REQUEST_TIMEOUT_ERROR);
  }
}

/** The reason of a call's signal aborted by the client's `notifications/cancelled`. */
export class CancelledError extends Error {
  /** True when `value` is a CancelledError from any installed copy of this package. */
  static is(value: unknown): value is CancelledError {
    return branded(value, CANCELLED_ERROR);
  }

  constructor(reason?: string) {
    super(
      reason ? `The client cancelled the request: ${reason}` : 'The client cancelled the request.',
    );
    this.name = 'CancelledError';
    brand(this, CANCELLED_ERROR);
  }
}

/** A command-line mistake (`declarative-mcp serve …`): printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  /** True when `value` is a UsageError from any installed copy of this package. */
  static is(value: unknown): value is UsageError {
    return branded(value, USAGE_ERROR);
  }

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
    brand(this, USAGE_ERROR);
  }
}

/**
 * Why a request of the client (`declarative-mcp/testing`, the command line's client) failed:
 * - `server`: the server answered a JSON-RPC error (`code`, `message`, `data` are its own);
 * - `missing-handler`: the server asked something (elicitation, sampling, roots) no handler answers;
 * - `handler-failed`: the handler that answers it threw (the error is the `cause`);
 * - `too-many-rounds`: the server asked more than `maxRounds` times in one call;
 * - `no-answer`: the request ended without an answer (cancelled, or the session closed);
 * - `unauthorized`: HTTP 401, a bearer token is missing or refused;
 * - `transport`: the server could not be reached, or its answer could not be read.
 */
export type McpClientErrorReason =
  | 'server'
  | 'missing-handler'
  | 'handler-failed'
  | 'too-many-rounds'
  | 'no-answer'
  | 'unauthorized'
  | 'transport';

/**
 * A failed request of the test client (`declarative-mcp/testing`) or the command line's client:
 * the server's JSON-RPC error, or a local failure that `reason` names.
 */
export class McpClientError extends Error {
  /** True when `value` is an McpClientError from any installed copy of this package. */
  static is(value: unknown): value is McpClientError {
    return branded(value, MCP_CLIENT_ERROR);
  }

  /** Why it failed: the server's answer (`server`) or a local cause (see {@link McpClientErrorReason}). */
  readonly reason: McpClientErrorReason;

  constructor(
    /** The JSON-RPC error code. */
    readonly code: number,
    message: string,
    /** The error's `data`, if any. */
    readonly data?: unknown,
    options: { reason?: McpClientErrorReason; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'McpClientError';
    this.reason = options.reason ?? 'server';
    brand(this, MCP_CLIENT_ERROR);
  }
}
