/**
 * The binary, `node dist/src/cli/bin.js …` (built by `npm test` before jest), in a child process
 * the way a user or an MCP client runs it: help and version, usage mistakes (exit 2), modules that
 * are missing, empty, misconfigured or throwing, seed 001's stdio pipe, stdout kept for the
 * protocol, and Streamable HTTP until SIGTERM or SIGINT. In process, the same is index.test.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { environment, example, type Launched, launch } from '../e2e/examples';
import {
  answerLines,
  BIN,
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
let dir: string;
let broken: string;
let empty: string;
let misconfigured: string;

beforeAll(() => {
  example('notes'); // says what to run when the examples were not built
  if (!existsSync(BIN))
    throw new Error('dist/src/cli/bin.js is missing: run "npm run build" first.');
  made = fixtures();
  ({ dir, broken, empty, misconfigured } = made);
});

afterAll(() => made.remove());

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
