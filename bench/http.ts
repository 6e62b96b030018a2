/**
 * Measurement 3: Streamable HTTP requests per second and p99 latency on loopback, in session and
 * stateless mode, for ours (`serveHttp`), the SDK (`StreamableHTTPServerTransport` on `node:http`)
 * and a bare `node:http` JSON answerer (the limit). The server runs in one child process, the load
 * generator (`children/loadgen.ts`, or autocannon with `BENCH_LOADGEN=autocannon`) in another. Every request is a real `tools/call` POST with the headers MCP asks for; every
 * answer body is checked, and a sample answer is verified before each run.
 */
import { type ChildProcess, execFile } from 'node:child_process';
import type { LoadJob, LoadSummary } from './children/loadgen';
import {
  CALL_PARTS,
  childFlags,
  childPath,
  EXPECTED_TEXT,
  forkChild,
  INITIALIZED,
  initializeMessage,
  inTurn,
  isGoodAnswer,
  MODERN_CALL_PARTS,
  MODERN_REVISION,
  nextMessage,
  note,
  pause,
  REF,
  REVISION,
  type Stats,
  stats,
  stopChild,
  wanted,
} from './common';

/** Connections the load generator keeps open (one request in flight on each). */
export const CONNECTIONS = 64;

/** `modern`: stateless MCP 2026-07-28 POSTs (no initialize, `_meta` and the 2026 headers). */
export type HttpMode = 'session' | 'stateless' | 'modern';

/** A running HTTP server child and the headers its clients send. */
export interface HttpTarget {
  child: ChildProcess;
  url: string;
  headers: Record<string, string>;
  /** The request body around its id. */
  parts: { head: string; tail: string };
}

/** Headers of a 2026-07-28 `tools/call add` POST (MCP 2026-07-28 basic/transports). */
export function modernHeaders(): Record<string, string> {
  return {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    'mcp-protocol-version': MODERN_REVISION,
    'mcp-method': 'tools/call',
    'mcp-name': 'add',
  };
}

/** Headers of every MCP POST (MCP basic/transports). */
export function mcpHeaders(sessionId?: string): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    'mcp-protocol-version': REVISION,
  };
  if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
  return headers;
}

/** The JSON-RPC message of an answer that is JSON or an event stream. */
export function messageOf(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return JSON.parse(trimmed);
  const data = trimmed
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  return data.length === 0 ? undefined : JSON.parse(data[data.length - 1]!);
}

/** POSTs one message; returns status, session id and parsed answer. */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; sessionId: string | undefined; message: unknown }> {
  const response = await fetch(url, { method: 'POST', headers, body });
  const text = await response.text();
  return {
    status: response.status,
    sessionId: response.headers.get('mcp-session-id') ?? undefined,
    message: text === '' ? undefined : messageOf(text),
  };
}

/** Opens a session: `initialize`, then `notifications/initialized`; returns its id. */
export async function openSession(url: string): Promise<string> {
  const init = await post(url, initializeMessage(0), mcpHeaders());
  if (init.status !== 200 || init.sessionId === undefined) {
    throw new Error(`initialize failed: ${init.status} ${JSON.stringify(init.message)}`);
  }
  const done = await post(url, INITIALIZED, mcpHeaders(init.sessionId));
  if (done.status !== 202) throw new Error(`notifications/initialized answered ${done.status}`);
  return init.sessionId;
}

/** Starts a server child (`ours-http`, `sdk-http`, `bare-http`) in a mode; opens a session if asked. */
export async function startServer(
  name: string,
  mode: HttpMode,
  flags: string[] = [],
  args: string[] = [],
): Promise<HttpTarget> {
  const child = forkChild(name, [mode, ...args], flags);
  const ready = await nextMessage<{ type: string; url: string }>(child, (m) => m.type === 'ready');
  if (mode === 'modern') {
    return { child, url: ready.url, headers: modernHeaders(), parts: MODERN_CALL_PARTS };
  }
  const sessionId =
    mode === 'session' && !name.startsWith('bare-http') ? await openSession(ready.url) : undefined;
  return { child, url: ready.url, headers: mcpHeaders(sessionId), parts: CALL_PARTS };
}

/** One checked `tools/call` through the target (before and after each load run). */
export async function verify(target: HttpTarget): Promise<void> {
  const answer = await post(
    target.url,
    `${target.parts.head}0${target.parts.tail}`,
    target.headers,
  );
  if (answer.status !== 200 || !isGoodAnswer(answer.message)) {
    throw new Error(`bad sample answer: ${answer.status} ${JSON.stringify(answer.message)}`);
  }
}

/** The load generators: the lean one (`children/loadgen.ts`), or autocannon (`children/cannon.ts`). */
export type LoadGenerator = 'loadgen' | 'autocannon';

/** The generator of the HTTP runs: `BENCH_LOADGEN=autocannon` for autocannon, else the lean one. */
export function loadGenerator(): LoadGenerator {
  const name = process.env.BENCH_LOADGEN ?? 'loadgen';
  if (name !== 'loadgen' && name !== 'autocannon') {
    throw new Error(`BENCH_LOADGEN=${name}: use loadgen or autocannon`);
  }
  return name;
}

/**
 * Runs a load generator in its own process against the target for `seconds`, with
 * {@link CONNECTIONS} connections and one request in flight on each; every answer is checked.
 */
export function generateLoad(
  target: HttpTarget,
  seconds: number,
  generator: LoadGenerator = loadGenerator(),
): Promise<LoadSummary> {
  const job: LoadJob = {
    url: target.url,
    headers: target.headers,
    // Every request gets its own id: the SDK routes answers by id within a session.
    body: `${target.parts.head}"[<id>]"${target.parts.tail}`,
    connections: CONNECTIONS,
    duration: seconds,
    expect: `"text":"${EXPECTED_TEXT}"`,
  };
  const child = generator === 'autocannon' ? 'cannon' : 'loadgen';
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...childFlags(), childPath(child), JSON.stringify(job)],
      { maxBuffer: 1 << 20 },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(JSON.parse(stdout) as LoadSummary);
      },
    );
  });
}

/** The server child's CPU time so far (user + system), in µs. */
export async function cpuOf(target: HttpTarget): Promise<number> {
  const answer = nextMessage<{ type: string; micros: number }>(
    target.child,
    (m) => m.type === 'cpu',
  );
  target.child.send({ type: 'cpu' });
  return (await answer).micros;
}

/** Results of one server in one mode. */
export interface HttpRun {
  rps: Stats;
  p99: Stats;
  /** The server process's CPU time per answered request, in µs (independent of the client's limit). */
  cpu: Stats;
  /**
   * The load generator's own CPU time per answer, in µs: near `cpu`, the client is the limit.
   * (Absent in results.json of runs before it was measured.)
   */
  clientCpu?: Stats;
  /** Failed requests over all runs: non-2xx, socket errors, timeouts, wrong bodies. */
  errors: number;
  ok: number;
}

/** One mode's runs: ours, the SDK's, and (A/B mode) the `--against` build's. */
export interface HttpModeRuns {
  ours: HttpRun;
  sdk: HttpRun;
  ref?: HttpRun;
}

export interface HttpResults {
  session: HttpModeRuns;
  stateless: HttpModeRuns;
  /** Stateless 2026-07-28 `tools/call`: ours against SDK v2's `createMcpHandler`. */
  modern: HttpModeRuns;
  bare: HttpRun;
  connections: number;
  /** The load generator of these runs (results.json of runs before it was recorded: autocannon). */
  generator?: LoadGenerator;
}

/** The HTTP modes measured (all by default; `--modes session,modern` picks some). */
export const HTTP_MODES: HttpMode[] = ['session', 'stateless', 'modern'];

/** Each server once per repetition (interleaved), `seconds` of load each, after a short warm-up. */
export async function measureHttp(reps: number, seconds: number): Promise<HttpResults> {
  const all = [
    ['bare', 'bare-http', 'stateless'],
    ['ours-session', 'ours-http', 'session'],
    ['ref-session', `ours-http${REF}`, 'session'],
    ['sdk-session', 'sdk-http', 'session'],
    ['ours-stateless', 'ours-http', 'stateless'],
    ['ref-stateless', `ours-http${REF}`, 'stateless'],
    ['sdk-stateless', 'sdk-http', 'stateless'],
    ['ours-modern', 'ours-http', 'modern'],
    ['ref-modern', `ours-http${REF}`, 'modern'],
    ['sdk2-modern', 'sdk2-http', 'modern'],
  ] as const;
  const subjects = all.filter(
    ([key, child, mode]) => wanted(child) && (key === 'bare' || HTTP_MODES.includes(mode)),
  );
  const targets: Record<string, HttpTarget> = {};
  const runs: Record<string, Array<LoadSummary & { cpu: number }>> = {};
  const measured: typeof subjects = [];
  try {
    for (const subject of subjects) {
      const [key, child, mode] = subject;
      try {
        targets[key] = await startServer(child, mode);
        if (key !== 'bare') await verify(targets[key]!);
      } catch (error) {
        // An older --against build may not serve a mode (2026-07-28 before it existed): skip it.
        if (!key.startsWith('ref-')) throw error;
        note(`${key}: left out, the --against build failed it: ${String(error).slice(0, 200)}`);
        continue;
      }
      measured.push(subject);
      runs[key] = [];
      await generateLoad(targets[key]!, 1);
    }
    for (let rep = 0; rep < reps; rep++) {
      for (const [key] of inTurn(measured, rep)) {
        await pause(200);
        const before = await cpuOf(targets[key]!);
        const summary = await generateLoad(targets[key]!, seconds);
        const cpu =
          ((await cpuOf(targets[key]!)) - before) / Math.max(1, summary.ok + summary.non2xx);
        runs[key]!.push({ ...summary, cpu });
        const failed = summary.non2xx + summary.errors + summary.timeouts + summary.mismatches;
        if (failed > 0) note(`${key}: ${failed} failed requests in run ${rep + 1}`);
      }
    }
    for (const [key] of measured) if (key !== 'bare') await verify(targets[key]!);
  } finally {
    for (const target of Object.values(targets)) await stopChild(target.child);
  }
  const run = (key: string): HttpRun => {
    const list = runs[key] ?? [];
    return {
      rps: stats(list.map((s) => s.rps)),
      p99: stats(list.map((s) => s.p99)),
      cpu: stats(list.map((s) => s.cpu)),
      clientCpu: stats(list.map((s) => s.clientCpu)),
      errors: list.reduce((n, s) => n + s.non2xx + s.errors + s.timeouts + s.mismatches, 0),
      ok: list.reduce((n, s) => n + s.ok - s.mismatches, 0),
    };
  };
  const mode = (name: HttpMode, sdk: string): HttpModeRuns => ({
    ours: run(`ours-${name}`),
    sdk: run(sdk),
    ref: runs[`ref-${name}`] && run(`ref-${name}`),
  });
  return {
    session: mode('session', 'sdk-session'),
    stateless: mode('stateless', 'sdk-stateless'),
    modern: mode('modern', 'sdk2-modern'),
    bare: run('bare'),
    connections: CONNECTIONS,
    generator: loadGenerator(),
  };
}
