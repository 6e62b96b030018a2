/**
 * `connectHttp` against our own HTTP server: a 2025 session receives what the server sends
 * outside any request on its GET stream and starts a new session when the server forgot the old
 * one (404); a 2026-07-28 request carries `Mcp-Name` (Base64 when it must) and the
 * `Mcp-Param-*` headers of the tool's `x-mcp-header` properties, and an HTTP client leaves out a
 * tool whose annotations are invalid.
 */
import { McpCore, serveHttp } from 'declarative-mcp';
import { connectHttp } from 'declarative-mcp/testing';
import { within } from '../helpers/within';

let tools = ['alpha'];

const core = new McpCore({
  name: 'http-kit',
  version: '1',
  listChanged: true,
  lister: () => [
    ...tools.map((name) => ({ name, inputSchema: { type: 'object' as const } })),
    {
      name: 'run',
      inputSchema: {
        type: 'object' as const,
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          limits: {
            type: 'object',
            properties: { rows: { type: 'integer', 'x-mcp-header': 'Rows' } },
          },
          query: { type: 'string' },
        },
      },
    },
    {
      name: 'ratio',
      // `number` may not be mirrored: an HTTP client must leave this tool out.
      inputSchema: {
        type: 'object' as const,
        properties: { share: { type: 'number', 'x-mcp-header': 'Share' } },
      },
    },
  ],
  caller: (name, args) => ({
    content: [{ type: 'text', text: `${name} ${JSON.stringify(args)}` }],
  }),
  resources: () => [{ uri: 'notes://café', name: 'café' }],
  reader: (uri) => [{ uri, text: `read ${uri}` }],
});

let server: Awaited<ReturnType<typeof serveHttp>>;

beforeAll(async () => {
  server = await serveHttp(core, { port: 0 });
});

afterAll(async () => {
  await server.close();
});

describe('2025-11-25 over HTTP', () => {
  test('the GET stream brings list changes, to listen() and to notifications', async () => {
    const client = await connectHttp(server.url, { protocolVersion: '2025-11-25' });
    try {
      const subscription = await client.listen({ toolsListChanged: true });
      expect(subscription.acknowledged).toEqual({ toolsListChanged: true });
      // connectHttp resolves once the GET stream is open: a change made now reaches it.
      core.notifyListChanged('tools');
      const first = await within(
        subscription[Symbol.asyncIterator]().next(),
        5000,
        'no list_changed on the GET stream',
      );
      expect(first.value).toMatchObject({ method: 'notifications/tools/list_changed' });
      expect(client.notifications).toContainEqual(
        expect.objectContaining({ method: 'notifications/tools/list_changed' }),
      );
      await subscription.close();
    } finally {
      client.close();
    }
  });

  test('a server that forgot the session: a new one is initialized and the request answered', async () => {
    const { port } = new URL(server.url);
    const client = await connectHttp(server.url, { protocolVersion: '2025-11-25' });
    try {
      expect((await client.listTools()).map((tool) => tool.name)).toContain('alpha');
      // A new server on the same port knows no session (as after `dev` reloads).
      await server.close();
      tools = ['beta'];
      server = await serveHttp(core, { port: Number(port) });
      expect((await client.listTools()).map((tool) => tool.name)).toContain('beta');
      expect((await client.callTool('beta')).content).toEqual([{ type: 'text', text: 'beta {}' }]);
    } finally {
      client.close();
      tools = ['alpha'];
    }
  });
});

describe('2026-07-28 over HTTP', () => {
  test('Mcp-Param-* headers: a call before any list is refused -32020, the tools listed, sent again', async () => {
    const client = await connectHttp(server.url, { protocolVersion: '2026-07-28' });
    const args = { region: 'eu-west-1', limits: { rows: 10 }, query: 'q' };
    expect((await client.callTool('run', args)).content).toEqual([
      { type: 'text', text: `run ${JSON.stringify(args)}` },
    ]);
    // Values that need Base64 (non-ASCII, spaces at the ends), and a null left out.
    const odd = { region: ' Zürich ', limits: { rows: null } };
    expect((await client.callTool('run', odd)).content).toEqual([
      { type: 'text', text: `run ${JSON.stringify(odd)}` },
    ]);
    client.close();
  });

  test('Mcp-Name in Base64 for a URI that is not plain ASCII', async () => {
    const client = await connectHttp(server.url, { protocolVersion: '2026-07-28' });
    expect(await client.readResource('notes://café')).toEqual([
      { uri: 'notes://café', text: 'read notes://café' },
    ]);
    client.close();
  });

  test('a tool with an invalid x-mcp-header is left out of tools/list, with a warning', async () => {
    const warnings: string[] = [];
    const client = await connectHttp(server.url, {
      protocolVersion: '2026-07-28',
      onWarning: (message) => warnings.push(message),
    });
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(['alpha', 'run']);
    expect(warnings).toEqual([
      'Tool "ratio" is left out of tools/list: x-mcp-header "Share" is on "share" of type "number": only string, integer and boolean may be mirrored.',
    ]);
    client.close();
  });
});
