/**
 * The load test of issue 19, against a server in a child process run with --expose-gc (so its
 * heap is its own): a flood of huge initialize messages, thousands of calls that never settle,
 * and (see streams) a broadcast burst. Bounded loops; no timing assertions.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pool } from '../../helpers/pool';
import { eventually } from '../../helpers/within';
import { ACCEPT, initialize, initializeMessage, post, raw, readEvents, toolCall } from './harness';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'hardening-server.js');
const MiB = 1024 * 1024;

interface Child {
  url: string;
  base: string;
  process: ChildProcess;
}

async function start(options: Record<string, unknown>): Promise<Child> {
  const child = spawn(process.execPath, ['--expose-gc', FIXTURE, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return { url: line, base: line.slice(0, -'/mcp'.length), process: child };
}

function stop(child: Child | undefined): Promise<void> {
  if (child === undefined || child.process.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.process.kill('SIGKILL'), 10_000);
    child.process.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.process.kill('SIGTERM');
  });
}

async function stats(child: Child): Promise<{ heap: number; sessions: number }> {
  return (await (await fetch(`${child.base}/heap`)).json()) as { heap: number; sessions: number };
}

/**
 * An initialize of about `bytes` bytes, cheap to parse but costly to keep: a `clientInfo.name`
 * of nearly all of it (a kept prefix of it must not pin the whole string), and 64 KiB of `{}`
 * in `capabilities` (each one an object once parsed, bounded by the kept copy's node budget).
 */
function hugeInitialize(bytes: number): string {
  const objects = '{},'.repeat(Math.floor((64 * 1024) / 3));
  const name = 'n'.repeat(bytes - 64 * 1024);
  return JSON.stringify(initializeMessage())
    .replace('"capabilities":{}', `"capabilities":{"experimental":{"a":[${objects}{}]}}`)
    .replace('"name":"http-test"', `"name":"${name}"`);
}

describe('hardening under load', () => {
  test('50 initialize POSTs of 4 MiB: the heap stays under 100 MB and the server answers', async () => {
    // Even with the initialize limit raised past 4 MiB, a session keeps only what MCP defines.
    const child = await start({ maxBodyBytes: 8 * MiB, maxInitializeBytes: 8 * MiB });
    try {
      const body = hugeInitialize(4 * MiB);
      expect(body.length).toBeGreaterThan(4 * MiB);
      // One connection per POST: parsing 4 MiB of `{}` blocks the loop for a while, and a pooled
      // connection idle past Node's keepAliveTimeout meanwhile is reset under the client's feet.
      const headers = { 'content-type': 'application/json', accept: ACCEPT };
      await pool(50, 4, async () => {
        const response = await raw(child.url, { method: 'POST', headers, body });
        expect(response.status).toBe(200);
      });
      const after = await stats(child);
      expect(after.sessions).toBe(50);
      expect(after.heap).toBeLessThan(100 * MiB);
      process.stdout.write(
        `issue 19: heap after 50 × 4 MiB initialize: ${(after.heap / MiB).toFixed(1)} MiB\n`,
      );
      // Still answering.
      const ping = await post(child.url, initializeMessage());
      expect(ping.status).toBe(200);
    } finally {
      await stop(child);
    }
    // (Bounded by its work, 50 bodies; the time bound only stops a hang.)
  }, 120_000);

  test('2,000 calls that never settle: the heap returns to its baseline and the session expires', async () => {
    // The session must not expire between two POSTs (a loaded machine can leave a gap of a good
    // part of a second, e.g. around the heap reading): 5 s idle, and the wait for its expiry below
    // is polled.
    const child = await start({ postTimeout: 100, sessionIdleTimeout: 5_000 });
    try {
      const { headers } = await initialize(child.url);
      // Warm up (JIT, lazy allocations), then the baseline.
      await pool(200, 50, async (i) => {
        await (await post(child.url, toolCall(`w${i}`, 'never'), headers)).arrayBuffer();
      });
      const baseline = (await stats(child)).heap;
      let timedOut = 0;
      await pool(2000, 100, async (i) => {
        const response = await post(child.url, toolCall(i, 'never'), headers);
        const answer = (await response.json()) as { error?: { code: number } };
        if (answer.error?.code === -32011) timedOut += 1;
      });
      expect(timedOut).toBe(2000);
      const after = (await stats(child)).heap;
      process.stdout.write(
        `issue 19: heap baseline ${(baseline / MiB).toFixed(2)} MiB, after 2,000 hanging calls ${(after / MiB).toFixed(2)} MiB\n`,
      );
      // Before the fix each hanging call kept ~7 KB (flight, request, response): 2,000 kept ~14 MB.
      expect(after - baseline).toBeLessThan(2 * MiB);
      // The session had only abandoned calls: it expires.
      // (Every 250 ms: each reading garbage-collects the server.)
      await eventually(
        async () => (await stats(child)).sessions === 0,
        30_000,
        'the session with only abandoned calls never expired',
        250,
      );
      const gone = await post(child.url, toolCall('late', 'never'), headers);
      expect(gone.status).toBe(404);
    } finally {
      await stop(child);
    }
  }, 90_000);

  test('a 16 MiB broadcast burst leaves a reading stream intact', async () => {
    const child = await start({});
    try {
      const { headers } = await initialize(child.url);
      const response = await fetch(child.url, {
        headers: { ...headers, accept: 'text/event-stream' },
      });
      expect(response.status).toBe(200);
      const events = readEvents(response);
      // 16 notifications of 1 MiB, broadcast in one tick (before the fix: the stream was dropped).
      await (await fetch(`${child.base}/burst?count=16&size=${MiB}`)).arrayBuffer();
      for (let i = 0; i < 16; i += 1) {
        const message = await events.next(30_000);
        expect(String((message.params as { data: string }).data).startsWith(`${i}:`)).toBe(true);
      }
      // Still open: the next broadcast arrives too.
      await (await fetch(`${child.base}/burst?count=1&size=10`)).arrayBuffer();
      const last = await events.next(30_000);
      expect((last.params as { data: string }).data).toBe(`0:${'x'.repeat(10)}`);
      events.close();
    } finally {
      await stop(child);
    }
  }, 120_000);
});
