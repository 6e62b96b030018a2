/**
 * The MCP Apps example (build/examples/apps.js) on the wire, with the official clients: over
 * stdio an SDK v1 client that does not declare MCP Apps, over Streamable HTTP an SDK v2 client
 * that does, in both eras (2025 with a session, 2026-07-28 with capabilities per request). The tool's `_meta.ui` (and the legacy key), the view's MIME type and `_meta.ui` in
 * the list and the read contents, and `call.supportsApps` shaping the text fallback.
 */
import { Client as ClientV2, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type Connection, connect, example, type Launched, launch } from './examples';

const VIEW = 'ui://tasks/board';
const HINT = ' Open it in a host with MCP Apps to tick tasks off.';
const SUMMARY =
  '2 of 3 tasks open: #1 Write the release notes (open); #2 Review the HTTP hardening (open); #3 Book the team lunch (done).';

describe('over stdio, a client without MCP Apps', () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connect('apps');
  });
  afterAll(async () => {
    await connection?.client.close();
  });

  it('tools/list: _meta.ui with the legacy flat key on both tools', async () => {
    const { tools } = await connection.client.listTools();
    expect(tools.map((t) => [t.name, JSON.stringify(t._meta)])).toEqual([
      ['show_board', `{"ui":{"resourceUri":"${VIEW}"},"ui/resourceUri":"${VIEW}"}`],
      [
        'complete_task',
        `{"ui":{"resourceUri":"${VIEW}","visibility":["app"]},"ui/resourceUri":"${VIEW}"}`,
      ],
    ]);
  });

  it('resources/list and resources/read: the app MIME type and _meta.ui', async () => {
    const { resources } = await connection.client.listResources();
    expect(resources).toEqual([
      {
        uri: VIEW,
        name: 'task-board',
        title: 'Task board view',
        description: 'The interactive view of show_board.',
        mimeType: 'text/html;profile=mcp-app',
        _meta: { ui: { prefersBorder: true } },
      },
    ]);
    const { contents } = await connection.client.readResource({ uri: VIEW });
    expect(contents).toHaveLength(1);
    const [item] = contents as Array<{
      uri: string;
      mimeType: string;
      text: string;
      _meta: object;
    }>;
    expect([item.uri, item.mimeType, item._meta]).toEqual([
      VIEW,
      'text/html;profile=mcp-app',
      { ui: { prefersBorder: true } },
    ]);
    expect(item.text.startsWith('<!doctype html>')).toBe(true);
    expect(item.text).toContain('<title>Task board</title>');
  });

  it('the result carries text that stands alone, with a hint for hosts without apps', async () => {
    const result = await connection.client.callTool({ name: 'show_board', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: SUMMARY + HINT }]);
    expect((result.structuredContent as { tasks: unknown[] }).tasks).toHaveLength(3);
  });
});

describe.each([['legacy', 'legacy'] as const, ['2026-07-28', { pin: '2026-07-28' }] as const])(
  'over Streamable HTTP, a client that declares MCP Apps (%s)',
  (_era, mode) => {
    let server: Launched;
    let client: ClientV2;
    beforeAll(async () => {
      server = launch(example('apps'), ['--http', '--port', '0']);
      const url = (await server.waitFor(/listening (\S+)/))[1];
      client = new ClientV2(
        { name: 'declarative-mcp-e2e', version: '1.0.0' },
        {
          capabilities: {
            extensions: {
              'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
            },
          },
          // In 2026-07-28 the capabilities travel in each request's _meta, not in a session.
          versionNegotiation: { mode },
        },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    });
    afterAll(async () => {
      await client?.close();
      await server?.stop();
    });

    it('call.supportsApps is true: the text has no hint', async () => {
      const result = await client.callTool({ name: 'show_board', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: SUMMARY }]);
    });

    it('the view is the same document over HTTP', async () => {
      const { contents } = await client.readResource({ uri: VIEW });
      expect(contents[0]).toMatchObject({ uri: VIEW, mimeType: 'text/html;profile=mcp-app' });
    });
  },
);
