/**
 * Measurement 9: the fetch face in process, `handler(new Request(…))` → `Response`, with 64
 * calls in flight: stateless 2026-07-28 `tools/call add` POSTs (`_meta` and the 2026 headers),
 * each answer's JSON read and checked.
 *
 * - ours, fetch face: `createFetchHandler(app)` (`declarative-mcp/fetch`), the app of row 1;
 * - ours, core alone: `app.handle(json)` on the same JSON text (row 1's path, no HTTP): what the
 *   face adds per call is the difference;
 * - SDK v2: `createMcpHandler(factory, { responseMode: 'json' })` (`@modelcontextprotocol/server`
 *   2.4.0), the SDK's own fetch handler, called the same way;
 * - floor: the Fetch API alone, what any fetch handler pays on this runtime: the same `Request`
 *   built and its body read, a `Response` of the answer's size built and read.
 *
 * calls/s and this process's CPU µs per call (`process.cpuUsage`), repetitions interleaved. This
 * build only: not part of an A/B (`--against`), like the telemetry row.
 */
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { createFetchHandler } from 'declarative-mcp/fetch';
import { EXPECTED_TEXT, inTurn, MODERN_CALL_PARTS, type Stats, stats } from './common';
import { drive } from './drive';
import { modernHeaders } from './http';
import { AddInput, createApp } from './servers/ours';

const URL = 'http://bench.local/mcp';
const NEEDLE = `"text":"${EXPECTED_TEXT}"`;

export interface FetchResults {
  /** calls/s per subject. */
  rate: Record<FetchSubject, Stats>;
  /** CPU µs per call per subject. */
  cpu: Record<FetchSubject, Stats>;
}

export type FetchSubject = 'fetch' | 'core' | 'sdk2' | 'floor';
const SUBJECTS: readonly FetchSubject[] = ['fetch', 'core', 'sdk2', 'floor'];

type Handler = (request: Request) => Promise<Response>;

/** One call through a fetch handler: a POST, its JSON answer read and checked. */
function fetchCaller(handler: Handler): (id: number) => Promise<unknown> {
  const headers = modernHeaders();
  return async (id) => {
    const body = MODERN_CALL_PARTS.head + id + MODERN_CALL_PARTS.tail;
    const response = await handler(new Request(URL, { method: 'POST', headers, body }));
    const text = await response.text();
    if (response.status !== 200 || !text.includes(NEEDLE)) {
      throw new Error(`bad answer (${response.status}): ${text}`);
    }
    return text;
  };
}

function sdkHandler(): Handler {
  const { fetch } = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'bench', version: '1.0.0' });
      server.registerTool(
        'add',
        { description: 'Adds two numbers.', inputSchema: AddInput },
        ({ a, b }: { a: number; b: number }) => ({
          content: [{ type: 'text', text: String(a + b) }],
        }),
      );
      return server;
    },
    { responseMode: 'json' },
  );
  return (request) => fetch(request);
}

/** The Fetch API's own cost: a handler that reads the body and answers a fixed JSON text. */
function floorHandler(): Handler {
  const answer = `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"${EXPECTED_TEXT}"}],"isError":false}}`;
  return async (request) => {
    await request.text();
    return new Response(answer, { headers: { 'content-type': 'application/json' } });
  };
}

function callerOf(subject: FetchSubject): (id: number) => Promise<unknown> {
  if (subject === 'sdk2') return fetchCaller(sdkHandler());
  if (subject === 'floor') return fetchCaller(floorHandler());
  const app = createApp();
  if (subject === 'fetch') return fetchCaller(createFetchHandler(app));
  return async (id) => {
    const answer = await app.handle(MODERN_CALL_PARTS.head + id + MODERN_CALL_PARTS.tail);
    if (answer === null || !answer.includes(NEEDLE)) throw new Error(`bad answer: ${answer}`);
    return answer;
  };
}

/** `reps` interleaved repetitions of `ms` each per subject, after a warm-up of each. */
export async function measureFetch(reps: number, ms: number): Promise<FetchResults> {
  const callers = Object.fromEntries(SUBJECTS.map((s) => [s, callerOf(s)])) as Record<
    FetchSubject,
    (id: number) => Promise<unknown>
  >;
  for (const subject of SUBJECTS) await drive(callers[subject], Math.min(ms, 1000));
  const rates = { fetch: [], core: [], sdk2: [], floor: [] } as Record<FetchSubject, number[]>;
  const cpus = { fetch: [], core: [], sdk2: [], floor: [] } as Record<FetchSubject, number[]>;
  for (let rep = 0; rep < reps; rep++) {
    for (const subject of inTurn(SUBJECTS, rep)) {
      const before = process.cpuUsage();
      const { rate, calls } = await drive(callers[subject], ms);
      const used = process.cpuUsage(before);
      rates[subject].push(rate);
      cpus[subject].push((used.user + used.system) / calls);
    }
  }
  const all = (runs: Record<FetchSubject, number[]>) =>
    Object.fromEntries(SUBJECTS.map((s) => [s, stats(runs[s])])) as Record<FetchSubject, Stats>;
  return { rate: all(rates), cpu: all(cpus) };
}
