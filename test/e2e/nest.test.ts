/**
 * The built Nest example (examples/nest/): the library served by DeclarativeMcpModule on the
 * Nest application's own HTTP adapter (Express and Fastify), and standalone over stdio, each
 * driven by the official SDK client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connect, example, type Launched, launch } from './examples';

const SEARCH = {
  content: [
    {
      type: 'text',
      text: '9780131103627  The C Programming Language (Kernighan, Ritchie), 1 left',
    },
  ],
  isError: false,
};

describe.each([
  ['express', []],
  ['fastify', ['--fastify']],
])('the Nest example over HTTP (%s)', (_platform, flags) => {
  let server: Launched;
  let url: string;
  let client: Client | undefined;

  beforeAll(async () => {
    server = launch(example('nest/http'), ['--port', '0', ...flags]);
    [, url] = await server.waitFor(/^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop('SIGKILL');
  });

  test('the SDK client lists, calls and reads; a Nest exception is an isError result', async () => {
    client = new Client({ name: 'nest-e2e', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    expect(transport.sessionId).toBeDefined();
    expect(client.getServerVersion()).toEqual({ name: 'Library', version: '1.0.0' });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search', 'borrow']);
    expect(await client.callTool({ name: 'search', arguments: { text: 'kernighan' } })).toEqual(
      SEARCH,
    );
    expect(await client.callTool({ name: 'borrow', arguments: { isbn: '9780201633610' } })).toEqual(
      {
        content: [{ type: 'text', text: 'Conflict (409): "Design Patterns" has no copy left.' }],
        isError: true,
      },
    );
    const read = await client.readResource({ uri: 'books://9780131103627' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ copies: 1 });
  });

  test('SIGTERM closes the sessions and the server', async () => {
    const code = await server.stop('SIGTERM');
    expect([0, 'SIGTERM']).toContain(code);
  });
});

test('the Nest example standalone over stdio', async () => {
  const connection = await connect('nest/stdio');
  const { client } = connection;
  try {
    expect(client.getServerVersion()).toEqual({ name: 'Library', version: '1.0.0' });
    expect(await client.callTool({ name: 'search', arguments: { text: 'kernighan' } })).toEqual(
      SEARCH,
    );
    expect(await client.callTool({ name: 'borrow', arguments: { isbn: '9780131103627' } })).toEqual(
      {
        content: [{ type: 'text', text: 'Borrowed "The C Programming Language"; 0 left.' }],
        isError: false,
      },
    );
    // Nest's logger is off: nothing but the protocol, and no diagnostics either.
    expect(connection.stderr).toBe('');
  } finally {
    await client.close();
  }
});
