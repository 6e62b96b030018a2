/**
 * Shared by the command-line tests (index.test.ts in process, bin.test.ts through the binary):
 * seed 001's pipe and its exact answers, fixture modules, a port held busy, and the official SDK
 * client against the built weather example.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const ROOT = join(__dirname, '..', '..');
export const BIN = join(ROOT, 'dist', 'src', 'cli', 'bin.js');
export const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

export const NOTES = join('build', 'examples', 'notes.js');
export const WEATHER = join('build', 'examples', 'weather.js');

// Seed 001's pipe and the exact lines it must get back (answered concurrently: compared sorted).
export const SEED = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count"}}',
];
export const SEED_ANSWERS = [
  '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false},"resources":{"listChanged":false,"subscribe":false},"prompts":{"listChanged":false}},"serverInfo":{"name":"Notes","version":"1.0.0"}}}',
  '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"3 notes."}],"isError":false}}',
];

/** What a finished command wrote and its exit code. */
export interface Ran {
  code: number | string | null;
  out: string;
  err: string;
}

/** stdout as sorted lines; fails unless it ends with a newline. */
export function answerLines(out: string): string[] {
  expect(out.endsWith('\n')).toBe(true);
  return out.slice(0, -1).split('\n').sort();
}

/** Fixture modules in a folder of their own: one that throws, one without an application, one misconfigured. */
export interface Fixtures {
  dir: string;
  broken: string;
  empty: string;
  misconfigured: string;
  remove(): void;
}

export function fixtures(): Fixtures {
  const dir = mkdtempSync(join(tmpdir(), 'declarative-mcp-cli-'));
  const broken = join(dir, 'broken.js');
  writeFileSync(broken, "throw new Error('boom while loading');\n");
  const empty = join(dir, 'empty.js');
  writeFileSync(empty, 'exports.answer = 42;\nexports.helper = () => 1;\n');
  // A start-up mistake the registry catches: `tools` is not the option's name.
  const misconfigured = join(dir, 'misconfigured.js');
  writeFileSync(
    misconfigured,
    `const { McpApplication } = require(${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))});
exports.app = McpApplication.create({ name: 'x', version: '1', tools: [class Empty {}] });
`,
  );
  return {
    dir,
    broken,
    empty,
    misconfigured,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A server holding a port on 127.0.0.1, so that the command finds it in use. */
export async function occupy(): Promise<Server> {
  const server = createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

/** Connects the official SDK client to `url`, lists the tools and calls `forecast`. */
export async function useWeather(url: string): Promise<{ sessionId: string | undefined }> {
  const client = new Client({ name: 'cli-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  try {
    await client.connect(transport);
    expect(client.getServerVersion()).toEqual({ name: 'Weather', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['forecast', 'forecast_details']);
    expect(await client.callTool({ name: 'forecast', arguments: { city: 'Oslo' } })).toEqual({
      content: [{ type: 'text', text: 'Sunny in Oslo, 24 °C.' }],
      isError: false,
    });
    return { sessionId: transport.sessionId };
  } finally {
    await client.close();
  }
}
