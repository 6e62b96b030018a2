import type { Mcp } from 'declarative-mcp';
import type { AskHandlers } from './asks';
import type { ListenFilter, Subscription } from './subscription';
import type { TaskHandle } from './task-handle';

/** Options of a client (see `connect`). */
export interface ClientOptions {
  /**
   * The revision to speak: `'2026-07-28'` (no `initialize`, `_meta` on every request, MRTR) or a
   * 2025 one (`initialize`, a session). Absent: the newest the server speaks (`server/discover`).
   */
  protocolVersion?: string;
  /** Client capabilities beyond (or instead of) those the handlers imply. */
  capabilities?: Mcp.JsonObject;
  /** Answers the server's questions: `{ elicitation, sampling, roots }` (or by method). */
  handlers?: AskHandlers;
  /** Receives every notification the server sends. */
  onNotification?: (message: Mcp.JsonObject) => void;
  /** The most times a server may ask during one call (default 8); more rejects `too-many-rounds`. */
  maxRounds?: number;
  /** 2026-07-28: the log level sent in each request's `_meta` (log messages are sent only with one). */
  logLevel?: string;
  /** `clientInfo` (default `{ name: 'declarative-mcp/testing', version: '1' }`). */
  clientInfo?: { name: string; version: string };
}

/** Options of {@link TestClient.callTool} that make the call a task. */
export interface TaskCallOptions {
  /** Run as a task: `true`, or (2025-11-25) the task's requested `ttl` in ms. */
  task: true | { ttl?: number };
  /** The request's `_meta`. */
  meta?: Mcp.JsonObject;
}

/** A typed MCP client: in memory (`connect`), over Streamable HTTP, or over a stdio child. */
export interface TestClient {
  /** The `initialize` result (2025), or the `server/discover` result (2026-07-28). */
  readonly initialized: Mcp.JsonObject;
  /** The revision spoken: the negotiated 2025 one, or `'2026-07-28'`. */
  readonly protocolVersion: string;
  /** Every notification received so far, in order. */
  readonly notifications: Mcp.JsonObject[];
  /**
   * How many rounds the last `callTool`, `readResource` or `getPrompt` took: 1, plus one per
   * time the server asked (2026-07-28: each `input_required` result; 2025: each server→client
   * request answered during the call).
   */
  readonly rounds: number;
  listTools(): Promise<Mcp.ToolDefinition[]>;
  callTool(
    name: string,
    args: Mcp.JsonObject | undefined,
    options: TaskCallOptions,
  ): Promise<TaskHandle>;
  callTool(name: string, args?: Mcp.JsonObject, meta?: Mcp.JsonObject): Promise<Mcp.CallToolResult>;
  listResources(): Promise<Mcp.ResourceDefinition[]>;
  listResourceTemplates(): Promise<Mcp.ResourceTemplateDefinition[]>;
  readResource(uri: string): Promise<Mcp.ResourceContents[]>;
  listPrompts(): Promise<Mcp.PromptDefinition[]>;
  getPrompt(name: string, args?: Record<string, string>): Promise<Mcp.GetPromptResult>;
  /** `server/discover`: the revisions, capabilities and instructions of the server. */
  discover(): Promise<Mcp.JsonObject>;
  /**
   * Opens a subscription (2026-07-28 `subscriptions/listen`; in 2025 the session's own
   * notifications, with `resources/subscribe` for `resourceSubscriptions`). Resolves once the
   * server acknowledged it.
   */
  listen(
    filter: ListenFilter,
    onNotification?: (message: Mcp.JsonObject) => void,
  ): Promise<Subscription>;
  /** Any request: resolves to its `result`, rejects with `McpClientError`. */
  request(method: string, params?: Mcp.JsonObject): Promise<unknown>;
  /** A notification to the server. */
  notify(method: string, params?: Mcp.JsonObject): Promise<void>;
  /** Ends the session: in-flight calls end without an answer, broadcasts stop. */
  close(): void;
}
