/**
 * The built Express and Fastify examples (examples/express.ts, examples/fastify.ts): the notes
 * example's `createHttpHandler` mounted at `/mcp` in each framework, started on a free port and
 * driven by the official SDK client; SIGTERM stops each with exit code 0.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { example, type Launched, launch } from './examples';

describe.each(['express', 'fastify'])('the %s example', (name) => {
  let server: Launched;
  let url: string;
  let client: Client | undefined;

  beforeAll(async () => {
    server = launch(example(name), ['--port', '0']);
    [, url] = await server.waitFor(/^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/);
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop('SIGKILL');
  });

  test('prints its URL on a free port', () => {
    expect(new URL(url).port).not.toBe('0');
    expect(server.stderr()).toBe('');
  });

  test('the SDK client: listTools, callTool, readResource, a prompt', async () => {
    client = new Client({ name: `${name}-e2e`, version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    expect(transport.sessionId).toBeDefined();
    expect(client.getServerVersion()).toEqual({ name: 'Notes', version: '1.0.0' });

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['count']);
    expect(await client.callTool({ name: 'count' })).toEqual({
      content: [{ type: 'text', text: '3 notes.' }],
      isError: false,
    });
    expect(await client.readResource({ uri: 'notes://welcome' })).toEqual({
      contents: [{ uri: 'notes://welcome', mimeType: 'text/plain', text: 'Welcome to the team!' }],
    });
    expect(await client.readResource({ uri: 'notes://standup' })).toEqual({
      contents: [{ uri: 'notes://standup', mimeType: 'text/plain', text: 'Stand-up is at 9:30.' }],
    });
    const prompt = await client.getPrompt({ name: 'summarize', arguments: { slug: 'deploy' } });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Summarize the note notes://deploy.' } },
    ]);
  });

  test('the rest of the application is the framework’s: GET / answers from its own route', async () => {
    const response = await fetch(new URL('/', url));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('The notes example: its MCP endpoint is /mcp.\n');
  });

  test('terminating the session, then SIGTERM: exit 0', async () => {
    await (client!.transport as StreamableHTTPClientTransport).terminateSession();
    await client!.close();
    client = undefined;
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.stderr()).toBe('');
  });
});
