/**
 * The client commands called directly (`runClient`) against an application in this process:
 * what each prints and its exit code, the argument checks made before connecting, --answer and
 * --root for the server's questions, and the one line a failure prints.
 */
import 'reflect-metadata';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  Call,
  McpApplication,
  type McpCall,
  Prompt,
  Resource,
  Tool,
  ToolError,
} from 'declarative-mcp';
import { z } from 'zod';
import { clientUsage, runClient } from '../../src/cli/client';
import type { ClientCommand } from '../../src/cli/flags';
import { parseFlags } from '../../src/cli/parse-flags';
import { UsageError } from '../../src/core';

class Desk {
  @Tool({ description: 'Echoes.', input: z.object({ text: z.string() }) })
  echo({ text }: { text: string }) {
    return text;
  }

  @Tool({ description: 'Fails.' })
  fail(): string {
    throw new ToolError('the desk is closed');
  }

  @Tool({ description: 'Asks a question.' })
  async ask(@Call() call: McpCall) {
    const answer = await call.elicit('Your name?', {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    });
    return JSON.stringify(answer);
  }

  @Tool({ description: 'Asks for the roots.' })
  async where(@Call() call: McpCall) {
    return (await call.roots()).map((root) => `${root.name} ${root.uri}`).join('\n');
  }

  @Tool({ description: 'Samples.' })
  async think(@Call() call: McpCall) {
    const sampled = await call.sample({ messages: [], maxTokens: 5 });
    return JSON.stringify(sampled);
  }

  @Resource({ uri: 'desk://readme', mimeType: 'text/plain' })
  readme() {
    return 'Read me.';
  }

  @Prompt({ args: z.object({ topic: z.string() }) })
  write({ topic }: { topic: string }) {
    return `Write about ${topic}.`;
  }
}

const app = McpApplication.create({ name: 'desk', version: '1', providers: [Desk] });
let dir: string;
const MODULE = 'desk.js';

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'cli-client-')));
  (globalThis as { deskApp?: unknown }).deskApp = app;
  writeFileSync(join(dir, MODULE), 'module.exports = globalThis.deskApp;\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ran {
  code: number;
  out: string;
  said: string[];
}

async function run(command: ClientCommand, ...args: string[]): Promise<Ran> {
  let out = '';
  const said: string[] = [];
  const code = await runClient(command, parseFlags(args, command), {
    cwd: dir,
    output: {
      write: (text: string) => {
        out += text;
        return true;
      },
    } as unknown as NodeJS.WritableStream,
    say: (text) => said.push(text),
  });
  return { code, out, said };
}

const json = (ran: Ran) => JSON.parse(ran.out);

test('list: every kind, or one; a kind the server does not declare is printed empty', async () => {
  const all = json(await run('list', MODULE));
  expect(Object.keys(all)).toEqual(['tools', 'resources', 'resourceTemplates', 'prompts']);
  expect(all.tools.map((t: { name: string }) => t.name)).toEqual([
    'echo',
    'fail',
    'ask',
    'where',
    'think',
  ]);
  expect(all.resources.map((r: { uri: string }) => r.uri)).toEqual(['desk://readme']);
  expect(all.resourceTemplates).toEqual([]);
  expect(all.prompts.map((p: { name: string }) => p.name)).toEqual(['write']);
  expect(json(await run('list', MODULE, 'prompts'))).toEqual({ prompts: all.prompts });
});

test('call: the CallToolResult, compact or --pretty; exit 0, or 1 for isError', async () => {
  // 2025-11-25 for the plain result: 2026-07-28 adds resultType and the server's _meta.
  const echoed = await run('call', MODULE, 'echo', '{"text":"hi"}', '--protocol', '2025-11-25');
  expect(echoed).toEqual({
    code: 0,
    out: '{"content":[{"type":"text","text":"hi"}],"isError":false}\n',
    said: [],
  });
  expect(
    (await run('call', MODULE, 'echo', '{"text":"hi"}', '--pretty', '--protocol', '2025-11-25'))
      .out,
  ).toBe(
    '{\n  "content": [\n    {\n      "type": "text",\n      "text": "hi"\n    }\n  ],\n  "isError": false\n}\n',
  );
  const failed = await run('call', MODULE, 'fail');
  expect(failed.code).toBe(1);
  expect(json(failed)).toMatchObject({
    content: [{ type: 'text', text: 'the desk is closed' }],
    isError: true,
  });
  expect(json(await run('call', MODULE, 'echo', '{"text":"hi"}')).resultType).toBe('complete');
});

test('read and get', async () => {
  expect(json(await run('read', MODULE, 'desk://readme'))).toEqual({
    contents: [{ uri: 'desk://readme', mimeType: 'text/plain', text: 'Read me.' }],
  });
  expect(json(await run('get', MODULE, 'write', '{"topic":"tea"}'))).toMatchObject({
    messages: [{ role: 'user', content: { type: 'text', text: 'Write about tea.' } }],
  });
});

test('--answer answers the questions in order (content, or a whole result); without one, declined and said', async () => {
  expect(json(await run('call', MODULE, 'ask', '--answer', '{"name":"Ada"}')).content[0].text).toBe(
    '{"action":"accept","content":{"name":"Ada"}}',
  );
  expect(
    json(await run('call', MODULE, 'ask', '--answer', '{"action":"cancel"}')).content[0].text,
  ).toBe('{"action":"cancel"}');
  const declined = await run('call', MODULE, 'ask');
  expect(json(declined).content[0].text).toBe('{"action":"decline"}');
  expect(declined.said).toEqual([
    `the server asked "Your name?"; declined (give --answer '<json>' to answer it).`,
  ]);
});

test('roots: the --root directories and file:// URIs, else the current directory, said once', async () => {
  const given = await run('call', MODULE, 'where', '--root', 'sub', '--root', 'file:///srv/data');
  expect(json(given).content[0].text).toBe(
    `sub ${pathToFileURL(join(dir, 'sub')).href}\ndata file:///srv/data`,
  );
  expect(given.said).toEqual([]);
  const current = await run('call', MODULE, 'where');
  expect(json(current).content[0].text).toBe(`${dir.split('/').pop()} ${pathToFileURL(dir).href}`);
  expect(current.said).toEqual([
    `the server asked for roots; answered ${pathToFileURL(dir).href} (give --root DIR to choose).`,
  ]);
});

test('a failure is one line and exit 1: the server refusing, or a question the command line cannot answer', async () => {
  const unknown = await run('call', MODULE, 'nope');
  expect(unknown.code).toBe(1);
  expect(unknown.out).toBe('');
  expect(unknown.said).toHaveLength(1);
  expect(unknown.said[0]).toMatch(/\(-32602\)$/);
  const sampled = await run('call', MODULE, 'think');
  expect(sampled.code).toBe(1);
  expect(sampled.said).toEqual([
    'Missing required client capability "sampling": this request needs sampling/createMessage; declare "sampling" in _meta["io.modelcontextprotocol/clientCapabilities"] (-32021). The command line has no model to answer sampling, so it does not declare it: call this from an MCP client that has one.',
  ]);
});

test('a URL that refuses the caller: the line says to give --token, or that the one given was refused; headers are sent', async () => {
  const seen: Array<Record<string, unknown>> = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  try {
    const bare = await run('list', url);
    expect(bare.code).toBe(1);
    expect(bare.said).toHaveLength(1);
    expect(bare.said[0]).toMatch(/ Give one with --token T\.$/);
    const refused = await run('list', url, '--token', 'secret', '--header', 'X-Team:  blue ');
    expect(refused.said[0]).toMatch(/ The token given with --token was refused\.$/);
    expect(seen.at(-1)).toMatchObject({ authorization: 'Bearer secret', 'x-team': 'blue' });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test.each([
  [
    ['list', MODULE, 'widgets'],
    'list shows tools, resources, templates or prompts (got "widgets").',
  ],
  [['list', MODULE, 'tools', 'more'], 'Too many arguments: more'],
  [['call', MODULE], 'call needs a tool name.'],
  [['read', MODULE], 'read needs a resource URI.'],
  [['get', MODULE], 'get needs a prompt name.'],
  [['call', MODULE, 'echo', '{"a":1}', 'x'], 'Too many arguments: x'],
  [
    ['call', MODULE, 'echo', 'text=hi'],
    `The tool arguments must be JSON, e.g. '{"a":1}' (got text=hi).`,
  ],
  [
    ['get', MODULE, 'write', '[1]'],
    `The prompt arguments must be a JSON object, e.g. '{"a":1}' (got [1]).`,
  ],
  [['list'], 'Give a target: a URL, a compiled module, or -- <command>.'],
  [['list', MODULE, '--token', 't'], '--header and --token go with a URL target.'],
  [
    ['list', '--header', 'x-a: 1', '--', 'node', 's.js'],
    '--header and --token go with a URL target.',
  ],
  [['list', '--'], 'Give the server command after --, e.g. -- node server.js'],
  [['list', 'http://exa mple.com/mcp'], '"http://exa mple.com/mcp" is not a URL.'],
  [
    ['list', 'missing.js'],
    `Cannot find module "missing.js" (looked at ${'DIR'}/missing.js). Give a compiled .js file, e.g. dist/server.js.`,
  ],
])('%j: a UsageError before any output', async (argv, message) => {
  const [command, ...args] = argv as [ClientCommand, ...string[]];
  const error = await run(command, ...args).catch((e: Error) => e);
  expect(error).toBeInstanceOf(UsageError);
  expect((error as Error).message).toBe(message.replace('DIR', dir));
});

test('clientUsage: the synopsis with a target and with a command, what it does, the targets, the flags', () => {
  const usage = clientUsage('call');
  expect(usage.split('\n').slice(0, 10)).toEqual([
    'Usage: declarative-mcp call <target> <tool> [json-args] [options]',
    '       declarative-mcp call <tool> [json-args] [options] -- <command> [args…]',
    '',
    'Calls a tool and prints its CallToolResult; a result with isError exits 1.',
    '',
    '<target> is one of:',
    '  http(s)://…   an MCP server over Streamable HTTP',
    '  <module>      a compiled .js file exporting an McpApplication, served in this process',
    '  -- <command>  any MCP server over stdio, started as this command (always last)',
    '',
  ]);
  expect(usage).toContain(
    "  --header 'K: V'  an HTTP header for every request to a URL target (repeatable)\n",
  );
  expect(clientUsage('list')).toMatch(
    /^Usage: declarative-mcp list <target> \[tools\|resources\|templates\|prompts\] \[options\]\n/,
  );
});
