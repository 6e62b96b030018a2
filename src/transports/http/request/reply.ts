/** JSON-RPC code of transport-level refusals (the server-error range; MCP SDKs use it too). */
export const TRANSPORT_ERROR = -32000;
/** JSON-RPC code sent with `404` for an unknown, ended or expired session. */
export const SESSION_NOT_FOUND = -32001;
