/**
 * `npm start` runs build/examples/start.js: the bundled examples over Streamable HTTP in one
 * server on 127.0.0.1, each at its own path. The test starts it on a free port, reads the client
 * configuration it prints, connects the official SDK client to every URL in it, and stops it with
 * SIGTERM.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { example, type Launched, launch } from './examples';

interface ServerEntry {
  type: string;
  url: string;
  headers?: Record<string, string>;
}

let server: Launched;
let servers: Record<string, ServerEntry>;
const clients: Client[] = [];

/** Connects an SDK client to `url`, sending `headers` with every request. */
async function connect(url: string, headers?: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'start-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** The text of a tool result's first content block. */
function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ text: string }>)[0]!.text;
}

beforeAll(async () => {
  server = launch(example('start'), ['--port', '0']);
  await server.waitFor(/Ctrl-C stops this server\.\n$/);
  const out = server.stdout();
  const json = out.slice(out.indexOf('\n{\n') + 1, out.indexOf('\n}\n') + 2);
  servers = (JSON.parse(json) as { mcpServers: Record<string, ServerEntry> }).mcpServers;
});

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await server?.stop('SIGKILL');
});

test('prints the URLs on the actual port, a client configuration and the stdio hint', () => {
  const out = server.stdout();
  const base =
    /^declarative-mcp examples over Streamable HTTP at (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(out);
  expect(base).not.toBeNull();
  const [, url, port] = base!;
  expect(Number(port)).toBeGreaterThan(0);
  expect(servers).toEqual({
    weather: { type: 'http', url: `${url}/weather/mcp` },
    notes: { type: 'http', url: `${url}/notes/mcp` },
    orders: {
      type: 'http',
      url: `${url}/orders/mcp`,
      headers: { Authorization: 'Bearer ada-token' },
    },
    dto: { type: 'http', url: `${url}/dto/mcp` },
  });
  for (const name of Object.keys(servers)) {
    expect(out).toMatch(new RegExp(`^ {2}${name} +${url}/${name}/mcp`, 'm'));
  }
  expect(out).toContain('Over stdio instead, a client runs: node build/examples/notes.js');
  expect(server.stderr()).toBe('');
});

test('weather: list tools, forecast', async () => {
  const client = await connect(servers.weather.url);
  expect(client.getServerVersion()).toEqual({ name: 'Weather', version: '1.0.0' });
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(['forecast', 'forecast_details']);
  const result = await client.callTool({ name: 'forecast', arguments: { city: 'Lisbon' } });
  expect(result).toEqual({
    content: [{ type: 'text', text: 'Sunny in Lisbon, 24 °C.' }],
    isError: false,
  });
});

test('notes: list tools, count, read a resource', async () => {
  const client = await connect(servers.notes.url);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(['count']);
  expect(text(await client.callTool({ name: 'count' }))).toBe('3 notes.');
  expect(await client.readResource({ uri: 'notes://standup' })).toEqual({
    contents: [{ uri: 'notes://standup', mimeType: 'text/plain', text: 'Stand-up is at 9:30.' }],
  });
});

test('dto: list tools, book a trip', async () => {
  const client = await connect(servers.dto.url);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(['book_trip']);
  const result = await client.callTool({
    name: 'book_trip',
    arguments: {
      from: 'LIS',
      to: 'OSL',
      traveller: { name: 'Ada', age: 36 },
      cabin: 'premium',
      nights: 3,
    },
  });
  expect(text(result)).toBe('Booked LIS → OSL for Ada, premium class, 3 nights.');
});

describe('orders: a bearer token names the caller', () => {
  test('with the printed header (ada, orders:write): cancel is listed and cancels', async () => {
    const client = await connect(servers.orders.url, servers.orders.headers);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['list_orders', 'cancel']);
    const result = await client.callTool({ name: 'cancel', arguments: { order: 42 } });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Order 42 cancelled by ada.' }],
      isError: false,
    });
    expect(text(await client.callTool({ name: 'list_orders' }))).toContain(
      '#42 Coffee beans, 1 kg (cancelled)',
    );
  });

  test("bob's token (no scope): cancel is not listed", async () => {
    const client = await connect(servers.orders.url, { Authorization: 'Bearer bob-token' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['list_orders']);
  });

  test.each([
    ['without a token', undefined],
    ['with an unknown token', { Authorization: 'Bearer eve-token' }],
  ])('%s: 401, the client cannot connect', async (_, headers) => {
    const client = new Client({ name: 'start-e2e', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(servers.orders.url), {
      requestInit: { headers },
    });
    const error = await client.connect(transport).then(
      () => undefined,
      (problem: unknown) => problem,
    );
    await client.close();
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(401);
  });
});

test('other paths: 404 naming the endpoints', async () => {
  const base = new URL(servers.notes.url).origin;
  const response = await fetch(`${base}/mcp`);
  expect(response.status).toBe(404);
  expect(await response.text()).toBe(
    'Not found. The MCP endpoints here: /weather/mcp, /notes/mcp, /orders/mcp, /dto/mcp\n',
  );
});

test('SIGTERM with clients connected: every endpoint closes, exit 0', async () => {
  // The clients of the tests above still hold sessions and their GET event streams.
  expect(clients.length).toBeGreaterThan(0);
  expect(await server.stop('SIGTERM')).toBe(0);
  expect(server.stderr()).toBe('');
  await expect(fetch(servers.notes.url, { method: 'POST' })).rejects.toThrow();
});

test('SIGTERM the moment the URLs are printed: exit 0 (the signals are handled before printing)', async () => {
  const early = launch(example('start'), ['--port', '0']);
  try {
    await early.waitFor(/^declarative-mcp examples over Streamable HTTP at /);
    expect(await early.stop('SIGTERM')).toBe(0);
  } finally {
    await early.stop('SIGKILL');
  }
});
