import { ErrorCode, Fault } from './errors';
import { invalidParams } from './methods/params';
import { VERSIONS } from './negotiate';
import type { JsonObject } from './types';
import { isObject } from './types';

/**
 * The MCP revisions served without `initialize` (MCP 2026-07-28, SEP-2575): every request carries
 * its revision and the client's capabilities in `params._meta`. Kept apart from {@link VERSIONS},
 * which `initialize` negotiates and which never names these.
 */
export const MODERN_VERSIONS = ['2026-07-28'] as const;

/** One of {@link MODERN_VERSIONS}. */
export type ModernVersion = (typeof MODERN_VERSIONS)[number];

/** The `_meta` keys MCP 2026-07-28 reserves on requests, results and notifications. */
export const META = Object.freeze({
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
});

/** MCP 2026-07-28 error codes, named as {@link ErrorCode} names them. */
export const ModernErrorCode = Object.freeze({
  /** An HTTP header does not match the body, or a required one is missing or malformed. */
  HEADER_MISMATCH: ErrorCode.HEADER_MISMATCH,
  /** The request needs a client capability its `_meta` did not declare. */
  MISSING_REQUIRED_CLIENT_CAPABILITY: ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY,
  /** The request's protocol version is not one this server speaks. */
  UNSUPPORTED_PROTOCOL_VERSION: ErrorCode.UNSUPPORTED_PROTOCOL_VERSION,
});

/**
 * The era of one request: `'legacy'` (the seed's four revisions: `initialize`, sessions,
 * server→client requests) or `'modern'` (2026-07-28: per-request `_meta`, MRTR).
 */
export type Era = 'legacy' | 'modern';

/** Whether `version` is one of {@link MODERN_VERSIONS}. */
export function isModernVersion(version: unknown): version is ModernVersion {
  return (MODERN_VERSIONS as readonly unknown[]).includes(version);
}

/**
 * The era a request belongs to: modern when its `_meta` names a protocol
 * version (any: an unknown one is then refused with -32022) or when the transport's version
 * hint (HTTP's `MCP-Protocol-Version`) names a modern revision; a `server/discover` with
 * neither is a probe (`undefined`: answered the same in both eras); legacy otherwise.
 */
export function eraOf(message: unknown, hint?: string): Era | undefined {
  if (!isObject(message)) return 'legacy';
  const params = message.params;
  const meta = isObject(params) ? params._meta : undefined;
  if (isObject(meta) && meta[META.protocolVersion] !== undefined) return 'modern';
  if (hint !== undefined && isModernVersion(hint)) return 'modern';
  if (message.method === 'server/discover') return undefined;
  return 'legacy';
}

/**
 * Whether `message` is a JSON-RPC batch of MCP 2026-07-28: the transport names the revision
 * (`hint`), or a member's `_meta` does. That revision has no batches (basic/index: one
 * request per message).
 */
export function isModernBatch(message: unknown, hint?: string): boolean {
  if (!Array.isArray(message)) return false;
  if (hint !== undefined && isModernVersion(hint)) return true;
  return message.some((item) => eraOf(item) === 'modern');
}

/** The answer to a 2026-07-28 batch: one Invalid Request that names the batch and the revision. */
export const MODERN_BATCH_ANSWER = JSON.stringify({
  jsonrpc: '2.0',
  id: null,
  error: {
    code: ErrorCode.INVALID_REQUEST,
    message:
      'Invalid Request: MCP 2026-07-28 does not accept JSON-RPC batches; send each request as a message of its own',
  },
});

/** What a modern request says about its client, read once from its `_meta`. */
export interface ModernClient {
  readonly revision: ModernVersion;
  readonly capabilities: JsonObject;
  readonly info: JsonObject | undefined;
  readonly logLevel: string | undefined;
}

/**
 * Reads and checks a modern request's `_meta`: `protocolVersion` and `clientCapabilities` are
 * required (-32602, MCP 2026-07-28 basic/index), and the version must be one this server speaks
 * (-32022 with `data: { supported, requested }`).
 */
export function readModernMeta(params: unknown): ModernClient {
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
    revision: version as ModernVersion,
    capabilities,
    info: isObject(info) ? info : undefined,
    logLevel: typeof level === 'string' ? level : undefined,
  };
}

/** The -32022 error for a revision this server does not speak. */
export function unsupportedVersion(requested: string): Fault {
  return new Fault(
    ModernErrorCode.UNSUPPORTED_PROTOCOL_VERSION,
    `Unsupported protocol version ${JSON.stringify(requested)}: use one of ${MODERN_VERSIONS.join(', ')} (or initialize with ${VERSIONS[0]})`,
    { supported: [...MODERN_VERSIONS], requested },
  );
}

/** The -32020 error for a header that is missing or does not match the body. */
export function headerMismatch(message: string): Fault {
  return new Fault(ModernErrorCode.HEADER_MISMATCH, `Header mismatch: ${message}`);
}

/** The -32021 error for an ask the client did not declare the capability for. */
export function missingCapability(capability: string, method: string): Fault {
  return new Fault(
    ModernErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY,
    `Missing required client capability "${capability}": this request needs ${method}; declare "${capability}" in _meta["${META.clientCapabilities}"]`,
    { requiredCapabilities: { [capability]: {} } },
  );
}

/**
 * Methods 2026-07-28 removed (changelog, major changes 2, 4, 5): answered -32601 in that era.
 */
export const REMOVED_IN_MODERN: ReadonlySet<string> = new Set([
  'initialize',
  'notifications/initialized',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
  'notifications/roots/list_changed',
]);

/** Methods only 2026-07-28 has: answered -32601 to a legacy request (`server/discover` aside). */
export const ONLY_IN_MODERN: ReadonlySet<string> = new Set(['subscriptions/listen']);

/** The only methods that may answer `input_required` (MCP 2026-07-28 basic/patterns/mrtr). */
export const MRTR_METHODS: ReadonlySet<string> = new Set([
  'tools/call',
  'prompts/get',
  'resources/read',
]);
