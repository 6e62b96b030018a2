/**
 * The MCP shapes the core and the declarative layer exchange (MCP 2025-11-25 schema, trimmed to
 * what a server produces). They are open: extra members pass through unchanged.
 */

/** A value or a promise of it. */
export type Awaitable<T> = T | Promise<T>;

/** A JSON object (the shape of a JSON Schema, arguments, or `_meta`). */
export type JsonObject = { [key: string]: unknown };

/** True for a plain JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for a promise or any other thenable (a method may return either; both are awaited). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * Sets `target[key] = value` as an own member for any key. An assignment to `"__proto__"` would
 * change the prototype instead and lose the member; JSON that came in with one keeps it.
 */
export function setMember(target: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/** An icon a client may show next to a server, tool, resource or prompt (MCP 2025-11-25). */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** Hints about a tool's behaviour; clients must treat them as untrusted. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One entry of `tools/list`. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  _meta?: JsonObject;
  [key: string]: unknown;
}

/** One entry of `resources/list`. */
export interface ResourceDefinition {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: Icon[];
  [key: string]: unknown;
}

/** One entry of `resources/templates/list`. */
export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
  [key: string]: unknown;
}

/** One argument of a prompt, as listed. */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** One entry of `prompts/list`. */
export interface PromptDefinition {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
  [key: string]: unknown;
}

/** The text or binary contents of one resource, an item of `resources/read`'s `contents`. */
export type ResourceContents =
  | { uri: string; mimeType?: string; text: string; _meta?: JsonObject }
  | { uri: string; mimeType?: string; blob: string; _meta?: JsonObject };

/** A content block of a tool result or a prompt message. */
export type ContentBlock =
  | { type: 'text'; text: string; annotations?: JsonObject; _meta?: JsonObject }
  | { type: 'image'; data: string; mimeType: string; annotations?: JsonObject }
  | { type: 'audio'; data: string; mimeType: string; annotations?: JsonObject }
  | { type: 'resource'; resource: ResourceContents; annotations?: JsonObject }
  | ({ type: 'resource_link' } & ResourceDefinition);

/** The result of `tools/call`. */
export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: JsonObject;
  isError?: boolean;
  _meta?: JsonObject;
  [key: string]: unknown;
}

/** One message of a prompt. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/** The result of `prompts/get`. */
export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
  _meta?: JsonObject;
  [key: string]: unknown;
}

/** A JSON-RPC request id: a string or a number (MCP forbids `null`). */
export type JsonRpcId = string | number;

/** A JSON-RPC 2.0 request or notification, as it reaches a method handler. */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  /** Absent for a notification. */
  id?: JsonRpcId;
  method: string;
  params?: unknown;
}

/** The `error` member of a JSON-RPC error response. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A JSON-RPC 2.0 response (success or error), as sent to the client. */
export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId | null; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId | null; error: JsonRpcErrorObject };

/** The request headers a transport hands the core (lower-case names, as `node:http` gives them). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;
