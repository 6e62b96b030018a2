/**
 * The command-line client (`declarative-mcp list | call | read | get`) end to end: the built
 * CLI against our built examples (in process, over stdio, over HTTP) and against servers written
 * with the official SDKs (v1 over stdio and HTTP, v2 over HTTP at 2026-07-28). Each run checks
 * stdout, the exit code and the one line on stderr.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { example } from './examples';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'src', 'cli', 'bin.js');

// Each cli() and server() wait has its own bound (20 s, 15 s) and message; a test runs up to six
// in sequence, so the test itself must outlast them rather than end through jest's 30 s default
// (on a loaded 2-core CI machine one spawn of the CLI plus an SDK server can take several seconds).
jest.setTimeout(6 * 20_000 + 30_000);
const SDK = join(ROOT, 'test', 'fixtures', 'sdk-servers.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end (bounded: a hang fails with what it printed so far). */
function cli(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`declarative-mcp ${args.join(' ')} did not end in 20 s: ${stdout}${stderr}`),
      );
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts a server that prints its URL (`pattern` finds it), stopped after the tests. */
const started: ChildProcess[] = [];
function server(args: string[], pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    started.push(child);
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no URL from ${args.join(' ')} in 15 s: ${seen}`)),
      15_000,
    );
    const look = (text: string): void => {
      seen += text;
      const url = pattern.exec(seen)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve(url);
    };
    child.stdout!.setEncoding('utf8').on('data', look);
    child.stderr!.setEncoding('utf8').on('data', look);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${seen}`)));
  });
}

afterAll(async () => {
  await Promise.all(
    started.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.stdin!.end();
          child.kill('SIGTERM');
        }),
    ),
  );
});

const json = (run: Run): unknown => JSON.parse(run.stdout);
const text = (run: Run): string =>
  (json(run) as { content: Array<{ text: string }> }).content.map((c) => c.text).join('');

describe('our examples', () => {
  const weather = () => example('weather');
  const channel = () => example('channel');

  it('lists a module in process: every kind, or one', async () => {
    const all = await cli('list', example('notes'));
    expect(all).toMatchObject({ code: 0, stderr: '' });
    expect(Object.keys(json(all) as object)).toEqual([
      'tools',
      'resources',
      'resourceTemplates',
      'prompts',
    ]);
    const templates = await cli('list', example('notes'), 'templates', '--pretty');
    expect(templates.stdout).toContain('\n  "resourceTemplates": [\n');
    expect(
      (json(templates) as { resourceTemplates: Array<{ uriTemplate: string }> }).resourceTemplates,
    ).toEqual([expect.objectContaining({ uriTemplate: 'notes://{slug}' })]);
  });

  it.each([['2025-11-25'], ['2026-07-28']])(
    'calls, reads and gets over stdio at %s',
    async (protocol) => {
      const call = await cli(
        'call',
        'forecast',
        '{"city":"Lisbon"}',
        '--protocol',
        protocol,
        '--',
        'node',
        weather(),
      );
      expect(call).toMatchObject({ code: 0, stderr: '' });
      expect(text(call)).toBe('Sunny in Lisbon, 24 °C.');
      const read = await cli(
        'read',
        'notes://welcome',
        '--protocol',
        protocol,
        '--',
        'node',
        example('notes'),
      );
      expect((json(read) as { contents: Array<{ uri: string }> }).contents[0]!.uri).toBe(
        'notes://welcome',
      );
      const get = await cli(
        'get',
        'summarize',
        '{"slug":"deploy"}',
        '--protocol',
        protocol,
        '--',
        'node',
        example('notes'),
      );
      expect(get.code).toBe(0);
      expect((json(get) as { messages: unknown[] }).messages).toHaveLength(1);
    },
  );

  it('an isError result is printed and exits 1', async () => {
    const run = await cli('call', weather(), 'forecast', '{"city":" "}');
    expect(run).toMatchObject({ code: 1, stderr: '' });
    expect(json(run)).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Tell me which city.' }],
    });
  });

  it('answers elicitation from --answer, in order; declines when they run out, saying so', async () => {
    const answered = await cli(
      'call',
      channel(),
      'ask_twice',
      '--answer',
      '{"name":"Ada"}',
      '--answer',
      '{"colour":"teal"}',
    );
    expect(answered).toMatchObject({ code: 0, stderr: '' });
    expect(text(answered)).toContain('Ada');
    expect(text(answered)).toContain('teal');
    const declined = await cli('call', channel(), 'ask_name', '--protocol', '2025-11-25');
    expect(text(declined)).toBe('The user chose decline.');
    expect(declined.stderr).toBe(
      `declarative-mcp call: the server asked "Who are you?"; declined (give --answer '<json>' to answer it).\n`,
    );
  });

  it('answers roots/list with the current directory (saying so) or the --root ones', async () => {
    const here = await cli('call', channel(), 'list_roots');
    expect(here).toMatchObject({ code: 0 });
    expect(JSON.parse(text(here))).toEqual([
      { uri: pathToFileURL(ROOT).href, name: basename(ROOT) },
    ]);
    expect(here.stderr).toBe(
      `declarative-mcp call: the server asked for roots; answered ${pathToFileURL(ROOT).href} (give --root DIR to choose).\n`,
    );
    const chosen = await cli(
      'call',
      'list_roots',
      '--protocol',
      '2025-11-25',
      '--root',
      'docs',
      '--root',
      'file:///srv/data',
      '--',
      'node',
      channel(),
    );
    expect(chosen).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(text(chosen))).toEqual([
      { uri: pathToFileURL(join(ROOT, 'docs')).href, name: 'docs' },
      { uri: 'file:///srv/data', name: 'data' },
    ]);
  });

  it('sampling is not offered: the server says so (2025), or one line says why (2026)', async () => {
    const legacy = await cli(
      'call',
      channel(),
      'summarize',
      '{"text":"x"}',
      '--protocol',
      '2025-11-25',
    );
    expect(legacy).toMatchObject({ code: 1, stderr: '' });
    expect(json(legacy)).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('"sampling"') }],
    });
    const modern = await cli('call', channel(), 'summarize', '{"text":"x"}');
    expect(modern).toMatchObject({ code: 1, stdout: '' });
    expect(modern.stderr).toMatch(
      /^declarative-mcp call: Missing required client capability "sampling".* \(-32021\)\. The command line has no model to answer sampling, so it does not declare it: call this from an MCP client that has one\.\n$/,
    );
    // A server that asks anyway is refused, and the command says which question it was.
    const careless = await cli(
      'call',
      'ask',
      '--',
      'node',
      join(ROOT, 'test', 'fixtures', 'asking-server.js'),
    );
    expect(careless).toMatchObject({ code: 1, stdout: '' });
    expect(careless.stderr).toBe(
      'declarative-mcp call: The server asked sampling/createMessage (an LLM completion), which the command line does not answer (it did not declare it).\n',
    );
    // A server that asks past maxRounds (8): each question declined, then one line, exit 1.
    const nag = await cli(
      'call',
      'nag',
      '--',
      'node',
      join(ROOT, 'test', 'fixtures', 'asking-server.js'),
    );
    expect(nag).toMatchObject({ code: 1, stdout: '' });
    const lines = nag.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(9);
    expect(lines.at(-1)).toBe(
      'declarative-mcp call: The server asked more than 8 times in one call (maxRounds 8).',
    );
  });

  it('talks to our HTTP server, and says --token is missing on a 401', async () => {
    const url = await server(
      [BIN, 'serve', example('notes'), '--http', '--port', '0'],
      /serving at (\S+)/,
    );
    const list = await cli('list', url, 'tools');
    expect(list.code).toBe(0);
    expect((json(list) as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toEqual([
      'count',
    ]);
    const guarded = await server(
      [
        BIN,
        'serve',
        example('notes'),
        '--http',
        '--port',
        '0',
        '--jwt-issuer',
        'https://id.example.com',
      ],
      /serving at (\S+)/,
    );
    const refused = await cli('list', guarded);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^declarative-mcp list: \S+ answered 401 Unauthorized: it needs a bearer token.*Give one with --token T\.\n$/,
    );
    // A token the server refuses: the line says it was the one given.
    const refuser = createHttpServer((_req, res) =>
      res
        .writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' })
        .end('{"error":"invalid_token"}'),
    );
    await new Promise<void>((resolve) => refuser.listen(0, '127.0.0.1', resolve));
    const { port } = refuser.address() as { port: number };
    const wrong = await cli('list', `http://127.0.0.1:${port}/mcp`, '--token', 'expired');
    refuser.close();
    expect(wrong).toMatchObject({ code: 1, stdout: '' });
    expect(wrong.stderr).toBe(
      `declarative-mcp list: http://127.0.0.1:${port}/mcp answered 401 Unauthorized: it needs a bearer token (Bearer error="invalid_token"). The token given with --token was refused.\n`,
    );
  });

  it('over HTTP at 2026-07-28: Mcp-Param-* headers sent; a tool with an invalid x-mcp-header left out, saying why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dmcp-cli-headers-'));
    const file = join(dir, 'server.js');
    writeFileSync(
      file,
      `const { McpCore } = require(${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))});
const schema = (type) => ({ type: 'object', properties: { region: { type, 'x-mcp-header': 'Region' } } });
exports.app = { core: new McpCore({ name: 'headers', version: '1',
  lister: () => [{ name: 'run', inputSchema: schema('string') }, { name: 'ratio', inputSchema: schema('number') }],
  caller: (name, args) => ({ content: [{ type: 'text', text: name + ' in ' + args.region }] }) }) };
`,
    );
    try {
      const url = await server([BIN, 'serve', file, '--http', '--port', '0'], /serving at (\S+)/);
      const list = await cli('list', url, 'tools');
      expect((json(list) as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toEqual([
        'run',
      ]);
      expect(list.stderr).toBe(
        'declarative-mcp list: Tool "ratio" is left out of tools/list: x-mcp-header "Region" is on "region" of type "number": only string, integer and boolean may be mirrored.\n',
      );
      const call = await cli('call', url, 'run', '{"region":"eu-west-1"}');
      expect(call).toMatchObject({ code: 0, stderr: '' });
      expect(text(call)).toBe('run in eu-west-1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bad input: one line on stderr, no stack', async () => {
    // A port nothing listens on: taken, then given back.
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const cases: Array<[string[], number, RegExp]> = [
      [
        ['call', 'nope', '--', 'node', weather()],
        1,
        /^declarative-mcp call: Unknown tool: nope \(-32602\)\n$/,
      ],
      [
        ['call', 'forecast', '{city', '--', 'node', weather()],
        2,
        /^declarative-mcp call: The tool arguments must be JSON, e\.g\. '\{"a":1\}' \(got \{city\)\. \(see declarative-mcp call --help\)\n$/,
      ],
      [['call', weather(), 'forecast', '[1]'], 2, /must be a JSON object/],
      [
        ['list', `http://127.0.0.1:${free}/mcp`],
        1,
        new RegExp(
          `^declarative-mcp list: Cannot reach http://127\\.0\\.0\\.1:${free}/mcp: ECONNREFUSED\n$`,
        ),
      ],
      [
        ['list', '--protocol', '2024-01-01', '--', 'node', weather()],
        2,
        /^declarative-mcp list: --protocol must be 2025-11-25 or 2026-07-28 \(got "2024-01-01"\)\./,
      ],
      [
        ['list', '--', 'no-such-command-here'],
        1,
        /^declarative-mcp list: Cannot start "no-such-command-here": no such command\n$/,
      ],
      [['list', weather(), 'widgets'], 2, /list shows tools, resources, templates or prompts/],
      [['read', '--', 'node', weather()], 2, /read needs a resource URI/],
    ];
    for (const [args, code, line] of cases) {
      const run = await cli(...args);
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code, stdout: '' });
      expect(run.stderr).toMatch(line);
      expect(run.stderr.split('\n')).toHaveLength(2);
    }
  });
});

describe('servers written with the official SDKs', () => {
  it('SDK v1 over stdio: negotiates 2025-11-25 by itself; --protocol 2026-07-28 says it is not spoken', async () => {
    const list = await cli('list', '--', 'node', SDK, 'v1-stdio');
    expect(list.code).toBe(0);
    expect(json(list)).toMatchObject({
      tools: [{ name: 'add' }],
      resources: [{ uri: 'greeting://hello' }],
      prompts: [{ name: 'review' }],
    });
    const call = await cli('call', 'add', '{"a":1,"b":2}', '--', 'node', SDK, 'v1-stdio');
    expect(json(call)).toEqual({ content: [{ type: 'text', text: '3' }] });
    const modern = await cli(
      'call',
      'add',
      '{"a":1,"b":2}',
      '--protocol',
      '2026-07-28',
      '--',
      'node',
      SDK,
      'v1-stdio',
    );
    expect(modern.code).toBe(1);
    expect(modern.stderr).toBe(
      'declarative-mcp call: The server does not speak MCP 2026-07-28: server/discover answered -32601 Method not found\n',
    );
  });

  it('SDK v2 over stdio: 2026-07-28 unasked, 2025-11-25 when asked', async () => {
    const list = await cli('list', '--', 'node', SDK, 'v2-stdio');
    expect(json(list)).toMatchObject({
      tools: [{ name: 'add' }],
      resources: [{ uri: 'greeting://hello' }],
      prompts: [{ name: 'review' }],
    });
    const call = await cli('call', 'add', '{"a":1,"b":2}', '--', 'node', SDK, 'v2-stdio');
    expect(call).toMatchObject({ code: 0, stderr: '' });
    expect(json(call)).toMatchObject({ content: [{ text: '3' }], resultType: 'complete' });
    const read = await cli('read', 'greeting://hello', '--', 'node', SDK, 'v2-stdio');
    expect(json(read)).toMatchObject({ contents: [{ text: 'Hello from the SDK.' }] });
    const get = await cli('get', 'review', '{"code":"x"}', '--', 'node', SDK, 'v2-stdio');
    expect(json(get)).toMatchObject({ messages: [{ content: { text: 'Review: x' } }] });
    const legacy = await cli(
      'call',
      'add',
      '{"a":1,"b":2}',
      '--protocol',
      '2025-11-25',
      '--',
      'node',
      SDK,
      'v2-stdio',
    );
    expect(json(legacy)).toEqual({ content: [{ type: 'text', text: '3' }] });
    const unknown = await cli('call', 'nope', '--', 'node', SDK, 'v2-stdio');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/^declarative-mcp call: .*nope.*\n$/);
  });

  it.each([
    ['v1-http', 'sdk-v1'],
    ['v2-http', 'sdk-v2'],
  ])('%s: list, call, read and get', async (mode) => {
    const url = await server([SDK, mode], /^(http\S+)$/m);
    const list = await cli('list', url);
    expect(json(list)).toMatchObject({ tools: [{ name: 'add' }], prompts: [{ name: 'review' }] });
    const call = await cli('call', url, 'add', '{"a":2,"b":3}');
    expect(text(call)).toBe('5');
    // 2026-07-28 results say so: only SDK v2 speaks it, and the client picked it unasked.
    expect((json(call) as { resultType?: string }).resultType).toBe(
      mode === 'v2-http' ? 'complete' : undefined,
    );
    const read = await cli('read', url, 'greeting://hello');
    expect(json(read)).toMatchObject({ contents: [{ text: 'Hello from the SDK.' }] });
    const get = await cli('get', url, 'review', '{"code":"x = 1"}');
    expect(json(get)).toMatchObject({ messages: [{ content: { text: 'Review: x = 1' } }] });
    const old = await cli('call', url, 'add', '{"a":2,"b":3}', '--protocol', '2025-11-25');
    expect(json(old)).toEqual({ content: [{ type: 'text', text: '5' }] });
  });
});
