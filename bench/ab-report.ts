/**
 * The table of an A/B run (`--against REF`): each figure of this checkout's build beside the
 * ref's, measured interleaved in the same run, and the ratio of the medians.
 */
import type { ClusterResults } from './cluster';
import type { ColdStartResults } from './coldstart';
import type { Stats } from './common';
import type { FetchResults } from './fetch';
import type { GeneratorResults } from './generators';
import type { HttpResults, HttpRun } from './http';
import type { InProcessResults } from './inprocess';
import type { MemoryResults } from './memory';
import type { StdioResults } from './stdio';
import type { TelemetryResults } from './telemetry';

/** What a run measured, by section. */
export interface BenchResults {
  inprocess?: InProcessResults;
  stdio?: StdioResults;
  http?: HttpResults;
  memory?: MemoryResults;
  coldstart?: ColdStartResults;
  cluster?: ClusterResults;
  telemetry?: TelemetryResults;
  fetch?: FetchResults;
  /** `--only loadgen`: the load generators compared (not part of a default run). */
  loadgen?: GeneratorResults;
}

/** `higher`: more is better (rates); `lower`: less is better (CPU, time, bytes). */
type Better = 'higher' | 'lower';

const integer = (n: number): string =>
  Number.isNaN(n) ? '—' : Math.round(n).toLocaleString('en-US');
const decimal = (n: number): string => (Number.isNaN(n) ? '—' : n.toFixed(1));

/** The lines of the A/B table. `ref` names the other build (e.g. `main (b9d752d)`). */
export function abReport(results: BenchResults, ref: string): string[] {
  const lines: string[] = [];
  const cell = (s: Stats | undefined, format: (n: number) => string): string =>
    s === undefined || s.runs.length === 0
      ? '—'
      : `${format(s.median)} [${format(s.min)}–${format(s.max)}]`;
  const row = (
    label: string,
    ours: Stats | undefined,
    other: Stats | undefined,
    unit: string,
    better: Better,
    format: (n: number) => string = integer,
  ): void => {
    const ratio = ours && other ? ours.median / other.median : Number.NaN;
    const verdict = Number.isNaN(ratio)
      ? ''
      : (better === 'higher' ? ratio >= 1 : ratio <= 1)
        ? ' (this is better)'
        : ' (ref is better)';
    lines.push(
      `  ${label.padEnd(34)}${cell(ours, format).padStart(28)}${cell(other, format).padStart(28)}` +
        `  ${Number.isNaN(ratio) ? '' : `${ratio.toFixed(3)}×`}${verdict}  ${unit}`,
    );
  };
  lines.push(
    `A/B: this checkout against ${ref}, interleaved in one run: median [min–max], ratio this ÷ ref`,
  );
  lines.push(`  ${''.padEnd(34)}${'this'.padStart(28)}${'ref'.padStart(28)}`);

  const ip = results.inprocess;
  if (ip?.ref) row('1. in-process tools/call', ip.ours, ip.ref, 'calls/s', 'higher');
  const st = results.stdio;
  if (st?.ref) {
    row('2. stdio pipelined tools/call', st.ours, st.ref, 'round trips/s', 'higher');
    row('2. stdio server CPU', st.cpu.ours, st.cpu.ref, 'µs/round trip', 'lower', decimal);
    if (st.echo.runs.length > 0)
      row('   limit: echo child', st.echo, undefined, 'round trips/s', 'higher');
  }
  const ht = results.http;
  if (ht) {
    const modes = [
      ['session', 'HTTP session'],
      ['stateless', 'HTTP stateless 2025'],
      ['modern', 'HTTP 2026-07-28 stateless'],
    ] as const;
    for (const [mode, label] of modes) {
      const ours: HttpRun = ht[mode].ours;
      const other = ht[mode].ref;
      if (ours.rps.runs.length === 0) continue;
      // `other` is missing when the ref does not serve the mode (then only this build's figures).
      row(`3. ${label}`, ours.rps, other?.rps, 'req/s', 'higher');
      row(`3. ${label}, server CPU`, ours.cpu, other?.cpu, 'µs/req', 'lower', decimal);
      row(`3. ${label}, p99`, ours.p99, other?.p99, 'ms', 'lower', decimal);
      if (ours.errors + (other?.errors ?? 0) > 0) {
        lines.push(
          `  ! ${label}: ${ours.errors} failed (this), ${other?.errors ?? 0} failed (ref)`,
        );
      }
    }
    if (ht.bare.rps.runs.length > 0) {
      row('   limit: bare node:http', ht.bare.rps, undefined, 'req/s', 'higher');
      row('   limit: bare node:http, CPU', ht.bare.cpu, undefined, 'µs/req', 'lower', decimal);
    }
  }
  const mem = results.memory;
  if (mem?.ref) {
    row('4. heap per idle session', mem.ours.heap, mem.ref.heap, 'bytes', 'lower');
    row('4. RSS per idle session', mem.ours.rss, mem.ref.rss, 'bytes', 'lower');
    row(
      '4. heap growth per init/DELETE',
      mem.cycles?.ours,
      mem.cycles?.ref,
      'bytes',
      'lower',
      decimal,
    );
  }
  const cold = results.coldstart;
  if (cold?.ref) {
    row('5. cold start, CommonJS app', cold.ours, cold.ref, 'ms', 'lower', decimal);
    row('5. cold start, ES module app', cold.oursEsm, cold.refEsm, 'ms', 'lower', decimal);
    row('5. cold start CPU, CommonJS app', cold.cpu.ours, cold.cpu.ref, 'ms', 'lower', decimal);
    row(
      '5. cold start CPU, ES module app',
      cold.cpu.oursEsm,
      cold.cpu.refEsm,
      'ms',
      'lower',
      decimal,
    );
    if (cold.bare.runs.length > 0)
      row('   floor: bare node child', cold.bare, undefined, 'ms', 'lower', decimal);
  }
  const cl = results.cluster;
  if (cl?.ref) {
    row('7. 1 worker, in memory', cl.memory.rps, cl.ref.memory.rps, 'req/s', 'higher');
    row('7. 1 worker, Redis', cl.redis1.rps, cl.ref.redis1.rps, 'req/s', 'higher');
    row('7. 2 workers, Redis', cl.redis2.rps, cl.ref.redis2.rps, 'req/s', 'higher');
  }
  return lines;
}
