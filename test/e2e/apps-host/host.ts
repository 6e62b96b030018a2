/**
 * A minimal MCP Apps host for the browser test (bundled by the test with esbuild): the official
 * client (SDK v2) connects to the server over Streamable HTTP, declaring the MCP Apps extension;
 * it calls the tool, reads the tool's ui:// view, renders it in a sandboxed iframe under the
 * specification's default CSP, and connects ext-apps' AppBridge to it, which forwards the view's
 * tools/call to the server. Progress is written to `window.hostState` for the test to read.
 */

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  AppBridge,
  getToolUiResourceUri,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';

interface HostState {
  phase: string;
  error?: string;
  uiMeta?: unknown;
  toolCalls: string[];
}

const state: HostState = { phase: 'starting', toolCalls: [] };
(window as unknown as { hostState: HostState }).hostState = state;

// MCP Apps 2026-01-26, host behaviour: the CSP a host must apply when a view declares none.
const DEFAULT_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none';";

const INFO = { name: 'declarative-mcp-test-host', version: '1.0.0' };

/**
 * Renders a view in a sandboxed iframe under the default CSP and connects `bridge` to it. The
 * frame is in the document (about:blank) before the bridge listens, and gets the view only then:
 * the view's ui/initialize cannot arrive before the bridge is there to answer it.
 */
async function mount(html: string, title: string, bridge: AppBridge): Promise<void> {
  const csp = `<meta http-equiv="Content-Security-Policy" content="${DEFAULT_CSP}">`;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = title;
  frame.style.cssText = 'width: 480px; height: 260px; border: 1px solid #ccc;';
  document.body.append(frame);
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.srcdoc = html.replace(/<head>/i, (head) => `${head}${csp}`);
}

type ToolResult = Parameters<AppBridge['sendToolResult']>[0];

/** host?endpoint=…&tool=…: the tool's view from the server, its result, its calls forwarded. */
async function run(endpoint: string, toolName: string): Promise<void> {
  const client = new Client(INFO, {
    capabilities: {
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } },
    },
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
  state.phase = 'connected';

  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === toolName);
  if (tool === undefined) throw new Error(`The server lists no tool ${toolName}.`);
  const uri = getToolUiResourceUri(tool);
  if (uri === undefined) throw new Error(`Tool ${toolName} has no ui:// view.`);
  const read = await client.readResource({ uri });
  const content = read.contents[0];
  if (content === undefined || !('text' in content) || content.mimeType !== RESOURCE_MIME_TYPE) {
    throw new Error(`${uri} is not an MCP Apps view: ${JSON.stringify(read)}`);
  }
  state.uiMeta = content._meta?.ui;
  state.phase = 'view read';

  const bridge = new AppBridge(client, INFO, { serverTools: {}, serverResources: {} });
  const args = {};
  bridge.oninitialized = () => {
    state.phase = 'view initialized';
    void (async () => {
      await bridge.sendToolInput({ arguments: args });
      const result = await client.callTool({ name: toolName, arguments: args });
      state.toolCalls.push(toolName);
      await bridge.sendToolResult(result as ToolResult);
      state.phase = 'result sent';
    })().catch(fail);
  };
  await mount(content.text, uri, bridge);
  // connect() set up forwarding of the view's tools/call to the server (the client's server has
  // tools); record each call on its way.
  const forward = bridge.oncalltool;
  if (forward === undefined) throw new Error('AppBridge did not set up tools/call forwarding.');
  bridge.oncalltool = (request, extra) => {
    state.toolCalls.push(request.name);
    return forward(request, extra);
  };
}

/** host?view=…&result=…: a view document from a URL, sent a given result; no server. */
async function runOffline(viewUrl: string, result: string): Promise<void> {
  const html = await (await fetch(viewUrl)).text();
  const bridge = new AppBridge(null, INFO, {});
  bridge.oninitialized = () => {
    state.phase = 'view initialized';
    bridge.sendToolResult(JSON.parse(result) as ToolResult).then(() => {
      state.phase = 'result sent';
    }, fail);
  };
  await mount(html, viewUrl, bridge);
}

function start(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const endpoint = params.get('endpoint');
  const tool = params.get('tool');
  const view = params.get('view');
  const result = params.get('result');
  if (endpoint !== null && tool !== null) return run(endpoint, tool);
  if (view !== null && result !== null) return runOffline(view, result);
  return Promise.reject(new Error('host?endpoint=…&tool=… or host?view=…&result=…'));
}

function fail(error: unknown): void {
  state.phase = 'failed';
  state.error = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
}

start().catch(fail);
