/**
 * The `declarative-mcp` command line in process, through `runCli(argv, io)` with in-memory
 * streams and an AbortSignal: help and version, usage mistakes (exit 2), a module that throws
 * (exit 1), seed 001's stdio pipe against the built notes example, and Streamable HTTP against
 * the official SDK client, with sessions and stateless, until the signal. The same through the
 * real binary is test/cli/bin.test.ts.
 */
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli';
import { example } from '../e2e/examples';
import { runInMemory } from '../helpers/streams';
import {
  answerLines,
  type Fixtures,
  fixtures,
  NOTES,
  occupy,
  portOf,
  type Ran,
  ROOT,
  SEED,
  SEED_ANSWERS,
  useWeather,
  VERSION,
  WEATHER,
} from './helpers';

let made: Fixtures;
let broken: string;
let empty: string;

beforeAll(() => {
  example('notes'); // says what to run when the examples were not built
  made = fixtures();
  ({ broken, empty } = made);
});

afterAll(() => made.remove());

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
