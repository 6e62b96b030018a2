/**
 * Measurement 4: memory per idle session. A server child (run with `--expose-gc`) is sent a few
 * warm-up sessions, then reports heap and RSS after `gc()` (the baseline); then 1,000 sessions
 * are opened (`initialize` + `notifications/initialized` each, over a keep-alive agent with a
 * fixed number of sockets so the connections are the same before and after), and the child
 * reports again. (after − baseline) / 1,000 is the cost of one idle session.
 */
import { Agent, request } from 'node:http';
import type { MemoryReport } from './children/parent';
import {
  INITIALIZED,
  initializeMessage,
  inTurn,
  nextMessage,
  REF,
  type Stats,
  stats,
  stopChild,
  wanted,
} from './common';
import { type HttpTarget, mcpHeaders, startServer } from './http';

/** Sessions opened per measurement. */
export const SESSIONS = 1_000;
const SOCKETS = 8;

/** initialize/DELETE cycles measured for the heap growth per cycle (after {@link WARM_CYCLES}). */
export const CYCLES = 10_000;

/**
 * Warm-up cycles before the baseline. After 500, V8 was still compiling: a heap-snapshot diff of
 * 10,000 cycles showed only code objects (deopt data, relocation info, feedback) growing, ~37 B
 * per cycle, and no session state; after 3,000 the same run grows 18 B on this commit and -2 B
 * on the one before (noise of the JIT, not state a cycle leaves).
 */
const WARM_CYCLES = 3_000;

function postRaw(
  agent: Agent,
  url: URL,
  body: string,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; sessionId: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            sessionId: res.headers['mcp-session-id'] as string | undefined,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function openSessions(agent: Agent, url: URL, count: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const n = next++;
      const init = await postRaw(agent, url, initializeMessage(n), mcpHeaders());
      if (init.status !== 200 || init.sessionId === undefined || !init.body.includes('"result"')) {
        throw new Error(`initialize ${n} failed: ${init.status} ${init.body.slice(0, 200)}`);
      }
      const done = await postRaw(agent, url, INITIALIZED, mcpHeaders(init.sessionId));
      if (done.status !== 202) throw new Error(`notifications/initialized answered ${done.status}`);
    }
  };
  await Promise.all(Array.from({ length: SOCKETS }, worker));
}

/** `count` initialize/DELETE cycles, {@link SOCKETS} at a time; every answer is checked. */
async function cycle(agent: Agent, url: URL, count: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const n = next++;
      const init = await postRaw(agent, url, initializeMessage(n), mcpHeaders());
      if (init.status !== 200 || init.sessionId === undefined) {
        throw new Error(`initialize ${n} failed: ${init.status} ${init.body.slice(0, 200)}`);
      }
      const headers = mcpHeaders(init.sessionId);
      const deleted = await postRaw(agent, url, '', headers, 'DELETE');
      if (deleted.status !== 204) throw new Error(`DELETE answered ${deleted.status}`);
    }
  };
  await Promise.all(Array.from({ length: SOCKETS }, worker));
}

/** Heap growth per initialize/DELETE cycle over {@link CYCLES} cycles, in a fresh server process. */
async function growth(name: string): Promise<number> {
  const target = await startServer(name, 'session', ['--expose-gc']);
  const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS });
  const url = new URL(target.url);
  try {
    await cycle(agent, url, WARM_CYCLES);
    const before = await report(target);
    await cycle(agent, url, CYCLES);
    const after = await report(target);
    return (after.heapUsed - before.heapUsed) / CYCLES;
  } finally {
    agent.destroy();
    await stopChild(target.child);
  }
}

/** The child's heap and RSS after several garbage collections. */
function report(target: HttpTarget): Promise<MemoryReport> {
  const answer = nextMessage<MemoryReport>(target.child, (m) => m.type === 'memory');
  target.child.send({ type: 'memory' });
  return answer;
}

/** Bytes per idle session (heap and RSS) for one server child, in a fresh process. */
async function once(name: string): Promise<{ heap: number; rss: number }> {
  const target = await startServer(name, 'session', ['--expose-gc']);
  const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS });
  const url = new URL(target.url);
  try {
    await openSessions(agent, url, 50);
    const before = await report(target);
    await openSessions(agent, url, SESSIONS);
    const after = await report(target);
    return {
      heap: (after.heapUsed - before.heapUsed) / SESSIONS,
      rss: (after.rss - before.rss) / SESSIONS,
    };
  } finally {
    agent.destroy();
    await stopChild(target.child);
  }
}

export interface MemoryResults {
  ours: { heap: Stats; rss: Stats };
  sdk: { heap: Stats; rss: Stats };
  /** The `--against` build's server (A/B mode only). */
  ref?: { heap: Stats; rss: Stats };
  /** Heap growth per initialize/DELETE cycle, bytes, over {@link CYCLES} cycles (ours; `ref` in A/B). */
  cycles?: { ours: Stats; ref?: Stats };
  sessions: number;
}

/** `reps` fresh children each, interleaved. */
export async function measureMemory(reps: number): Promise<MemoryResults> {
  type PerSession = { heap: number; rss: number };
  const children = { ours: 'ours-http', ref: `ours-http${REF}`, sdk: 'sdk-http' } as const;
  const keys = (Object.keys(children) as (keyof typeof children)[]).filter((key) =>
    wanted(children[key]),
  );
  const runs = { ours: [] as PerSession[], ref: [] as PerSession[], sdk: [] as PerSession[] };
  const cycles = { ours: [] as number[], ref: [] as number[] };
  for (let rep = 0; rep < reps; rep++) {
    for (const key of inTurn(keys, rep)) {
      runs[key].push(await once(children[key]));
      if (key !== 'sdk') cycles[key].push(await growth(children[key]));
    }
  }
  const pick = (list: PerSession[]) => ({
    heap: stats(list.map((r) => r.heap)),
    rss: stats(list.map((r) => r.rss)),
  });
  return {
    ours: pick(runs.ours),
    sdk: pick(runs.sdk),
    ref: keys.includes('ref') ? pick(runs.ref) : undefined,
    cycles: { ours: stats(cycles.ours), ref: keys.includes('ref') ? stats(cycles.ref) : undefined },
    sessions: SESSIONS,
  };
}
