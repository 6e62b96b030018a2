/**
 * What every runtime serving the greeter (examples/greeter.ts) through `declarative-mcp/fetch`
 * must do, driven from Node by the official clients: the SDK v1 client at 2025-11-25
 * (initialize, list, call, progress over SSE) and the SDK v2 client pinned to 2026-07-28 (list,
 * call, an elicitation answered through an `input_required` round); and bad requests answered
 * with the same status, headers and JSON-RPC error as the node face (`createHttpHandler`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createHttpHandler, McpCore } from 'declarative-mcp';
import { within } from '../helpers/within';
import { example, launch } from './examples';

/** A runtime serving the greeter: its MCP URL, and how to stop it. */
export interface Served {
  url: string;
  stop(): Promise<unknown>;
}

/**
 * Starts a built example with `runtime` (a binary, with its arguments before the script; Node.js
 * when absent) and resolves with the URL it prints: `listening http://127.0.0.1:PORT/mcp`.
 */
export async function launchExample(
  name: string,
  runtime?: { binary: string; before: string[]; env?: Record<string, string> },
): Promise<Served> {
  const server = launch(
    example(name),
    ['--port', '0'],
    runtime && { node: runtime.binary, before: runtime.before, env: runtime.env },
  );
  try {
    const [, url] = await server.waitFor(/^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/);
    return { url: url!, stop: () => server.stop('SIGKILL') };
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
}

const JSON_POST = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

/** Requests both faces refuse, each with its own status and JSON-RPC error. */
export const BAD_REQUESTS: Array<[string, RequestInit]> = [
  ['a body that is not JSON', { method: 'POST', headers: JSON_POST, body: '{"jsonrpc":' }],
  [
    'an Accept naming neither JSON nor event streams',
    { method: 'POST', headers: { ...JSON_POST, accept: 'text/html' }, body: LIST },
  ],
  [
    'a foreign Origin',
    { method: 'POST', headers: { ...JSON_POST, origin: 'https://evil.example' }, body: LIST },
  ],
  ['a PUT', { method: 'PUT', headers: JSON_POST, body: LIST }],
];

/** Status, the headers that carry meaning, and the body of an answer. */
export async function answerTo(url: string, init: RequestInit) {
  const response = await fetch(url, init);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    allow: response.headers.get('allow'),
    body: await response.text(),
  };
}

/** The node face (`createHttpHandler`) on a loopback port, to compare refusals with: stateful or not as the runtime. */
export async function nodeFace(
  sessions: boolean,
): Promise<{ url: string; close(): Promise<void> }> {
  const core = new McpCore({
    name: 'node-face',
    version: '1.0.0',
    lister: () => [],
    caller: () => ({ content: [] }),
  });
  const handler = createHttpHandler(core, { path: '/mcp', sessions });
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      await handler.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ text?: string }> }).content ?? [];
  return content.map((block) => block.text ?? '').join('');
}

/**
 * The tests every runtime passes. `serve` starts the runtime once for the file; `sessions` says
 * whether it keeps 2025-11-25 sessions (then the v1 client's elicitation is asked over SSE too).
 */
export function describeRuntime(
  runtime: string,
  serve: () => Promise<Served>,
  { sessions = false }: { sessions?: boolean } = {},
): void {
  describe(`the greeter on ${runtime}`, () => {
    let served: Served | undefined;
    let node: { url: string; close(): Promise<void> } | undefined;
    let url: string;
    const clients: Array<{ close(): Promise<void> }> = [];

    beforeAll(async () => {
      node = await nodeFace(sessions);
      served = await serve();
      url = served.url;
    }, 30_000);

    afterAll(async () => {
      for (const client of clients) await client.close().catch(() => {});
      await served?.stop();
      await node?.close();
    });

    it('SDK v1 client (2025-11-25): initialize, list, call, progress over SSE', async () => {
      const client = new Client(
        { name: `${runtime}-v1`, version: '1.0.0' },
        { capabilities: { elicitation: { form: {} } } },
      );
      clients.push(client);
      client.setRequestHandler(ElicitRequestSchema, async () => ({
        action: 'accept',
        content: { name: 'Grace' },
      }));
      const transport = new StreamableHTTPClientTransport(new URL(url));
      await within(client.connect(transport), 10_000, `${runtime}: initialize`);
      expect(client.getServerVersion()).toEqual({ name: 'greeter', version: '1.0.0' });
      expect(transport.sessionId === undefined).toBe(!sessions);

      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['hello', 'count', 'ask_name']);
      expect(await client.callTool({ name: 'hello', arguments: { name: 'Ada' } })).toEqual({
        content: [{ type: 'text', text: 'Hello, Ada!' }],
        isError: false,
      });

      const progress: Array<{ progress: number; total?: number }> = [];
      const counted = await client.callTool({ name: 'count', arguments: { steps: 3 } }, undefined, {
        onprogress: ({ progress: done, total }) => progress.push({ progress: done, total }),
      });
      expect(textOf(counted)).toBe('Counted to 3.');
      expect(progress).toEqual([
        { progress: 0, total: 3 },
        { progress: 1, total: 3 },
        { progress: 2, total: 3 },
      ]);

      // A tool error is a result the model reads, not a failed request.
      const invalid = await client.callTool({ name: 'count', arguments: { steps: 0 } });
      expect(invalid.isError).toBe(true);

      if (sessions) {
        const asked = await client.callTool({ name: 'ask_name', arguments: {} });
        expect(textOf(asked)).toBe('Hello, Grace!');
      }
    });

    it('SDK v2 client pinned to 2026-07-28: list, call, elicitation through input_required', async () => {
      const answers: string[] = [];
      const client = new ClientV2(
        { name: `${runtime}-v2`, version: '1.0.0' },
        {
          capabilities: { elicitation: { form: {} } },
          versionNegotiation: { mode: { pin: '2026-07-28' } },
        },
      );
      clients.push(client);
      client.setRequestHandler('elicitation/create', async (request) => {
        answers.push(String(request.params.message));
        return { action: 'accept' as const, content: { name: 'Ada' } };
      });
      const bodies: string[] = [];
      const transport = new TransportV2(new URL(url), {
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
            bodies.push(await response.clone().text());
          }
          return response;
        },
      });
      await within(client.connect(transport), 10_000, `${runtime}: 2026-07-28 connect`);
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');

      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['hello', 'count', 'ask_name']);
      const hello = await client.callTool({ name: 'hello', arguments: { name: 'Lin' } });
      expect(textOf(hello)).toBe('Hello, Lin!');

      const asked = await client.callTool({ name: 'ask_name', arguments: {} });
      expect(textOf(asked)).toBe('Hello, Ada!');
      expect(answers).toEqual(['What is your name?']);
      // The question came back as a result (MRTR), not as a request on a stream.
      expect(bodies.some((body) => body.includes('"resultType":"input_required"'))).toBe(true);
    });

    it.each(BAD_REQUESTS)(
      '%s: the same status, headers and error as the node face',
      async (_, init) => {
        const expected = await answerTo(node!.url, init);
        expect(expected.status).toBeGreaterThanOrEqual(400);
        expect(await answerTo(url, init)).toEqual(expected);
      },
    );
  });
}
