/**
 * The `declarative-mcp` command line, twice: in-process through `runCli(argv, io)` with in-memory
 * streams and an AbortSignal, and as the real binary (`node dist/src/cli/bin.js …`, built by
 * `npm test` before jest) in a child process, the way a user or an MCP client runs it: help and
 * version, usage mistakes (exit 2), a module that throws (exit 1), seed 001's stdio pipe against
 * the built notes example, and Streamable HTTP against the official SDK client, with sessions and
 * stateless, until SIGTERM or the signal.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runCli } from '../../src/cli';
import { environment, example, type Launched, launch } from '../e2e/examples';
import { runInMemory } from '../helpers/streams';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'src', 'cli', 'bin.js');
const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

const NOTES = join('build', 'examples', 'notes.js');
const WEATHER = join('build', 'examples', 'weather.js');

// Seed 001's pipe and the exact lines it must get back (answered concurrently: compared sorted).
const SEED = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count"}}',
];
const SEED_ANSWERS = [
  '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false},"resources":{"listChanged":false,"subscribe":false},"prompts":{"listChanged":false}},"serverInfo":{"name":"Notes","version":"1.0.0"}}}',
  '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"3 notes."}],"isError":false}}',
];

/** What a finished command wrote and its exit code. */
interface Ran {
  code: number | string | null;
  out: string;
  err: string;
}

/** stdout as sorted lines; fails unless it ends with a newline. */
function answerLines(out: string): string[] {
  expect(out.endsWith('\n')).toBe(true);
  return out.slice(0, -1).split('\n').sort();
}

let dir: string;
let broken: string;
let empty: string;
let misconfigured: string;

beforeAll(() => {
  example('notes'); // says what to run when the examples were not built
  if (!existsSync(BIN))
    throw new Error('dist/src/cli/bin.js is missing: run "npm run build" first.');
  dir = mkdtempSync(join(tmpdir(), 'declarative-mcp-cli-'));
  broken = join(dir, 'broken.js');
  writeFileSync(broken, "throw new Error('boom while loading');\n");
  empty = join(dir, 'empty.js');
  writeFileSync(empty, 'exports.answer = 42;\nexports.helper = () => 1;\n');
  // A start-up mistake the registry catches: `tools` is not the option's name.
  misconfigured = join(dir, 'misconfigured.js');
  writeFileSync(
    misconfigured,
    `const { McpApplication } = require(${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))});
exports.app = McpApplication.create({ name: 'x', version: '1', tools: [class Empty {}] });
`,
  );
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A server holding a port on 127.0.0.1, so that the command finds it in use. */
async function occupy(): Promise<Server> {
  const server = createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

/** Connects the official SDK client to `url`, lists the tools and calls `forecast`. */
async function useWeather(url: string): Promise<{ sessionId: string | undefined }> {
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

describe('in-process: runCli(argv, io)', () => {
  /** Runs the command with in-memory streams; `lines` go to its stdin, which then ends. */
  function run(argv: string[], lines: readonly string[] = []): Promise<Ran> {
    return runInMemory((io) => runCli(argv, io), ROOT, lines);
  }

  /** Starts `serve … --http`; resolves with the printed URL, the stop switch and the exit code. */
  async function serveHttp(argv: string[]) {
    const error = new PassThrough();
    let err = '';
    const printed = new Promise<string>((resolve) => {
      error.on('data', (chunk: Buffer) => {
        err += chunk.toString('utf8');
        const match = /^declarative-mcp serve: serving at (http:\/\/\S+)\n/.exec(err);
        if (match) resolve(match[1]);
      });
    });
    const stop = new AbortController();
    const code = runCli(argv, { cwd: ROOT, error, signal: stop.signal });
    const url = await Promise.race([
      printed,
      code.then((exit) => {
        throw new Error(`runCli ended with ${exit} before serving: ${err}`);
      }),
    ]);
    return { url, stop, code, err: () => err };
  }

  test.each([['--help'], ['-h'], ['help']])('%s: the usage on stdout, exit 0', async (flag) => {
    const { code, out, err } = await run([flag]);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(/^Usage: declarative-mcp <command> \[options\]\n/);
    expect(out).toContain('serve <module>');
  });

  test.each([['--version'], ['-v']])(
    '%s: the package.json version on stdout, exit 0',
    async (flag) => {
      const { code, out, err } = await run([flag]);
      expect(code).toBe(0);
      expect(err).toBe('');
      expect(out).toBe(`${VERSION}\n`);
    },
  );

  test.each([
    [
      ['serve', '--help'],
      /^Usage: declarative-mcp serve <module> \[--stdio \| --http \[--port N\] \[--host H\] \[--path P\] \[--stateless\] \[--jwt-issuer URL\] \[--jwt-audience URL\] \[--redis URL\] \[--workers N\] \[--crash-limit N\]\]\n/,
    ],
    [['serve', '-h'], /^Usage: declarative-mcp serve <module> /],
    [
      ['devtools', '--help'],
      /^Usage: declarative-mcp devtools \[module\] \[--stdio \| --http \[--port N\] \[--host H\]\]\n/,
    ],
  ])('%j: the usage on stdout, one line per flag, exit 0', async (argv, usage) => {
    const { code, out, err } = await run(argv);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(usage);
    if (argv[0] === 'serve') {
      expect(out).toContain(
        '\n  --port N            HTTP port (default 3000; 0 picks a free one)\n',
      );
      expect(out).toContain('\n  --stateless         HTTP without sessions\n');
      expect(out).toContain(
        '\n  --workers N         serve from N processes on one port (node:cluster); more than 1 needs --redis\n',
      );
      expect(out).toContain(
        '\n  --jwt-issuer URL    require OAuth 2.1 JWT access tokens from this issuer (needs the jose package)\n',
      );
    } else {
      expect(out).not.toContain('--stateless');
    }
  });

  test('no command: one line, then the usage on stderr, exit 2', async () => {
    const { code, out, err } = await run([]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(
      /^declarative-mcp: Give a command: serve, devtools, dev, list, call, read or get\.\n\nUsage: declarative-mcp <command>/,
    );
  });

  test.each([
    [
      ['launch'],
      'declarative-mcp: Unknown command "launch". Commands: serve, devtools, dev, list, call, read, get.',
    ],
    [['serve', NOTES, '--quiet'], 'declarative-mcp serve: Unknown option --quiet.'],
    [
      ['serve'],
      'declarative-mcp serve: serve needs a module, e.g. declarative-mcp serve dist/server.js',
    ],
    [
      ['serve', NOTES, '--port', '3000'],
      'declarative-mcp serve: --port, --host, --path, --stateless, --jwt-issuer, --jwt-audience, --redis, --workers and --crash-limit go with --http.',
    ],
    [
      ['serve', NOTES, '--workers', '2', '--redis', 'redis://127.0.0.1:6379'],
      'declarative-mcp serve: --port, --host, --path, --stateless, --jwt-issuer, --jwt-audience, --redis, --workers and --crash-limit go with --http.',
    ],
    [
      ['serve', NOTES, '--http', '--workers', '4'],
      "declarative-mcp serve: --workers 4 needs --redis URL: each process would keep its own sessions, so a client's next request may land on a process that does not know its session. Add --redis redis://127.0.0.1:6379, or run one worker.",
    ],
    [
      ['serve', NOTES, '--http', '--stateless', '--workers=2'],
      'declarative-mcp serve: --workers 2 needs --redis URL: each process would seal requestState (MCP 2026-07-28) with its own secret and keep its own enabled tools, so a retry may land on a process that cannot open it. Add --redis redis://127.0.0.1:6379, or run one worker.',
    ],
    [
      ['serve', NOTES, '--http', '--workers', '0', '--redis', 'redis://127.0.0.1:6379'],
      'declarative-mcp serve: --workers must be a number from 1 to 64 (got "0").',
    ],
    [
      ['serve', NOTES, '--http', '--workers', 'all'],
      'declarative-mcp serve: --workers must be a number from 1 to 64 (got "all").',
    ],
    [
      ['serve', NOTES, '--http', '--redis', 'http://127.0.0.1:6379'],
      'declarative-mcp serve: --redis must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (got "http://127.0.0.1:6379").',
    ],
    [['devtools', '--workers', '2'], 'declarative-mcp devtools: Unknown option --workers.'],
    [
      ['serve', NOTES, '--http', '--port', '70000'],
      'declarative-mcp serve: --port must be a number from 0 to 65535 (got "70000").',
    ],
    [
      ['serve', NOTES, '--http', '--port=seven'],
      'declarative-mcp serve: --port must be a number from 0 to 65535 (got "seven").',
    ],
    [['serve', NOTES, '--http', '--port'], 'declarative-mcp serve: --port needs a value.'],
    [
      ['serve', NOTES, '--http', '--port', '--stateless'],
      'declarative-mcp serve: --port needs a value.',
    ],
    [['serve', NOTES, '--http=yes'], 'declarative-mcp serve: --http takes no value.'],
    [
      ['serve', NOTES, '--http', '--stdio'],
      'declarative-mcp serve: Choose one of --stdio and --http.',
    ],
    [
      ['serve', NOTES, 'other.js'],
      `declarative-mcp serve: One module at most (got "${NOTES}" and "other.js").`,
    ],
    [
      ['serve', NOTES, '--http', '--path', 'mcp'],
      'declarative-mcp serve: --path must start with "/".',
    ],
    [
      ['serve', NOTES, '--http', '--host', 'my host'],
      'declarative-mcp serve: --host must be an address or a host name, e.g. 127.0.0.1 (got "my host").',
    ],
    [['devtools', '--stateless'], 'declarative-mcp devtools: Unknown option --stateless.'],
    [
      ['serve', NOTES, '--http', '--jwt-issuer', 'id.example.com'],
      'declarative-mcp serve: --jwt-issuer must be an absolute http(s) URL, e.g. https://id.example.com/realms/acme (got "id.example.com").',
    ],
    [
      ['serve', NOTES, '--http', '--jwt-audience', 'https://mcp.example.com/mcp'],
      'declarative-mcp serve: --jwt-audience goes with --jwt-issuer.',
    ],
    [
      ['serve', 'src/server.ts'],
      'declarative-mcp serve: "src/server.ts" is TypeScript: compile with tsc first (npx tsc) and give the .js file it writes, e.g. dist/server.js. (Runners such as tsx drop the decorator metadata the framework reads.)',
    ],
    [
      ['serve', NOTES, '--http', '--port', '0', '--host', '203.0.113.7'],
      'declarative-mcp serve: --host 203.0.113.7 is not an address of this machine. Use 127.0.0.1 (loopback), or 0.0.0.0 for every interface.',
    ],
  ])('%j: a usage mistake, exit 2', async (argv, message) => {
    const { code, out, err } = await run(argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.startsWith(`${message}\n\nUsage: declarative-mcp`)).toBe(true);
    expect(err).not.toMatch(/\n {4}at /);
  });

  test('serve --http --port=0 --host=127.0.0.1: the = forms work', async () => {
    const server = await serveHttp(['serve', WEATHER, '--http', '--port=0', '--host=127.0.0.1']);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp$/);
    server.stop.abort();
    expect(await server.code).toBe(0);
  });

  test('serve with a missing module: exit 2, naming it and where it looked', async () => {
    const { code, out, err } = await run(['serve', 'build/missing.js']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(
      `declarative-mcp serve: Cannot find module "build/missing.js" (looked at ${join(ROOT, 'build', 'missing.js')}).`,
    );
  });

  test('serve with a module that exports no application: exit 2, naming its exports', async () => {
    const { code, out, err } = await run(['serve', empty]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(
      `declarative-mcp serve: "${empty}" exports no McpApplication (it exports: answer, helper).`,
    );
  });

  test('serve with a module that throws while loading: exit 1 with its error', async () => {
    const { code, out, err } = await run(['serve', broken]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^declarative-mcp serve: Error: boom while loading\n {4}at /);
  });

  test('serve build/examples/notes.js: seed 001’s pipe over stdio, exactly; exit 0', async () => {
    const { code, out, err } = await run(['serve', NOTES], SEED);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(answerLines(out)).toEqual([...SEED_ANSWERS].sort());
  });

  test('serve --http --port 0: "serving at <url>", the SDK client, exit 0 on the signal', async () => {
    const server = await serveHttp(['serve', WEATHER, '--http', '--port', '0']);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/mcp$/);
    expect(server.err()).toContain(`"url": "${server.url}"`);
    const { sessionId } = await useWeather(server.url);
    expect(sessionId).toMatch(/^[\x21-\x7E]+$/);
    server.stop.abort();
    expect(await server.code).toBe(0);
    await expect(fetch(server.url, { method: 'POST' })).rejects.toThrow();
  });

  test('serve --http --stateless --path: no session id, at the path given', async () => {
    const server = await serveHttp([
      'serve',
      WEATHER,
      '--http',
      '--port',
      '0',
      '--stateless',
      '--path',
      '/weather',
    ]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/weather$/);
    const { sessionId } = await useWeather(server.url);
    expect(sessionId).toBeUndefined();
    // Stateless: no server-to-client stream to open.
    const get = await fetch(server.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    server.stop.abort();
    expect(await server.code).toBe(0);
  });

  test('serve --http on a port in use: exit 2 with a message naming the port', async () => {
    const taken = await occupy();
    try {
      const port = portOf(taken);
      const { code, out, err } = await run(['serve', WEATHER, '--http', '--port', String(port)]);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toContain(
        `declarative-mcp serve: Port ${port} on 127.0.0.1 is in use. Pick another with --port N (or --port 0 for any free one).`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('the binary: node dist/src/cli/bin.js', () => {
  const children: Launched[] = [];

  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop('SIGKILL')));
  });

  /** Runs the binary to its end (killed after 20 s); `lines` go to its stdin, which then ends. */
  function run(
    args: readonly string[],
    lines: readonly string[] = [],
    flags: readonly string[] = [],
  ): Promise<Ran> {
    const child = spawn(process.execPath, [...flags, BIN, ...args], {
      cwd: ROOT,
      env: environment(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    child.stdin.on('error', () => {});
    child.stdin.end(lines.map((line) => `${line}\n`).join(''));
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code: code ?? signal, out, err });
      });
    });
  }

  test('--help and --version', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: declarative-mcp <command> \[options\]\n/);
    const version = await run(['--version']);
    expect(version).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
  });

  test('an unknown command and an unknown option: exit 2', async () => {
    const command = await run(['launch']);
    expect(command.code).toBe(2);
    expect(command.out).toBe('');
    expect(command.err).toMatch(/^declarative-mcp: Unknown command "launch"\./);
    const option = await run(['serve', NOTES, '--quiet']);
    expect(option.code).toBe(2);
    expect(option.err).toMatch(/^declarative-mcp serve: Unknown option --quiet\./);
  });

  test('serve: a missing module, exit 2; no application, exit 2; a throwing one, exit 1', async () => {
    const missing = await run(['serve', 'build/missing.js']);
    expect(missing.code).toBe(2);
    expect(missing.out).toBe('');
    expect(missing.err).toMatch(/^declarative-mcp serve: Cannot find module "build\/missing\.js"/);

    const none = await run(['serve', empty]);
    expect(none.code).toBe(2);
    expect(none.err).toContain(`"${empty}" exports no McpApplication (it exports: answer, helper)`);

    const throwing = await run(['serve', broken]);
    expect(throwing.code).toBe(1);
    expect(throwing.out).toBe('');
    expect(throwing.err).toMatch(/^declarative-mcp serve: Error: boom while loading\n/);
  });

  test('serve: a ConfigurationError at start-up prints its message alone; --verbose adds the stack', async () => {
    const message =
      'McpApplication.create: "providers" must be an array of classes, e.g. providers: [WeatherTools].';
    const plain = await run(['serve', misconfigured]);
    expect(plain).toEqual({
      code: 1,
      out: '',
      err: `declarative-mcp serve: ${message}\n(--verbose prints the stack trace.)\n`,
    });
    const verbose = await run(['serve', misconfigured, '--verbose']);
    expect(verbose.code).toBe(1);
    expect(verbose.err.startsWith(`declarative-mcp serve: ConfigurationError: ${message}\n`)).toBe(
      true,
    );
    expect(verbose.err).toMatch(/\n {4}at .*misconfigured\.js/);
  });

  test('a usage mistake: one line, the usage, no stack trace, exit 2', async () => {
    const ts = await run(['serve', 'src/server.ts']);
    expect(ts.code).toBe(2);
    expect(ts.out).toBe('');
    expect(ts.err).toMatch(
      /^declarative-mcp serve: "src\/server\.ts" is TypeScript: compile with tsc first \(npx tsc\)[^\n]*\n\nUsage: declarative-mcp serve /,
    );
    const host = await run(['serve', WEATHER, '--http', '--port', '0', '--host', '203.0.113.7']);
    expect(host.code).toBe(2);
    expect(host.err).toMatch(
      /^declarative-mcp serve: --host 203\.0\.113\.7 is not an address of this machine\./,
    );
    for (const ran of [ts, host]) expect(ran.err).not.toMatch(/\n {4}at /);
    const help = await run(['serve', '--help']);
    expect(help).toMatchObject({ code: 0, err: '' });
    expect(help.out).toMatch(/^Usage: declarative-mcp serve <module>/);
  });

  test('devtools without zod installed: a usage error naming what to install', async () => {
    // As if zod were not installed: resolving it fails the way a missing package does.
    const noZod = join(dir, 'no-zod.js');
    writeFileSync(
      noZod,
      `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'zod' || request.startsWith('zod/')) {
    throw Object.assign(new Error("Cannot find module '" + request + "'"), { code: 'MODULE_NOT_FOUND' });
  }
  return resolve.call(this, request, ...rest);
};
`,
    );
    const ran = await run(['devtools'], [], ['--require', noZod]);
    expect(ran.code).toBe(2);
    expect(ran.out).toBe('');
    expect(ran.err).toMatch(
      /^declarative-mcp devtools: The devtools need zod: install it with npm i -D zod\.\n\nUsage: /,
    );
  });

  test('serve a "type": "module" .js with top-level await: imported, seed 001 answered', async () => {
    const esm = join(dir, 'esm');
    mkdirSync(esm);
    writeFileSync(join(esm, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(
      join(esm, 'server.js'),
      `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nconst { app } = require(${JSON.stringify(join(ROOT, NOTES))});\nawait new Promise((resolve) => setTimeout(resolve, 1));\nexport default app;\n`,
    );
    const { code, out, err } = await run(['serve', join(esm, 'server.js')], SEED);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(answerLines(out)).toEqual([...SEED_ANSWERS].sort());
  });

  test('serve --stdio: console.log while the module loads goes to stderr, stdout is the protocol', async () => {
    const noisy = join(dir, 'noisy.js');
    writeFileSync(
      noisy,
      `console.log('hello from the module');\nprocess.stdout.write('and a raw write\\n');\nmodule.exports = require(${JSON.stringify(join(ROOT, NOTES))});\n`,
    );
    const { code, out, err } = await run(['serve', noisy], SEED);
    expect(code).toBe(0);
    expect(err).toBe('hello from the module\nand a raw write\n');
    expect(answerLines(out)).toEqual([...SEED_ANSWERS].sort());
  });

  test('serve: a tool that throws is -32603 on stdout and reported on stderr, never silent', async () => {
    const failing = join(dir, 'failing.js');
    writeFileSync(
      failing,
      `const { McpApplication, Tool } = require(${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))});
class Flaky { explode() { throw new Error('the weather service is down'); } }
Tool()(Flaky.prototype, 'explode', Object.getOwnPropertyDescriptor(Flaky.prototype, 'explode'));
exports.app = McpApplication.create({ name: 'flaky', version: '1', providers: [Flaky] });
`,
    );
    const { code, out, err } = await run(
      ['serve', failing],
      [
        SEED[0],
        SEED[1],
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"explode"}}',
      ],
    );
    expect(code).toBe(0);
    expect(out.trim().split('\n')[1]).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"Internal error"}}',
    );
    expect(err).toMatch(
      /^declarative-mcp: tools\/call of Tool "explode" \(Flaky\.explode\) failed; the client got -32603 Internal error\.\nError: the weather service is down\n {4}at /,
    );
  });

  test('serve build/examples/notes.js: seed 001’s printf pipe, answered exactly; exit 0', async () => {
    const { code, out, err } = await run(['serve', NOTES], SEED);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(answerLines(out)).toEqual([...SEED_ANSWERS].sort());
  });

  test('serve --http --port 0: "serving at <url>" on stderr, the SDK client, SIGTERM → exit 0', async () => {
    const child = launch(BIN, ['serve', WEATHER, '--http', '--port', '0']);
    children.push(child);
    const [, url] = await child.waitFor(
      /^declarative-mcp serve: serving at (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/,
      'stderr',
    );
    expect(child.stdout()).toBe('');
    await useWeather(url);
    expect(await child.stop('SIGTERM')).toBe(0);
  });

  test('serve --http: SIGTERM the moment the URL is printed still exits 0', async () => {
    const child = launch(BIN, ['serve', WEATHER, '--http', '--port', '0']);
    children.push(child);
    await child.waitFor(/serving at /, 'stderr');
    expect(await child.stop('SIGTERM')).toBe(0);
  });

  test('serve --http --stateless: no session id; SIGINT → exit 0', async () => {
    const child = launch(BIN, ['serve', WEATHER, '--http', '--port', '0', '--stateless']);
    children.push(child);
    const [, url] = await child.waitFor(/serving at (http:\/\/\S+)\n/, 'stderr');
    expect((await useWeather(url)).sessionId).toBeUndefined();
    expect(await child.stop('SIGINT')).toBe(0);
  });

  test('serve --http on a port in use: exit 2 with a message naming the port', async () => {
    const taken = await occupy();
    try {
      const port = portOf(taken);
      const { code, out, err } = await run(['serve', WEATHER, '--http', '--port', String(port)]);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toMatch(
        new RegExp(`^declarative-mcp serve: Port ${port} on 127\\.0\\.0\\.1 is in use\\.`),
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
