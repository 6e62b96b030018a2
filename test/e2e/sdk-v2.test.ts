/**
 * The official SDK v2 client (`@modelcontextprotocol/client` 2.4.0) drives one decorated
 * application (build/examples/channel.js) over Streamable HTTP and over stdio, pinned to
 * MCP 2026-07-28 and again in 'legacy' mode (2025, initialize): each call gives the same result
 * in both eras (issue 12). In 2026 the asks become input_required results that the client fulfils
 * through the same handlers and retries.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { environment, example, type Launched, launch } from './examples';

type Mode = 'legacy' | '2026-07-28';
type Via = 'http' | 'stdio';

const ROOTS = [{ uri: 'file:///work', name: 'work' }];

/** A client with answers for every ask: a name, a colour, a model reply, the roots. */
function client(mode: Mode): Client {
  const c = new Client(
    { name: 'sdk-v2-test', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
      versionNegotiation: { mode: mode === 'legacy' ? 'legacy' : { pin: mode } },
    },
  );
  c.setRequestHandler('elicitation/create', async (request) => {
    const message = String(request.params.message);
    const content: Record<string, string | number> = message.includes('colour')
      ? { colour: 'green' }
      : message.includes('Who are you')
        ? { name: 'Ada', age: 36 }
        : { name: 'Ada' };
    return { action: 'accept' as const, content };
  });
  c.setRequestHandler('sampling/createMessage', async () => ({
    role: 'assistant',
    content: { type: 'text', text: 'hello' },
    model: 'test-model',
    stopReason: 'endTurn',
  }));
  c.setRequestHandler('roots/list', async () => ({ roots: ROOTS }));
  return c;
}

function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((block) => block.text ?? '').join('');
}

const servers: Launched[] = [];
let httpUrl: string;

beforeAll(async () => {
  const server = launch(example('channel'), ['--http', '--port', '0']);
  servers.push(server);
  httpUrl = (await server.waitFor(/listening (http:\/\/\S+)/))[1]!;
}, 20_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
});

async function connected(via: Via, mode: Mode): Promise<Client> {
  const c = client(mode);
  const transport =
    via === 'http'
      ? new StreamableHTTPClientTransport(new URL(httpUrl))
      : new StdioClientTransport({
          command: process.execPath,
          args: [example('channel')],
          env: environment() as Record<string, string>,
          stderr: 'pipe',
        });
  await c.connect(transport);
  return c;
}

const CASES: Array<[Via, Mode]> = [
  ['http', '2026-07-28'],
  ['http', 'legacy'],
  ['stdio', '2026-07-28'],
  ['stdio', 'legacy'],
];

describe.each(CASES)('SDK v2 client over %s, %s', (via, mode) => {
  let c: Client;

  beforeAll(async () => {
    c = await connected(via, mode);
  }, 20_000);

  afterAll(async () => {
    await c?.close();
  });

  it('speaks the era it was asked to', () => {
    expect(c.getNegotiatedProtocolVersion()).toBe(mode === 'legacy' ? '2025-11-25' : '2026-07-28');
  });

  it('lists tools, resources, templates and prompts', async () => {
    const tools = (await c.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(
      expect.arrayContaining(['ask_name', 'summarize', 'list_roots', 'ask_twice', 'ask_both']),
    );
    expect((await c.listResources()).resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining(['channel://counter', 'channel://clock']),
    );
    expect((await c.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'channel://cities/{city}',
    ]);
    expect((await c.listPrompts()).prompts.map((p) => p.name)).toEqual(['weather_in']);
  });

  it('reads a resource and gets a prompt', async () => {
    const read = await c.readResource({ uri: 'channel://cities/Lisbon' });
    expect(read.contents).toEqual([
      { uri: 'channel://cities/Lisbon', mimeType: 'text/plain', text: 'Lisbon: sunny.' },
    ]);
    const prompt = await c.getPrompt({ name: 'weather_in', arguments: { city: 'Oslo' } });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'What is the weather in Oslo?' } },
    ]);
  });

  it.each([
    ['ask_name', {}, 'Hello Ada (36).'],
    ['summarize', { text: 'A long story.' }, 'test-model says: hello'],
    ['list_roots', {}, JSON.stringify(ROOTS)],
    ['ask_twice', {}, 'Ada likes green.'],
    ['ask_both', {}, 'Ada; the model said hello.'],
  ])('tools/call %s gives the same answer in both eras', async (name, args, expected) => {
    const result = await c.callTool({ name, arguments: args });
    expect(result.isError).toBe(false);
    expect(textOf(result)).toBe(expected);
  });
});
