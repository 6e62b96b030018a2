import type { JsonObject, JsonRpcRequest, RequestHeaders } from '../../types';
import { isObject } from '../../types';
import { headerMismatch, META } from './meta';

const SENTINEL_START = '=?base64?';
const SENTINEL_END = '?=';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/**
 * RFC 9110 §5.5 field values: visible ASCII, space and tab (what `/^[\t\x20-\x7e]*$/` tests; a
 * loop over a short value costs a tenth of the regular expression's ~400 instructions).
 */
function isFieldValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code > 0x7e) return false;
  }
  return true;
}

/**
 * `value.trim()`, without the call when both ends are visible ASCII (never white space): the
 * usual header value (~200 instructions a call, three calls per 2026-07-28 POST).
 */
function trimmed(value: string): string {
  const last = value.length - 1;
  if (last < 0) return value;
  const first = value.charCodeAt(0);
  const end = value.charCodeAt(last);
  return first > 0x20 && first < 0x7f && end > 0x20 && end < 0x7f ? value : value.trim();
}

/** One header's value: `undefined` when absent; repeated headers are joined (and so never match). */
function header(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A header value as the body would hold it: a `=?base64?…?=` value decoded (MCP 2026-07-28
 * basic/transports, "Value Encoding"), any other taken literally. Invalid Base64 or characters
 * outside RFC 9110 field values are a mismatch (-32020).
 */
export function decodeHeaderValue(name: string, raw: string): string {
  if (!isFieldValue(raw))
    throw headerMismatch(`${name} contains characters a header may not carry`);
  const value = trimmed(raw);
  if (
    value.length >= SENTINEL_START.length + SENTINEL_END.length &&
    value.startsWith(SENTINEL_START) &&
    value.endsWith(SENTINEL_END)
  ) {
    const encoded = value.slice(SENTINEL_START.length, -SENTINEL_END.length);
    if (!BASE64.test(encoded))
      throw headerMismatch(`${name} is not valid Base64 between =?base64? and ?=`);
    return Buffer.from(encoded, 'base64').toString('utf8');
  }
  return value;
}

const TASK_ROUTED = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);

/** The body's name a method mirrors into `Mcp-Name` (tools/call, prompts/get: name; resources/read: uri; tasks/get, tasks/update, tasks/cancel: taskId). */
function nameOf(request: JsonRpcRequest): string | undefined {
  const params = isObject(request.params) ? request.params : {};
  if (request.method === 'tools/call' || request.method === 'prompts/get') {
    return typeof params.name === 'string' ? params.name : undefined;
  }
  if (request.method === 'resources/read')
    return typeof params.uri === 'string' ? params.uri : undefined;
  // SEP-2663 "Streamable HTTP: Routing Headers": the task methods mirror params.taskId.
  if (TASK_ROUTED.has(request.method))
    return typeof params.taskId === 'string' ? params.taskId : undefined;
  return undefined;
}

/**
 * The standard headers of a 2026-07-28 POST (MCP 2026-07-28 basic/transports, "Server
 * Validation"): `MCP-Protocol-Version` equal to the `_meta` version, `Mcp-Method` equal to the
 * method, `Mcp-Name` equal to `params.name`/`params.uri` where the method has one. Missing or
 * different: -32020.
 */
export function checkStandardHeaders(
  request: JsonRpcRequest,
  headers: RequestHeaders,
  version: string,
): void {
  const announced = header(headers, 'mcp-protocol-version');
  if (announced === undefined)
    throw headerMismatch(
      `the MCP-Protocol-Version header is required (send ${version}, as in _meta["${META.protocolVersion}"])`,
    );
  if (trimmed(announced) !== version) {
    throw headerMismatch(
      `MCP-Protocol-Version header value '${announced}' does not match _meta["${META.protocolVersion}"] value '${version}'`,
    );
  }
  const method = header(headers, 'mcp-method');
  if (method === undefined)
    throw headerMismatch(`the Mcp-Method header is required (send ${request.method})`);
  if (trimmed(method) !== request.method) {
    throw headerMismatch(
      `Mcp-Method header value '${method.trim()}' does not match body value '${request.method}'`,
    );
  }
  const name = nameOf(request);
  if (name === undefined) return;
  const given = header(headers, 'mcp-name');
  if (given === undefined)
    throw headerMismatch(
      `the Mcp-Name header is required for ${request.method} (send ${JSON.stringify(name)})`,
    );
  const decoded = decodeHeaderValue('Mcp-Name', given);
  if (decoded !== name)
    throw headerMismatch(`Mcp-Name header value '${decoded}' does not match body value '${name}'`);
}

/** One input-schema property mirrored into a header (`x-mcp-header`). */
export interface ParamHeader {
  /** The chain of `properties` keys from the schema root. */
  readonly path: readonly string[];
  /** `Mcp-Param-{name}`, lower-cased as `node:http` gives header names. */
  readonly header: string;
  /** The name as the schema spells it, for messages. */
  readonly label: string;
  readonly type: unknown;
}

/**
 * The `x-mcp-header` properties of an input schema, reachable from its root through `properties`
 * only (MCP 2026-07-28 basic/transports, "Schema Extension").
 */
export function paramHeaders(schema: unknown): ParamHeader[] {
  const found: ParamHeader[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (!isObject(node) || !isObject(node.properties)) return;
    for (const [key, child] of Object.entries(node.properties)) {
      if (!isObject(child)) continue;
      const name = child['x-mcp-header'];
      if (typeof name === 'string' && name !== '') {
        found.push({
          path: [...path, key],
          header: `mcp-param-${name.toLowerCase()}`,
          label: `Mcp-Param-${name}`,
          type: child.type,
        });
      }
      walk(child, [...path, key]);
    }
  };
  walk(schema, []);
  return found;
}

function valueAt(args: JsonObject, path: readonly string[]): unknown {
  let node: unknown = args;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * Checks the `Mcp-Param-*` headers of a tools/call against its arguments ("Server Behavior for
 * Custom Headers"): a value in the body needs its header, decoded equal to it (integers compared
 * as numbers); a header for an absent or null value is ignored.
 */
export function checkParamHeaders(
  params: readonly ParamHeader[],
  args: JsonObject,
  headers: RequestHeaders,
): void {
  for (const param of params) {
    const value = valueAt(args, param.path);
    if (value === undefined || value === null) continue;
    const raw = header(headers, param.header);
    if (raw === undefined)
      throw headerMismatch(
        `the ${param.label} header is required: the body carries a value for it`,
      );
    const decoded = decodeHeaderValue(param.label, raw);
    const same =
      typeof value === 'number'
        ? decoded.trim() !== '' && Number(decoded) === value
        : typeof value === 'boolean'
          ? decoded === String(value)
          : decoded === String(value);
    if (!same)
      throw headerMismatch(
        `${param.label} header value '${decoded}' does not match body value '${String(value)}'`,
      );
  }
}
