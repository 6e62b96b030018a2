import { ErrorCode } from '../../error-codes';
import { Fault } from '../../errors';
import { invalidParams } from '../../methods/params';
import type { JsonObject } from '../../types';
import { isObject } from '../../types';
import type { DeclaredClient } from '../revision';

/** The protocol versions served without `initialize` (MCP 2026-07-28, SEP-2575), newest first. */
export const VERSIONS_2026 = ['2026-07-28'] as const satisfies readonly Version2026[];

/**
 * A revision served per request, without `initialize` (`McpCore.MODERN_VERSIONS`). Spelled out
 * rather than read from the list, so that the public declarations name no module constant.
 */
export type Version2026 = '2026-07-28';

/** Whether `version` is one of {@link VERSIONS_2026}. */
export function isVersion2026(version: unknown): version is Version2026 {
  return (VERSIONS_2026 as readonly unknown[]).includes(version);
}

/** The `_meta` keys MCP 2026-07-28 reserves on requests, results and notifications. */
export const META = Object.freeze({
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
});

/** Whether a message names its revision in `_meta` (any: an unknown one is refused with -32022). */
export function namesRevision(message: JsonObject): boolean {
  const params = message.params;
  const meta = isObject(params) ? params._meta : undefined;
  return isObject(meta) && meta[META.protocolVersion] !== undefined;
}

/**
 * Reads and checks a request's `_meta`: `protocolVersion` and `clientCapabilities` are
 * required (-32602, MCP 2026-07-28 basic/index).
 */
export function readMeta(params: unknown): DeclaredClient {
  const meta = isObject(params) ? params._meta : undefined;
  if (!isObject(meta)) {
    throw invalidParams(
      `params._meta is required: send "${META.protocolVersion}" and "${META.clientCapabilities}" with every request`,
    );
  }
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string' || version === '') {
    throw invalidParams(
      `params._meta["${META.protocolVersion}"] must be a protocol version string`,
    );
  }
  const capabilities = meta[META.clientCapabilities];
  if (!isObject(capabilities)) {
    throw invalidParams(
      `params._meta["${META.clientCapabilities}"] must be an object ({} when the client has none)`,
    );
  }
  const info = meta[META.clientInfo];
  const level = meta[META.logLevel];
  return {
    revision: version,
    capabilities,
    info: isObject(info) ? info : undefined,
    logLevel: typeof level === 'string' ? level : undefined,
  };
}

/** The -32020 error for a header that is missing or does not match the body. */
export function headerMismatch(message: string): Fault {
  return new Fault(ErrorCode.HEADER_MISMATCH, `Header mismatch: ${message}`);
}

/** The -32021 error for an ask the client did not declare the capability for. */
export function missingCapability(capability: string, method: string): Fault {
  return new Fault(
    ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY,
    `Missing required client capability "${capability}": this request needs ${method}; declare "${capability}" in _meta["${META.clientCapabilities}"]`,
    { requiredCapabilities: { [capability]: {} } },
  );
}
