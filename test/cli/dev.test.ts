/**
 * `declarative-mcp dev`: edit a compiled module on disk, see the new tool listed and
 * `list_changed` sent to a listening client; break it, the old server keeps serving; SIGINT
 * exits 0. Each wait has its own bound and says what it waited for.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connectHttp } from 'declarative-mcp/testing';
import { changes } from '../../src/cli/dev';
import { within } from '../helpers/within';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'src', 'cli', 'bin.js');

function module(tools: string[]): string {
  return `const { McpCore } = require(${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))});
const tools = ${JSON.stringify(tools)};
module.exports.app = { core: new McpCore({ name: 'dev', version: '1', listChanged: true,
  lister: () => tools.map((name) => ({ name, inputSchema: { type: 'object' } })),
  caller: (name) => ({ content: [{ type: 'text', text: 'called ' + name }] }) }) };
`;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

it('changes: one line per definition added, removed or changed', () => {
  expect(changes({ 'tool a': '1', 'tool x': '1' }, { 'tool b': '1', 'tool x': '2' })).toEqual([
    '+ tool b',
    '~ tool x',
    '- tool a',
  ]);
});

it('reloads on change, keeps the old server when the new build breaks, exits 0 on SIGINT', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dmcp-dev-'));
  const file = join(dir, 'server.js');
  writeFileSync(file, module(['alpha']));
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'dev', file, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: Array<() => void> = [];
  const wake = (): void => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    out += text;
    wake();
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    err += text;
    wake();
  });
  const until = (what: string, done: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${what} in 15 s; stdout: ${out}; stderr: ${err}`)),
        15_000,
      );
      const look = (): void => {
        if (!done()) return void waiters.push(look);
        clearTimeout(timer);
        resolve();
      };
      look();
    });
  const url = `http://127.0.0.1:${port}/mcp`;
  const tools = async (): Promise<string[]> => {
    const client = await connectHttp(url, { protocolVersion: '2026-07-28' });
    try {
      return (await client.listTools()).map((tool) => tool.name);
    } finally {
      client.close();
    }
  };
  try {
    await until('serving line', () => err.includes(`serving ${file} at ${url}`));
    expect(await tools()).toEqual(['alpha']);

    // A 2025 session (official SDK v1 client) made with the first generation.
    const session = new Client({ name: 'dev-test', version: '1' });
    await session.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect((await session.listTools()).tools.map((tool) => tool.name)).toEqual(['alpha']);
    const listener = await connectHttp(url, { protocolVersion: '2026-07-28' });
    const subscription = await listener.listen({ toolsListChanged: true });
    // The kit in 2025: list_changed on the session's GET stream, then a new session by itself.
    const legacy = await connectHttp(url, { protocolVersion: '2025-11-25' });
    const legacyChanges = await legacy.listen({ toolsListChanged: true });
    writeFileSync(file, module(['beta']));
    await until('change lines', () => out.includes('+ tool beta\n- tool alpha\n'));
    const first = await subscription[Symbol.asyncIterator]().next();
    expect(first.value).toMatchObject({ method: 'notifications/tools/list_changed' });
    listener.close();
    const legacyFirst = await within(
      legacyChanges[Symbol.asyncIterator]().next(),
      5000,
      'no list_changed for the 2025 kit client',
    );
    expect(legacyFirst.value).toMatchObject({ method: 'notifications/tools/list_changed' });
    expect((await legacy.listTools()).map((tool) => tool.name)).toEqual(['beta']);
    legacy.close();
    expect(await tools()).toEqual(['beta']);
    // The new process does not know the old session: 404, and a new session sees the new tool.
    await expect(session.listTools()).rejects.toMatchObject({ code: 404 });
    await session.close();
    const again = new Client({ name: 'dev-test', version: '1' });
    await again.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect((await again.listTools()).tools.map((tool) => tool.name)).toEqual(['beta']);
    await again.close();

    writeFileSync(file, `${readFileSync(file, 'utf8')}\nsyntax error(\n`);
    await until('build failure', () =>
      err.includes('the new build fails; still serving the previous one'),
    );
    expect(err).toContain('SyntaxError');
    expect(await tools()).toEqual(['beta']);
  } finally {
    const code = new Promise((resolve) => child.once('exit', (c) => resolve(c)));
    child.kill('SIGINT');
    expect(await code).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }
});

it('says so when the application does not declare listChanged', async () => {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [BIN, 'dev', join(ROOT, 'build', 'examples', 'notes.js'), '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  const hint = new Promise<void>((resolve) => {
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      err += text;
      if (err.includes('does not declare listChanged')) resolve();
    });
  });
  try {
    await within(hint, 15_000, 'no listChanged hint');
    expect(err).toContain(
      'declarative-mcp dev: the application does not declare listChanged, so clients are not told when it reloads',
    );
  } finally {
    const code = new Promise((resolve) => child.once('exit', (c) => resolve(c)));
    child.kill('SIGINT');
    expect(await code).toBe(0);
  }
});
