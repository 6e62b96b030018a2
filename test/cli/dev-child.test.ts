/**
 * One generation of `declarative-mcp dev` (the compiled dist/src/cli/dev-child.js, forked as
 * `dev` forks it): it says what the module defines and which files it loaded, serves when told,
 * and on `stop` tells its clients the lists changed before it exits; a module that fails to load,
 * or a port it cannot take, is reported and exit 1. Each wait has its own bound.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectHttp } from 'declarative-mcp/testing';
import { within } from '../helpers/within';

const ROOT = join(__dirname, '..', '..');
const CHILD = join(ROOT, 'dist', 'src', 'cli', 'dev-child.js');

type Said = { type: string; [key: string]: unknown };

/** A forked generation and the messages it sent, awaited one type at a time. */
function generation(module: string, cwd: string) {
  const child: ChildProcess = fork(CHILD, [module, cwd], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const said: Said[] = [];
  const waiting: Array<(message: Said) => void> = [];
  child.on('message', (message: Said) => {
    said.push(message);
    for (const wake of waiting.splice(0)) wake(message);
  });
  const next = (type: string): Promise<Said> =>
    within(
      new Promise<Said>((resolve) => {
        const look = (): void => {
          const found = said.find((m) => m.type === type);
          if (found) resolve(found);
          else waiting.push(look);
        };
        look();
      }),
      15_000,
      `the generation sent no "${type}"`,
    );
  const exited = within(
    new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))),
    15_000,
    'the generation did not exit',
  );
  exited.catch(() => undefined);
  return { child, next, exited };
}

let dir: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  if (!existsSync(CHILD))
    throw new Error('dist/src/cli/dev-child.js is missing: run "npm run build" first.');
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'cli-dev-child-')));
  writeFileSync(
    join(dir, 'server.js'),
    `require('./helper');
const { McpCore } = require(${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))});
module.exports.app = { core: new McpCore({ name: 'dev', version: '1', listChanged: true,
  lister: () => [{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b', inputSchema: { type: 'object' } }],
  caller: (name) => ({ content: [{ type: 'text', text: 'called ' + name }] }) }) };
`,
  );
  writeFileSync(join(dir, 'helper.js'), 'module.exports = 1;\n');
  writeFileSync(join(dir, 'broken.js'), "throw new Error('boom while loading');\n");
});
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

test('loaded: the definitions as the lists answer them, the files loaded, listChanged; then serves and stops', async () => {
  const { child, next, exited } = generation('server.js', dir);
  started.push(child);
  const loaded = await next('loaded');
  expect(loaded).toEqual({
    type: 'loaded',
    definitions: {
      'tool a': JSON.stringify({ name: 'a', inputSchema: { type: 'object' } }),
      'tool b': JSON.stringify({ name: 'b', inputSchema: { type: 'object' } }),
    },
    files: expect.arrayContaining([join(dir, 'server.js'), join(dir, 'helper.js')]),
    listChanged: true,
  });
  expect((loaded.files as string[]).some((file) => file.includes('node_modules'))).toBe(false);
  expect(
    (loaded.files as string[]).some((file) => file.startsWith(join(ROOT, 'dist', 'src', 'cli'))),
  ).toBe(false);

  child.send({ type: 'listen', port: 0, host: '127.0.0.1' });
  const { url } = (await next('listening')) as Said & { url: string };
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const client = await within(
    connectHttp(url, { protocolVersion: '2025-11-25' }),
    10_000,
    'no session',
  );
  try {
    const subscription = await within(
      client.listen({ toolsListChanged: true }),
      10_000,
      'no listen',
    );
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(['a', 'b']);
    const told = within(
      (async () => {
        for await (const message of subscription) return message;
      })(),
      10_000,
      'no list_changed before the generation stopped',
    );
    child.send({ type: 'stop' });
    expect(await told).toMatchObject({ method: 'notifications/tools/list_changed' });
    expect(await exited).toBe(0);
  } finally {
    client.close();
  }
});

test('a module that throws while loading: failed, with its stack, and exit 1', async () => {
  const { child, next, exited } = generation('broken.js', dir);
  started.push(child);
  const failed = await next('failed');
  expect(failed.message).toMatch(/^Error: boom while loading\n {4}at /);
  expect(await exited).toBe(1);
});

test('a port it cannot take: failed, with the reason, and exit 1', async () => {
  const taken: Server = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  try {
    const { child, next, exited } = generation('server.js', dir);
    started.push(child);
    await next('loaded');
    const { port } = taken.address() as { port: number };
    child.send({ type: 'listen', port, host: '127.0.0.1' });
    expect((await next('failed')).message).toBe(
      `Cannot listen on 127.0.0.1:${port}: the port is already in use. Choose another port (or 0 for any free one).`,
    );
    expect(await exited).toBe(1);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
});
