/**
 * `declarative-mcp/testing`: a small typed MCP client for tests, in memory over an
 * application's (or a core's) `handle`, speaking 2025 (`initialize`, a session) or 2026-07-28
 * (`_meta` on every request, multi-round-trip requests driven for you).
 */
import type { Mcp } from 'declarative-mcp';
import { coreOf, McpCore } from '../core';
import { Client } from './client';
import { type HttpWireOptions, httpWire } from './http';
import { memoryWire } from './memory';
import { type StdioWireOptions, stdioWire } from './stdio';
import type { ClientOptions, TestClient } from './test-client';

export { McpClientError, type McpClientErrorReason } from '../core';
export type { AskHandler, AskHandlers } from './asks';
export type { HttpWireOptions } from './http';
export type { StdioWireOptions } from './stdio';
export type { ListenFilter, Subscription } from './subscription';
export type { TaskHandle, TaskState } from './task-handle';
export type { ClientOptions, TaskCallOptions, TestClient } from './test-client';

/** Options of {@link connect}. */
export interface ConnectOptions extends ClientOptions {
  /**
   * The revision to speak (default `McpCore.VERSIONS[0]`, the newest 2025 one): `'2026-07-28'`
   * sends `_meta` with every request and drives its multi-round-trip requests.
   */
  protocolVersion?: string;
}

/**
 * Connects an in-memory client to an application (or core) and returns it, initialized (2025)
 * or discovered (2026-07-28). `context` is what every call receives, as a transport would pass
 * it. The client capabilities follow from the `handlers` given.
 *
 * @example
 * const client = await connect(app, { identity: { id: 'ada', scopes: ['orders:write'] } }, {
 *   protocolVersion: '2026-07-28',
 *   handlers: { elicitation: () => ({ action: 'accept', content: { sure: true } }) },
 * });
 * const result = await client.callTool('cancel', { order: 42 }); // the elicitation answered
 */
export async function connect<C>(
  servable: Mcp.Servable<C>,
  context?: C,
  options: ConnectOptions = {},
): Promise<TestClient> {
  const core: McpCore<C> = coreOf(servable);
  const protocolVersion = options.protocolVersion ?? McpCore.VERSIONS[0];
  const modern = (McpCore.MODERN_VERSIONS as readonly string[]).includes(protocolVersion);
  return Client.open(memoryWire(core, context, !modern), { ...options, protocolVersion });
}

/** Options of {@link connectHttp}. */
export interface ConnectHttpOptions extends ClientOptions, HttpWireOptions {}

/**
 * Connects a client to an MCP server over Streamable HTTP, any server (ours or not). Without
 * `protocolVersion` it speaks the newest revision the server does: 2026-07-28 when
 * `server/discover` lists it, else a 2025 session (`initialize`).
 *
 * @example
 * const client = await connectHttp('http://127.0.0.1:3000/mcp', { headers: { authorization: 'Bearer …' } });
 * console.log(await client.listTools());
 * client.close();
 */
export function connectHttp(url: string, options: ConnectHttpOptions = {}): Promise<TestClient> {
  return Client.open(httpWire(url, options), options);
}

/** Options of {@link connectProcess}. */
export interface ConnectProcessOptions extends ClientOptions, StdioWireOptions {}

/**
 * Starts an MCP server as a child process and connects to it over stdio (newline-delimited
 * JSON-RPC). Revision as {@link connectHttp}. `close()` ends its input, then stops it.
 *
 * @example
 * const client = await connectProcess('node', ['dist/server.js'], { protocolVersion: '2026-07-28' });
 */
export function connectProcess(
  command: string,
  args: readonly string[] = [],
  options: ConnectProcessOptions = {},
): Promise<TestClient> {
  return Client.open(stdioWire(command, args, options), options);
}
