/**
 * The project's error classes, in one module. Two families:
 * - wire errors ({@link Fault}) cross to the client as JSON-RPC error objects;
 * - local errors ({@link ConfigurationError}) never do: they stop a server at start-up.
 * {@link ToolError} sits between: a tool's own failure, sent as an `isError` result the model reads.
 *
 * Every class carries a brand (a `Symbol.for` key), so `Fault.is(error)` is true even for an
 * error thrown by a second installed copy of the package, where `instanceof` would be false.
 */

/** JSON-RPC 2.0 error codes, plus MCP's own `RESOURCE_NOT_FOUND`. */
export const ErrorCode = {
  /** The payload is not valid JSON. */
  PARSE_ERROR: -32700,
  /** The JSON is not a valid JSON-RPC request object (or a refused batch). */
  INVALID_REQUEST: -32600,
  /** The method does not exist or is not offered by this server. */
  METHOD_NOT_FOUND: -32601,
  /** The method exists but its params are wrong (unknown tool or prompt, bad arguments). */
  INVALID_PARAMS: -32602,
  /** An unexpected failure inside the server. Details go to the reporter, never to the client. */
  INTERNAL_ERROR: -32603,
  /** MCP: `resources/read` for a URI the server does not have. */
  RESOURCE_NOT_FOUND: -32002,
} as const;

/** One of the numeric values of {@link ErrorCode}, or any other integer code a server chooses. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode] | number;

const FAULT = Symbol.for('declarative-mcp.Fault');
const TOOL_ERROR = Symbol.for('declarative-mcp.ToolError');
const CONFIGURATION_ERROR = Symbol.for('declarative-mcp.ConfigurationError');

function branded(value: unknown, brand: symbol): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[brand] === true
  );
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
    Object.defineProperty(this, FAULT, { value: true });
  }

  /** The JSON-RPC error object: `{ code, message }` plus `data` when it was given. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
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
    Object.defineProperty(this, TOOL_ERROR, { value: true });
  }
}

/**
 * A mistake in how a server is put together (bad options, a broken decorator, a schema that is
 * not an object schema). Thrown at start-up, never sent to a client; its message names what is
 * wrong and what to change.
 */
export class ConfigurationError extends Error {
  /** True when `value` is a ConfigurationError from any installed copy of this package. */
  static is(value: unknown): value is ConfigurationError {
    return branded(value, CONFIGURATION_ERROR);
  }

  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
    Object.defineProperty(this, CONFIGURATION_ERROR, { value: true });
  }
}
