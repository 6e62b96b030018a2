/**
 * The official SDK's client (`StreamableHTTPClientTransport`) against `serveHttp`, in session and
 * stateless modes: connect, list and call tools, ping, progress, an elicitation answered by the
 * client, session termination, and a fresh connection after a 404.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { type HttpServerHandle, serveHttp } from '../../../src/transports/http';
import { eventually, within } from '../../helpers/within';
import { testCore } from './harness';

async function connect(
  url: string,
  capabilities: Record<string, object> = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'sdk-test', version: '1.0.0' }, { capabilities });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

describe('official SDK client, session mode', () => {
  const { core } = testCore();
  let server: HttpServerHandle;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await serveHttp(core);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  });

  test('connect, listTools, callTool, ping', async () => {
    const { client, transport } = await connect(server.url);
    clients.push(client);
    expect(transport.sessionId).toMatch(/^[\x21-\x7E]{32}$/);
    expect(client.getServerVersion()).toEqual({ name: 'Test', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'echo',
      'whoami',
      'progress',
      'hold',
      'elicit',
      'boom',
    ]);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hello' } })).toEqual({
      content: [{ type: 'text', text: 'hello' }],
    });
    const whoami = await client.callTool({ name: 'whoami', arguments: {} });
    expect(JSON.parse((whoami.content as Array<{ text: string }>)[0]!.text)).toEqual({
      id: transport.sessionId,
      identity: null,
      revision: '2025-11-25',
    });
    expect(await client.ping()).toEqual({});
  });

  test('progress reaches onprogress, before the result', async () => {
    const { client } = await connect(server.url);
    clients.push(client);
    const seen: unknown[] = [];
    const result = await client.callTool({ name: 'progress', arguments: {} }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    expect(seen).toEqual([
      { progress: 1, total: 2, message: 'half way' },
      { progress: 2, total: 2 },
    ]);
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
  });

  test('an elicitation is answered through the client’s handler', async () => {
    const { client } = await connect(server.url, { elicitation: {} });
    clients.push(client);
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      expect(request.params.message).toBe('Your name?');
      return { action: 'accept', content: { name: 'Grace' } };
    });
    const result = await client.callTool({ name: 'elicit', arguments: {} });
    expect(result.content).toEqual([
      { type: 'text', text: '{"action":"accept","content":{"name":"Grace"}}' },
    ]);
  });

  test('list_changed broadcasts reach the client over its GET stream', async () => {
    const { client } = await connect(server.url);
    clients.push(client);
    let arrived = false;
    client.fallbackNotificationHandler = async (notification) => {
      if (notification.method === 'notifications/tools/list_changed') arrived = true;
    };
    // The client opens its GET stream right after initialize, in its own time: the change is
    // raised again until one reaches it (a change before the stream is there goes nowhere).
    await eventually(
      () => {
        if (!arrived) core.notifyListChanged('tools');
        return arrived;
      },
      10_000,
      'no notifications/tools/list_changed reached the client',
      50,
    );
  });

  test('terminateSession ends the session on the server', async () => {
    const { client, transport } = await connect(server.url);
    const before = server.handler.sessions;
    await transport.terminateSession();
    expect(transport.sessionId).toBeUndefined();
    expect(server.handler.sessions).toBe(before - 1);
    await client.close();
  });

  test('after a 404 (session deleted) a new connection works', async () => {
    const { client, transport } = await connect(server.url);
    const sessionId = transport.sessionId!;
    const deleted = await fetch(server.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId },
    });
    expect(deleted.status).toBe(204);
    const failure = await client.listTools().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StreamableHTTPError);
    expect((failure as StreamableHTTPError).code).toBe(404);
    await client.close();

    const again = await connect(server.url);
    clients.push(again.client);
    expect(again.transport.sessionId).not.toBe(sessionId);
    expect((await again.client.listTools()).tools).toHaveLength(6);
  });
});

describe('official SDK client, server restarted', () => {
  test('the old session gets 404; reconnecting to the new server works', async () => {
    const first = await serveHttp(testCore().core);
    const { client } = await connect(first.url);
    await client.listTools();
    const port = first.port;
    await first.close();
    const second = await serveHttp(testCore().core, { port });
    try {
      // A request sent on a connection pooled to the old server fails at the socket until the
      // client notices the connection closed (later under load): the first request that reaches
      // the new server is the one whose answer is tested.
      let failure: unknown;
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        failure = await within(
          client.listTools().catch((error: unknown) => error),
          10_000,
          `listTools after the restart (attempt ${attempt}) never settled`,
        );
        if (failure instanceof StreamableHTTPError) break;
      }
      expect((failure as StreamableHTTPError).code).toBe(404);
      await client.close();
      const again = await connect(second.url);
      expect(await again.client.ping()).toEqual({});
      await again.client.close();
    } finally {
      await second.close();
    }
  });
});

describe('official SDK client, stateless mode', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, { sessions: false });
  });
  afterAll(() => server.close());

  test('connect (GET answered 405), listTools, callTool, ping, terminateSession', async () => {
    const { client, transport } = await connect(server.url);
    expect(transport.sessionId).toBeUndefined();
    expect((await client.listTools()).tools).toHaveLength(6);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'stateless' } })).toEqual({
      content: [{ type: 'text', text: 'stateless' }],
    });
    const whoami = await client.callTool({ name: 'whoami', arguments: {} });
    // The SDK sends MCP-Protocol-Version on every request after initialize.
    expect(JSON.parse((whoami.content as Array<{ text: string }>)[0]!.text)).toEqual({
      id: null,
      identity: null,
      revision: '2025-11-25',
    });
    expect(await client.ping()).toEqual({});
    await transport.terminateSession();
    expect(server.handler.sessions).toBe(0);
    await client.close();
  });

  test('progress over the POST stream works without a session', async () => {
    const { client } = await connect(server.url);
    const seen: number[] = [];
    await client.callTool({ name: 'progress', arguments: {} }, undefined, {
      onprogress: ({ progress }) => seen.push(progress),
    });
    expect(seen).toEqual([1, 2]);
    await client.close();
  });
});
