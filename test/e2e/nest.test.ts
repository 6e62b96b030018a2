/**
 * The built Nest example (examples/nest/): the library served by DeclarativeMcpModule on the
 * Nest application's own HTTP adapter (Express and Fastify), and standalone over stdio, each
 * driven by the official SDK client.
 */

import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connect, example, type Launched, launch } from './examples';

const BIN = join(__dirname, '..', '..', 'dist', 'src', 'cli', 'bin.js');

/** The official client on `declarative-mcp <command> <the example's compiled Nest module>` over stdio. */
async function cli(command: 'serve' | 'devtools'): Promise<Client> {
  const client = new Client({ name: 'nest-cli-e2e', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, command, example('nest/app.module')],
      stderr: 'pipe',
    }),
  );
  return client;
}

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
    // Loading Nest takes a few seconds on a busy machine: a wider, still bounded, wait.
    [, url] = await server.waitFor(
      /^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/,
      'stdout',
      50_000,
    );
  }, 60_000);
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
}, 60_000);

test('declarative-mcp serve on the compiled Nest module boots it standalone over stdio', async () => {
  const client = await cli('serve');
  try {
    expect(client.getServerVersion()).toEqual({ name: 'Library', version: '1.0.0' });
    expect(await client.callTool({ name: 'search', arguments: { text: 'kernighan' } })).toEqual(
      SEARCH,
    );
  } finally {
    await client.close();
  }
}, 60_000);

test('the devtools describe the Nest form: the module each provider comes from, the path', async () => {
  const client = await cli('devtools');
  try {
    const described = await client.callTool({ name: 'describe_application', arguments: {} });
    const text = (described.content as Array<{ text: string }>)[0]!.text;
    const application = JSON.parse(text);
    expect(application.framework).toEqual({
      name: 'nestjs',
      module: 'DeclarativeMcpModule',
      path: '/mcp',
      providers: [{ provider: 'BooksTools', module: 'AppModule', scope: 'singleton' }],
    });
    expect(application.providers).toEqual(['BooksTools']);
    expect(application.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'search',
      'borrow',
    ]);
  } finally {
    await client.close();
  }
}, 60_000);
