/**
 * The revision the client speaks: how it is chosen when the client opens (`server/discover` for
 * 2026-07-28, else `initialize` and a 2025 session), and the `_meta` every 2026-07-28 request
 * carries instead of a session.
 */
import { isObject, type JsonObject, McpClientError, META, VERSIONS, VERSIONS_2026 } from '../core';
import { TASKS_EXTENSION } from '../tasks';
import type { ClientOptions } from './test-client';

/** The revision this client speaks without `initialize` (MCP 2026-07-28). */
export const MODERN = VERSIONS_2026[0];

/** The client as negotiation drives it: what it sends, and what it learns. */
export interface Negotiating {
  initialized: JsonObject;
  /** The revision spoken; requests carry 2026-07-28's `_meta` while it is {@link MODERN}. */
  protocolVersion: string;
  request(method: string, params?: JsonObject): Promise<unknown>;
  raw(method: string, params: JsonObject | undefined): Promise<unknown>;
  notify(method: string, params?: JsonObject): Promise<void>;
}

/**
 * Opens the conversation in the revision asked for (`options.protocolVersion`), or the newest
 * the server speaks: a 2025-only server answers `server/discover` with an error, and is then
 * initialized.
 */
export async function negotiate(
  client: Negotiating,
  options: ClientOptions,
  capabilities: JsonObject,
): Promise<void> {
  const version = options.protocolVersion;
  if (version === undefined || version === MODERN) {
    // A modern server/discover: a server that speaks only 2025 answers it with an error.
    client.protocolVersion = MODERN;
    try {
      client.initialized = (await client.request('server/discover')) as JsonObject;
      return;
    } catch (error) {
      if (!McpClientError.is(error) || error.reason !== 'server') throw error;
      if (version === MODERN) {
        throw new McpClientError(
          error.code,
          `The server does not speak MCP ${MODERN}: server/discover answered ${error.code} ${error.message}`,
          error.data,
        );
      }
      client.protocolVersion = '';
    }
  }
  client.initialized = (await client.raw('initialize', {
    protocolVersion: version ?? VERSIONS[0],
    capabilities,
    clientInfo: options.clientInfo ?? { name: 'declarative-mcp/testing', version: '1' },
  })) as JsonObject;
  client.protocolVersion = String(client.initialized.protocolVersion ?? version ?? VERSIONS[0]);
  await client.notify('notifications/initialized');
}

/**
 * The `_meta` of a 2026-07-28 request: revision, capabilities (with the tasks extension for a
 * task request), identity, and the log level asked for; `params._meta` given is kept.
 */
export function requestMeta(
  params: JsonObject | undefined,
  tasks: boolean,
  capabilities: JsonObject,
  options: ClientOptions,
): JsonObject {
  const given = isObject(params?._meta) ? params._meta : {};
  const declared = tasks
    ? {
        ...capabilities,
        extensions: {
          ...(isObject(capabilities.extensions) ? capabilities.extensions : {}),
          [TASKS_EXTENSION]: {},
        },
      }
    : capabilities;
  const meta: JsonObject = {
    ...given,
    [META.protocolVersion]: MODERN,
    [META.clientCapabilities]: declared,
    [META.clientInfo]: options.clientInfo ?? {
      name: 'declarative-mcp/testing',
      version: '1',
    },
  };
  if (options.logLevel !== undefined) meta[META.logLevel] = options.logLevel;
  return meta;
}
