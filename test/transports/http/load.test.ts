/**
 * A bounded load test on loopback: 2,000 initialize/DELETE cycles against one server, 32 at a
 * time. Afterwards no session is left (in the handler nor in its adapter) and the heap has not
 * grown with the sessions opened. Bounded by its work; speed is the benchmark's business.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { memoryAdapter } from '../../../src/adapter';
import { type HttpServerHandle, serveHttp } from '../../../src/transports/http';
import { initializeMessage, post, testCore } from './harness';

const CYCLES = 2_000;
const CONCURRENCY = 32;

/**
 * `global.gc`, or one obtained at run time. A leak test that cannot collect cannot measure, and
 * a test that cannot measure must fail, not pass in silence.
 */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    if (typeof gc === 'function') return gc as () => void;
  } catch {
    // reported below
  }
  throw new Error(
    'The leak test cannot force a garbage collection, so it cannot measure the heap: run jest with node --expose-gc.',
  );
}

async function cycle(url: string): Promise<void> {
  const opened = await post(url, initializeMessage());
  await opened.arrayBuffer();
  const sessionId = opened.headers.get('mcp-session-id');
  if (opened.status !== 200 || sessionId === null) throw new Error(`initialize: ${opened.status}`);
  const deleted = await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId } });
  await deleted.arrayBuffer();
  if (deleted.status !== 204) throw new Error(`DELETE: ${deleted.status}`);
}

async function run(url: string, cycles: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cycles) {
      next += 1;
      await cycle(url);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function settledHeap(gc: () => void): number {
  for (let i = 0; i < 3; i += 1) gc();
  return process.memoryUsage().heapUsed;
}

describe('load', () => {
  let server: HttpServerHandle;
  const adapter = memoryAdapter();

  beforeAll(async () => {
    server = await serveHttp(testCore().core, { maxSessions: CONCURRENCY * 2, adapter });
    // Only the client ends idle connections here. With Node's 5 s default the server closes them
    // too, and a loop blocked across that moment (the forced GCs between the runs, on a loaded
    // machine) lets the client reuse a socket the server is closing: ECONNRESET (seen once in CI,
    // reproduced by blocking the loop 4 s after a 2 s idle).
    server.server.keepAliveTimeout = 60_000;
  });
  afterAll(async () => {
    await server.close();
    await adapter.close();
  });

  test(`${CYCLES} initialize/DELETE cycles leave no session and no heap growth`, async () => {
    const gc = collector();
    await run(server.url, 500); // warm up: JIT, connection pool, lazy allocations
    const before = settledHeap(gc);
    await run(server.url, CYCLES);

    expect(server.handler.sessions).toBe(0);
    expect(await adapter.sessions.count()).toBe(0);
    const growth = settledHeap(gc) - before;
    process.stdout.write(`load: heap growth after ${CYCLES} cycles: ${growth} bytes\n`);
    // Measured in this process (the clients' too): ~0.5 MB after 500 cycles, ~1.5 MB after
    // 2,000, ~1.7 MB after 5,000 — it levels off. A leaked session (peer, maps, id, entry,
    // record) costs well over 1 KB: 2,000 of them would pass the bound.
    expect(growth).toBeLessThan(3 * 1024 * 1024);
    // Speed is the benchmark's business (npm run bench): this bound only stops a hang.
  }, 120_000);
});
