/**
 * MCP 2026-07-28 `subscriptions/listen` (issue 12 item 6) against build/examples/channel.js: over
 * HTTP an SSE stream on the POST, over stdio lines on stdout. The acknowledgement comes first;
 * then the list changes and resource updates the client opted in to, each tagged with the
 * subscription's id. `app.enable/disable` and `app.notifyResourceUpdated` reach 2025 sessions and
 * 2026 listeners alike.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { environment, example, type Launched, launch, sseReader } from './examples';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const ID = 'io.modelcontextprotocol/subscriptionId';

function body(id: number | string, method: string, params: Record<string, unknown> = {}) {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } });
}

function headers(method: string, name?: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': method,
    ...(name === undefined ? {} : { 'Mcp-Name': name }),
  };
}

describe('subscriptions/listen over Streamable HTTP', () => {
  let server: Launched;
  let url: string;

  beforeAll(async () => {
    server = launch(example('channel'), ['--http', '--port', '0']);
    url = (await server.waitFor(/listening (http:\/\/\S+)/))[1]!;
  }, 20_000);

  afterAll(async () => {
    await server?.stop();
  });

  const call = (id: number, name: string, args: Record<string, unknown>) =>
    fetch(url, {
      method: 'POST',
      headers: headers('tools/call', name),
      body: body(id, 'tools/call', { name, arguments: args }),
    }).then((r) => r.json());

  it('acknowledges, then forwards only what was asked, tagged with the listen id', async () => {
    const listen = await fetch(url, {
      method: 'POST',
      headers: headers('subscriptions/listen'),
      body: body(41, 'subscriptions/listen', {
        notifications: {
          toolsListChanged: true,
          promptsListChanged: true,
          resourceSubscriptions: ['channel://counter'],
        },
      }),
    });
    expect(listen.status).toBe(200);
    expect(listen.headers.get('content-type')).toContain('text/event-stream');
    const stream = sseReader(listen);
    // The acknowledgement is written once the stream listens: only then does anything change
    // (a sleep instead could let the changes come first on a loaded machine).
    const ack = await stream.take(1, 15_000, 'subscriptions/listen not acknowledged');
    await call(1, 'touch', { uri: 'channel://clock' }); // not subscribed: nothing
    await call(2, 'touch', { uri: 'channel://counter' });
    await call(3, 'set_enabled', { name: 'beta', enabled: true });
    const got = [
      ...ack,
      ...(await stream.take(2, 15_000, 'the changes did not reach the listener')),
    ];
    await stream.cancel();
    expect(got).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          notifications: {
            toolsListChanged: true,
            promptsListChanged: true,
            resourceSubscriptions: ['channel://counter'],
          },
          _meta: { [ID]: 41 },
        },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: 'channel://counter', _meta: { [ID]: 41 } },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { [ID]: 41 } },
      },
    ]);
    await call(4, 'set_enabled', { name: 'beta', enabled: false });
  });

  it('is a 2026 method only: a 2025 session gets -32601', async () => {
    const init = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
        },
      }),
    });
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Session-Id': session,
        'MCP-Protocol-Version': '2025-11-25',
      },
      body: '{"jsonrpc":"2.0","id":2,"method":"subscriptions/listen","params":{"notifications":{}}}',
    });
    expect(await answer.text()).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found"}}',
    );
  });
});

describe('subscriptions/listen over stdio', () => {
  let child: ChildProcessWithoutNullStreams;
  let out = '';

  beforeAll(() => {
    child = spawn(process.execPath, [example('channel')], { env: environment() });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
  });

  afterAll(async () => {
    child.stdin.end();
    await new Promise((resolve) => child.once('close', resolve));
  });

  const lines = (): Array<Record<string, unknown>> =>
    out
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));

  async function until(check: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms; stdout: ${out}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('writes the acknowledgement and the tagged notifications on stdout; cancelling ends it', async () => {
    child.stdin.write(
      `${body('listen-1', 'subscriptions/listen', { notifications: { resourceSubscriptions: ['channel://counter'] } })}\n`,
    );
    await until(() => lines().length >= 1);
    child.stdin.write(
      `${body(2, 'tools/call', { name: 'touch', arguments: { uri: 'channel://counter' } })}\n`,
    );
    await until(() => lines().length >= 3);
    const [ack, ...rest] = lines();
    expect(ack).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        notifications: { resourceSubscriptions: ['channel://counter'] },
        _meta: { [ID]: 'listen-1' },
      },
    });
    expect(rest).toContainEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'channel://counter', _meta: { [ID]: 'listen-1' } },
    });
    // notifications/cancelled ends the subscription: no more updates reach it.
    child.stdin.write(
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"listen-1"}}\n',
    );
    const before = lines().length;
    await new Promise((r) => setTimeout(r, 100));
    child.stdin.write(
      `${body(3, 'tools/call', { name: 'touch', arguments: { uri: 'channel://counter' } })}\n`,
    );
    await until(() => lines().some((m) => m.id === 3));
    const after = lines().slice(before);
    expect(after.filter((m) => m.method === 'notifications/resources/updated')).toEqual([]);
  });

  it('the first request pinned the connection to 2026: an initialize is refused, saying why', async () => {
    child.stdin.write(
      '{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}\n',
    );
    await until(() => lines().some((m) => m.id === 9));
    expect(lines().find((m) => m.id === 9)).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: {
        code: -32600,
        message:
          'This connection speaks MCP 2026-07-28: send _meta with every request, or start a new connection to initialize.',
      },
    });
  });
});
