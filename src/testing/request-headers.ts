import { isObject, type JsonObject, META } from '../core';

/**
 * The headers a 2026-07-28 request carries over Streamable HTTP (MCP 2026-07-28
 * basic/transports/streamable-http, "Request Metadata"): `MCP-Protocol-Version`, `Mcp-Method`,
 * `Mcp-Name`, and one `Mcp-Param-{Name}` per `x-mcp-header` property of the tool's input schema.
 */

/** One `x-mcp-header` property of a tool's input schema. */
export interface HeaderParam {
  /** The chain of `properties` keys from the schema root to the property. */
  readonly path: readonly string[];
  /** `mcp-param-{name}` (header names are case-insensitive). */
  readonly header: string;
}

const SENTINEL = /^=\?base64\?.*\?=$/s;
/** Visible ASCII and space, with no space at either end: safe as a header value as it is. */
const PLAIN = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;
/** RFC 9110 §5.1 field-name token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are data, not schemas: an `x-mcp-header` key inside them is no annotation. */
const DATA = new Set(['const', 'default', 'enum', 'examples', 'example']);

/**
 * A header value for `Mcp-Name` or `Mcp-Param-*` ("Value Encoding"): as it is when it is plain
 * ASCII, else (non-ASCII, control characters, leading or trailing white space, or a value that
 * looks encoded) `=?base64?…?=` of its UTF-8 bytes.
 */
export function encodeHeaderValue(value: string): string {
  if (PLAIN.test(value) && !SENTINEL.test(value)) return value;
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * The `x-mcp-header` properties of a tool's input schema, or why the definition is invalid
 * ("Schema Extension": a token name, unique ignoring case, on a string, integer or boolean
 * property reached from the root through `properties` alone). Clients over Streamable HTTP
 * must leave an invalid tool out of `tools/list`.
 */
export function headerParams(inputSchema: unknown): HeaderParam[] | { problem: string } {
  const found: HeaderParam[] = [];
  const seen = new Set<string>();
  let problem: string | undefined;
  const walk = (node: unknown, path: string[] | undefined): void => {
    if (problem !== undefined) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, undefined);
      return;
    }
    if (!isObject(node)) return;
    if ('x-mcp-header' in node) {
      const name = node['x-mcp-header'];
      const where = path === undefined ? '' : `"${path.join('.')}"`;
      if (path === undefined || path.length === 0)
        problem = `x-mcp-header ${JSON.stringify(name)} is on a schema not reached through properties alone`;
      else if (typeof name !== 'string' || !TOKEN.test(name))
        problem = `x-mcp-header of ${where} is not an HTTP token (got ${JSON.stringify(name)})`;
      else if (seen.has(name.toLowerCase()))
        problem = `x-mcp-header "${name}" is used twice (names are compared ignoring case)`;
      else if (!primitive(node.type))
        problem = `x-mcp-header "${name}" is on ${where} of type ${JSON.stringify(node.type)}: only string, integer and boolean may be mirrored`;
      else {
        seen.add(name.toLowerCase());
        found.push({ path, header: `mcp-param-${name.toLowerCase()}` });
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (DATA.has(key) || key === 'x-mcp-header') continue;
      if (key === 'properties' && isObject(child)) {
        for (const [name, property] of Object.entries(child))
          walk(property, path === undefined ? undefined : [...path, name]);
      } else walk(child, undefined);
    }
  };
  walk(inputSchema, []);
  return problem === undefined ? found : { problem };
}

function primitive(type: unknown): boolean {
  if (typeof type === 'string') return PRIMITIVE.has(type);
  // ["string", "null"]: one primitive type, possibly absent.
  return (
    Array.isArray(type) &&
    type.some((t) => PRIMITIVE.has(t)) &&
    type.every((t) => PRIMITIVE.has(t) || t === 'null')
  );
}

function valueAt(args: unknown, path: readonly string[]): unknown {
  let node = args;
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  return node;
}

/** The body value `Mcp-Name` mirrors: the tool or prompt name, the resource URI, the task id. */
function nameOf(method: string, params: JsonObject): unknown {
  if (method === 'tools/call' || method === 'prompts/get') return params.name;
  if (method === 'resources/read') return params.uri;
  if (method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel')
    return params.taskId;
  return undefined;
}

/**
 * The headers of one 2026-07-28 POST; undefined for a message without the 2026 `_meta` (2025).
 * `toolParams` gives the `x-mcp-header` properties of the tools listed so far.
 */
export function requestHeaders(
  message: JsonObject,
  toolParams: ReadonlyMap<string, readonly HeaderParam[]>,
): Record<string, string> | undefined {
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string') return undefined;
  const method = String(message.method);
  const headers: Record<string, string> = {
    'mcp-protocol-version': version,
    'mcp-method': method,
  };
  const name = nameOf(method, params);
  if (typeof name === 'string') headers['mcp-name'] = encodeHeaderValue(name);
  if (method === 'tools/call' && typeof name === 'string') {
    for (const param of toolParams.get(name) ?? []) {
      const value = valueAt(params.arguments, param.path);
      // "Parameter value is null" and "not in arguments": the header is left out.
      if (typeof value === 'string') headers[param.header] = encodeHeaderValue(value);
      else if (typeof value === 'number' || typeof value === 'boolean')
        headers[param.header] = String(value);
    }
  }
  return headers;
}

/**
 * Records the `x-mcp-header` properties of listed tools in `toolParams`; leaves out invalid ones, warning of
 * each (of `only` alone when given: the tool a call is about).
 */
export function learnToolHeaders(
  body: JsonObject,
  toolParams: Map<string, readonly HeaderParam[]>,
  warn: (message: string) => void,
  only?: unknown,
): JsonObject {
  if (!isObject(body.result) || !Array.isArray(body.result.tools)) return body;
  const tools = body.result.tools.filter((tool: unknown) => {
    if (!isObject(tool) || typeof tool.name !== 'string') return true;
    const found = headerParams(tool.inputSchema);
    if (Array.isArray(found)) {
      toolParams.set(tool.name, found);
      return true;
    }
    toolParams.delete(tool.name);
    if (only === undefined || only === tool.name)
      warn(`Tool "${tool.name}" is left out of tools/list: ${found.problem}.`);
    return false;
  });
  return { ...body, result: { ...body.result, tools } };
}
