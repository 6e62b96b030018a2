/**
 * `declarative-mcp serve --http --redis URL --workers N` the way a user runs it: the built binary
 * (`dist/src/cli/bin.js`) against a real redis-server, and one session of the official SDK client
 * (v1) served by both workers of a node:cluster. The application answers its process id, so the
 * test sees which worker served each call; the client closes its connection after each request
 * (`Connection: close`), so node:cluster's round robin hands the next one to the other worker.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Redis } from 'ioredis';
import { type Launched, launch } from '../e2e/examples';
import { type RedisServer, startRedis } from '../redis/redis-server';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'src', 'cli', 'bin.js');
const SERVING = /^declarative-mcp serve: serving at (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/;

let redis: RedisServer;
let dir: string;
let app: string;
const children: Launched[] = [];

beforeAll(async () => {
  redis = await startRedis();
  dir = mkdtempSync(join(tmpdir(), 'declarative-mcp-workers-'));
  app = join(dir, 'who.js');
  writeFileSync(
    app,
    `const { McpApplication, Tool } = require(${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))});
class Who { pid() { return String(process.pid); } }
Tool()(Who.prototype, 'pid', Object.getOwnPropertyDescriptor(Who.prototype, 'pid'));
exports.app = McpApplication.create({ name: 'who', version: '1.0.0', providers: [Who] });
`,
  );
});

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

function serve(args: readonly string[]): Launched {
  const child = launch(BIN, ['serve', app, '--http', '--port', '0', ...args]);
  children.push(child);
  return child;
}

/** Whether a process with this id runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('serve --http --workers 2 --redis URL', () => {
  let child: Launched;
  let url: string;
  let client: Client;
  let transport: StreamableHTTPClientTransport;
  let sessionId: string;
  const pids = new Set<string>();

  const pid = async (): Promise<string> => {
    const result = await client.callTool({ name: 'pid' });
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    expect(result.isError).toBe(false);
    return text;
  };

  beforeAll(async () => {
    child = serve(['--workers', '2', '--redis', redis.url]);
    [, url] = (await child.waitFor(SERVING, 'stderr')) as unknown as [string, string];
    client = new Client({ name: 'workers-test', version: '1.0.0' });
    transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { connection: 'close' } },
    });
    await client.connect(transport);
    sessionId = transport.sessionId!;
  });

  afterAll(async () => {
    await client?.close();
  });

  test('one URL, printed once; one SDK session is served by both workers, kept in Redis', async () => {
    expect(child.stderr().match(/serving at /g)).toHaveLength(1);
    expect(child.stderr()).toContain(`"url": "${url}"`);
    expect(sessionId).toMatch(/^[\x21-\x7E]+$/);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['pid']);
    for (let i = 0; i < 10 && pids.size < 2; i += 1) pids.add(await pid());
    expect(pids.size).toBe(2);
    // Workers, not the primary, serve.
    expect(pids.has(String(child.child.pid))).toBe(false);
    expect(transport.sessionId).toBe(sessionId);
    const probe = new Redis(redis.url);
    try {
      expect(await probe.exists(`mcp:session:${sessionId}`)).toBe(1);
    } finally {
      probe.disconnect();
    }
    expect(child.stdout()).toBe('');
  });

  test('a worker that dies is reported on stderr and replaced; the session goes on', async () => {
    const [victim, survivor] = [...pids];
    process.kill(Number(victim), 'SIGKILL');
    await child.waitFor(
      new RegExp(
        `declarative-mcp serve: worker \\d+ \\(pid ${victim}\\) was killed by SIGKILL; starting another\\.\\n`,
      ),
      'stderr',
    );
    const [, replacement] = await child.waitFor(
      /declarative-mcp serve: worker \d+ \(pid (\d+)\) serves in place of worker \d+\.\n/,
      'stderr',
    );
    const served = new Set<string>();
    for (let i = 0; i < 10 && served.size < 2; i += 1) served.add(await pid());
    expect([...served].sort()).toEqual([replacement, survivor].sort());
    expect(transport.sessionId).toBe(sessionId);
  });

  test('SIGTERM: every worker closes, then the command exits 0', async () => {
    const workers = [...pids, ...(await Promise.all([pid(), pid()]))].map(Number);
    await client.close();
    expect(await child.stop('SIGTERM')).toBe(0);
    for (const worker of workers) expect(running(worker)).toBe(false);
    expect(child.stderr()).not.toMatch(/\n {4}at /);
    expect(child.stdout()).toBe('');
  });
});

test('--workers 2 without --redis: refused with one line saying why, exit 2', async () => {
  const child = serve(['--workers', '2']);
  expect(await child.exited).toBe(2);
  expect(child.stdout()).toBe('');
  expect(child.stderr()).toMatch(
    /^declarative-mcp serve: --workers 2 needs --redis URL: each process would keep its own sessions, so a client's next request may land on a process that does not know its session\. Add --redis redis:\/\/127\.0\.0\.1:6379, or run one worker\.\n\nUsage: declarative-mcp serve /,
  );
});

test.each([
  [['--workers', '2', '--redis', 'redis://127.0.0.1:1']],
  [['--redis', 'redis://127.0.0.1:1']],
])('Redis unreachable (%j): one line, once, no stack, exit 1', async (args) => {
  const child = serve(args);
  expect(await child.exited).toBe(1);
  expect(child.stdout()).toBe('');
  expect(child.stderr()).toMatch(
    /^declarative-mcp serve: Cannot reach Redis at redis:\/\/127\.0\.0\.1:1: [^\n]*Check that redis-server runs there, the URL \(rediss:\/\/ for TLS\) and the password\.\n$/,
  );
});

test('a module that cannot load: the workers’ usage error printed once, exit 2', async () => {
  const child = launch(BIN, [
    'serve',
    join(dir, 'missing.js'),
    '--http',
    '--port',
    '0',
    '--workers',
    '2',
    '--redis',
    redis.url,
  ]);
  children.push(child);
  expect(await child.exited).toBe(2);
  expect(child.stderr().match(/Cannot find module/g)).toHaveLength(1);
  expect(child.stderr()).toMatch(/^declarative-mcp serve: Cannot find module "[^"]*missing\.js"/);
});

test('a crash loop ends: workers that die soon after serving, --crash-limit 3 in a row → exit 1 with the error', async () => {
  // Loads and serves, then fails two seconds later (a dependency that is not there). Counted from
  // when its server listens and the first two workers both do (each marks it in `marks`), not
  // from the load: on a loaded machine a start, or the other first worker's, can take longer than
  // that, and a worker that dies before every first one serves is rightly reported otherwise.
  const crashing = join(dir, 'crashing.js');
  const marks = join(dir, 'listening');
  mkdirSync(marks);
  writeFileSync(
    crashing,
    `const { McpApplication, Tool } = require(${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))});
const { readdirSync, writeFileSync } = require('node:fs');
const net = require('node:net');
class Who { pid() { return String(process.pid); } }
Tool()(Who.prototype, 'pid', Object.getOwnPropertyDescriptor(Who.prototype, 'pid'));
exports.app = McpApplication.create({ name: 'who', version: '1.0.0', providers: [Who] });
const marks = ${JSON.stringify(marks)};
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  this.once('listening', () => {
    writeFileSync(marks + '/' + process.pid, '');
    const both = setInterval(() => {
      if (readdirSync(marks).length < 2) return;
      clearInterval(both);
      setTimeout(() => { throw new Error('cannot reach the billing database'); }, 2000);
    }, 25);
  });
  return listen.apply(this, args);
};
`,
  );
  const child = launch(BIN, [
    'serve',
    crashing,
    '--http',
    '--port',
    '0',
    '--workers',
    '2',
    '--redis',
    redis.url,
    '--crash-limit',
    '3',
  ]);
  children.push(child);
  expect(await child.exited).toBe(1);
  const stderr = child.stderr();
  // Two replaced, the third not.
  expect(
    stderr.match(
      /worker \d+ \(pid \d+\) exited with code 1 \(Error: cannot reach the billing database\); starting another\./g,
    ),
  ).toHaveLength(2);
  expect(stderr).toMatch(
    /declarative-mcp serve: worker \d+ \(pid \d+\) exited with code 1 \(Error: cannot reach the billing database\), the 3rd worker in a row to die within 10 s of serving \(--crash-limit 3\); not starting another\. Stopping\.\n/,
  );
  expect(child.stdout()).toBe('');
}, 60_000);

test('--crash-limit takes a positive number', async () => {
  const child = serve(['--workers', '2', '--redis', redis.url, '--crash-limit', '0']);
  expect(await child.exited).toBe(2);
  expect(child.stderr()).toMatch(
    /^declarative-mcp serve: --crash-limit must be a number from 1 to 1000 \(got "0"\)\./,
  );
});
