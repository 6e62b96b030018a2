/**
 * The telemetry row (issue 28): what OpenTelemetry costs a request when a provider is registered.
 * One side registers the SDK as an application would (AsyncLocalStorage context manager, batch
 * span processor, periodic metric reader, exporters that drop what they get) and leaves the
 * application's `telemetry` at its default; the other is `telemetry: false` without an SDK. Each
 * side is a child process of its own (the context manager hooks every promise of its process).
 *
 * - in-process: `app.handle(json)`, 64 calls in flight, calls/s and CPU µs per call;
 * - HTTP: `serveHttp` in session mode (2025-06-18) and stateless 2026-07-28 POSTs, the load generator
 *   with 64 connections, req/s and the server's CPU µs per request.
 *
 * Measured as back-to-back pairs, alternating which side goes first; the overhead is the median
 * of the pairs' ratios (CPU per request with ÷ without, − 1), which cancels the slow drift of a
 * shared machine. On a 2-core machine HTTP req/s is bounded by the load generator, so the CPU per
 * request is the figure to read.
 */
import type { ChildProcess } from 'node:child_process';
import { forkChild, nextMessage, pause, type Stats, stats, stopChild } from './common';
import { cpuOf, generateLoad, type HttpMode, type HttpTarget, startServer, verify } from './http';

/** Back-to-back pairs per measurement. */
export const TELEMETRY_PAIRS = 6;

/** One side's runs and the pairs' overheads. */
export interface TelemetryRun {
  /** calls/s (in-process) or req/s (HTTP), with the no-op SDK. */
  otel: Stats;
  /** The same with `telemetry: false`. */
  off: Stats;
  /** CPU µs per call or request, with the no-op SDK. */
  otelCpu: Stats;
  /** The same with `telemetry: false`. */
  offCpu: Stats;
  /** Per pair: CPU per request with ÷ without, − 1, in %. */
  overhead: Stats;
  /** Per pair: rate without ÷ with, − 1, in %. */
  rateOverhead: Stats;
}

export interface TelemetryResults {
  inprocess: TelemetryRun;
  session: TelemetryRun;
  modern: TelemetryRun;
}

interface Sample {
  rate: number;
  cpu: number;
}

/** Runs `measure` on both sides in {@link TELEMETRY_PAIRS} alternating pairs. */
async function pairs(measure: (side: 'otel' | 'off') => Promise<Sample>): Promise<TelemetryRun> {
  const seen = { otel: [] as Sample[], off: [] as Sample[] };
  const overhead: number[] = [];
  const rateOverhead: number[] = [];
  for (let pair = 0; pair < TELEMETRY_PAIRS; pair++) {
    const order = pair % 2 === 0 ? (['otel', 'off'] as const) : (['off', 'otel'] as const);
    const got: Partial<Record<'otel' | 'off', Sample>> = {};
    for (const side of order) got[side] = await measure(side);
    seen.otel.push(got.otel!);
    seen.off.push(got.off!);
    overhead.push((got.otel!.cpu / got.off!.cpu - 1) * 100);
    rateOverhead.push((got.off!.rate / got.otel!.rate - 1) * 100);
  }
  return {
    otel: stats(seen.otel.map((s) => s.rate)),
    off: stats(seen.off.map((s) => s.rate)),
    otelCpu: stats(seen.otel.map((s) => s.cpu)),
    offCpu: stats(seen.off.map((s) => s.cpu)),
    overhead: stats(overhead),
    rateOverhead: stats(rateOverhead),
  };
}

async function inProcess(ms: number): Promise<TelemetryRun> {
  const children: Record<string, ChildProcess> = {};
  try {
    for (const side of ['otel', 'off']) {
      const child = forkChild('ours-inprocess', [side], ['--expose-gc']);
      children[side] = child;
      await nextMessage<{ type: string }>(child, (m) => m.type === 'ready');
    }
    const run = async (side: string, duration: number): Promise<Sample> => {
      const child = children[side]!;
      const answer = nextMessage<{ type: string } & Sample>(child, (m) => m.type === 'result');
      child.send({ type: 'run', ms: duration });
      return answer;
    };
    for (const side of ['otel', 'off']) await run(side, Math.min(1000, ms));
    return await pairs((side) => run(side, ms));
  } finally {
    for (const child of Object.values(children)) await stopChild(child);
  }
}

async function overHttp(mode: HttpMode, seconds: number): Promise<TelemetryRun> {
  const targets: Record<string, HttpTarget> = {};
  try {
    for (const side of ['otel', 'off']) {
      targets[side] = await startServer('ours-http', mode, [], [side]);
      await verify(targets[side]!);
      await generateLoad(targets[side]!, 1);
    }
    return await pairs(async (side) => {
      const target = targets[side]!;
      await pause(200);
      const before = await cpuOf(target);
      const summary = await generateLoad(target, seconds);
      const failed = summary.non2xx + summary.errors + summary.timeouts + summary.mismatches;
      if (failed > 0) throw new Error(`telemetry ${mode} ${side}: ${failed} failed requests`);
      return { rate: summary.rps, cpu: ((await cpuOf(target)) - before) / summary.ok };
    });
  } finally {
    for (const target of Object.values(targets)) await stopChild(target.child);
  }
}

/** The telemetry row: in-process for `ms` per run, HTTP for `seconds` per run. */
export async function measureTelemetry(ms: number, seconds: number): Promise<TelemetryResults> {
  return {
    inprocess: await inProcess(ms),
    session: await overHttp('session', seconds),
    modern: await overHttp('modern', seconds),
  };
}
