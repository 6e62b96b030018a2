/**
 * Every JSON-RPC error code this package sends, in one table (docs/errors.md lists it): each code
 * has one meaning and one name. Three ranges:
 * - JSON-RPC 2.0's own (-32700, -32600 to -32603);
 * - MCP's, as the specification fixes them: -32002 (2025 revisions) and -32020 to -32022
 *   (2026-07-28, whose allocation policy reserves -32020 to -32099 for the specification);
 * - this package's own, in the band that policy leaves to implementations (-32000 to -32019):
 *   -32000 and -32001 as MCP's SDKs send them at the transport, then -32010 onwards.
 */
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
  /** MCP 2026-07-28: an HTTP header does not match the body, or a required one is missing or malformed. */
  HEADER_MISMATCH: -32020,
  /** MCP 2026-07-28: the request needs a client capability its client did not declare. */
  MISSING_REQUIRED_CLIENT_CAPABILITY: -32021,
  /** MCP 2026-07-28: the request's protocol version is not one this server speaks. */
  UNSUPPORTED_PROTOCOL_VERSION: -32022,
  /**
   * A refusal by the transport, before or around the call (HTTP: its status and message say why,
   * such as `401`, `403`, `406`, `429`, `503`; the test clients: the server cannot be reached), and a
   * dependency the request needs (the shared state, the key server, the authorization server)
   * that cannot be reached right now: try again shortly (see {@link UnavailableError}).
   */
  TRANSPORT_ERROR: -32000,
  /** HTTP `404`: the `Mcp-Session-Id` names no live session (unknown, ended or expired). */
  SESSION_NOT_FOUND: -32001,
  /**
   * The server holds as much as it may: client state (`maxSessionStateBytes`), or open
   * `subscriptions/listen` streams (`maxListens`, HTTP `503`). Try again later.
   */
  SERVER_BUSY: -32010,
  /** The request took longer than its deadline (`postTimeout`, a test client's `timeout`) and was abandoned. */
  REQUEST_TIMED_OUT: -32011,
} as const;

/** One of the numeric values of {@link ErrorCode}, or any other integer code a server chooses. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode] | number;
