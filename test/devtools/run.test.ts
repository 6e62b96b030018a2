/**
 * `runDevtools(argv)`, what the `declarative-mcp devtools [module] [--stdio|--http]` command
 * calls: usage mistakes (exit 2), a module to introspect, stdio with in-memory streams, and HTTP.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runDevtools } from '../../src/cli';
import { runInMemory } from '../helpers/streams';

const ROOT = join(__dirname, '..', '..');
const SAMPLE = join('test', 'fixtures', 'devtools-sample-app.js');

/** Runs the command with in-memory streams; `lines` go to its stdin, which then ends. */
function run(argv: string[], lines: string[] = []) {
  return runInMemory((io) => runDevtools(argv, io), ROOT, lines);
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'test', version: '1' },
  },
});

test('--help prints the usage on stdout and exits 0', async () => {
  const { code, out, err } = await run(['--help']);
  expect(code).toBe(0);
  expect(err).toBe('');
  expect(out).toMatch(/^Usage: declarative-mcp devtools \[module\] \[--stdio \| --http/);
});

test.each([
  [['--nope'], 'Unknown option --nope.'],
  [['--stdio', '--http'], 'Choose one of --stdio and --http.'],
  [['a.js', 'b.js'], 'One module at most (got "a.js" and "b.js").'],
  [['--http', '--port', 'x'], '--port must be a number from 0 to 65535 (got "x").'],
  [['--http', '--port'], '--port needs a value.'],
  [['--port', '3000'], '--port and --host go with --http.'],
  [
    ['missing.js'],
    `Cannot find module "missing.js" (looked at ${join(ROOT, 'missing.js')}). Give a compiled .js file, e.g. dist/server.js.`,
  ],
  [['package.json'], '"package.json" exports no McpApplication'],
])('%j is a usage mistake: exit 2, said on stderr, nothing on stdout', async (argv, message) => {
  const { code, out, err } = await run(argv);
  expect(code).toBe(2);
  expect(out).toBe('');
  expect(err).toContain(`declarative-mcp devtools: ${message}`);
  expect(err).toContain('Usage: declarative-mcp devtools');
});

test('a module that throws while loading: exit 1 with its error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'devtools-run-'));
  try {
    const broken = join(dir, 'broken.js');
    writeFileSync(broken, "throw new Error('boom while loading');\n");
    const { code, out, err } = await run([broken]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^declarative-mcp devtools: Error: boom while loading/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('stdio without a module: the devtools describe themselves; exit 0 at end of input', async () => {
  const { code, out, err } = await run(
    [],
    [
      INITIALIZE,
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"describe_application"}}',
    ],
  );
  expect(code).toBe(0);
  expect(err).toBe('');
  const [initialized, described] = out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(initialized.result.serverInfo.name).toBe('declarative-mcp-devtools');
  const body = JSON.parse(described.result.content[0].text);
  expect(body.server.name).toBe('declarative-mcp-devtools');
  expect(body.transports).toEqual(['stdio']);
});

test('stdio with a module: it is the application introspected', async () => {
  const { code, out } = await run(
    [SAMPLE],
    [
      INITIALIZE,
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"describe_provider","arguments":{"name":"SampleTools"}}}',
    ],
  );
  expect(code).toBe(0);
  const described = JSON.parse(JSON.parse(out.trim().split('\n')[1]).result.content[0].text);
  expect(described.methods.map((m: { key: string }) => m.key)).toEqual([
    'forecast',
    'cancel',
    'notes://{slug}',
    'plan',
  ]);
});

test('--http serves at the printed URL until the signal, then exits 0', async () => {
  const error = new PassThrough();
  let err = '';
  const printed = new Promise<string>((resolve) => {
    error.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      const match = /serving at (http:\/\/\S+)/.exec(err);
      if (match) resolve(match[1]);
    });
  });
  const stop = new AbortController();
  const code = runDevtools([SAMPLE, '--http', '--port', '0'], {
    cwd: ROOT,
    error,
    signal: stop.signal,
  });
  const url = await printed;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: INITIALIZE,
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as {
    result: { instructions: string; serverInfo: { name: string } };
  };
  expect(answer.result.serverInfo.name).toBe('declarative-mcp-devtools');
  expect(answer.result.instructions).toMatch(/^# Coding with declarative-mcp/);
  stop.abort();
  expect(await code).toBe(0);
});

test('the main entry loads neither the CLI nor the devtools; declarative-mcp/devtools is their entry', () => {
  const program = `
    const loaded = (folder) => Object.keys(require.cache).some((k) => k.includes(require('node:path').join('dist', 'src', folder, '')));
    const lib = require('./dist/src');
    const before = { cli: loaded('cli'), devtools: loaded('devtools'), exported: 'createDevtools' in lib || 'runDevtools' in lib };
    const devtools = require('./dist/src/devtools');
    devtools.createDevtools();
    console.log(JSON.stringify({ before, after: { cli: loaded('cli'), devtools: loaded('devtools') } }));
  `;
  const out = execFileSync(process.execPath, ['-e', program], { cwd: ROOT, encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual({
    before: { cli: false, devtools: false, exported: false },
    after: { cli: false, devtools: true },
  });
});
