/**
 * `npm run bench`: declarative-mcp against the official SDK, side by side in one run. Prints a
 * table (min / median / max of several repetitions, ratios on the medians, the floor and limit
 * rows, PASS/MISS per target) and writes bench/results.json. See bench/README.md.
 *
 *   node build/bench/run.js [inprocess] [stdio] [http] [memory] [coldstart] [cluster] [telemetry] [fetch]   (default: all)
 *   node build/bench/run.js loadgen   (the two HTTP load generators compared; not part of "all")
 *   node build/bench/run.js --only http,stdio --modes session,modern
 *   node build/bench/run.js --against main [--with-sdk] [--keep]   (A/B: this build ÷ main's)
 *   BENCH_REPS=5 BENCH_SECONDS=3 node build/bench/run.js
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { abReport, type BenchResults } from './ab-report';
import { type AgainstBuild, prepareAgainst } from './against';
import { type ClusterResults, measureCluster, REDIS_SESSIONS } from './cluster';
import { type ColdStartResults, measureColdStart } from './coldstart';
import { ab, note, type Stats, stats } from './common';
import { type FetchResults, measureFetch } from './fetch';
import { GENERATORS, type GeneratorResults, measureGenerators } from './generators';
import { CONNECTIONS, HTTP_MODES, type HttpMode, type HttpRun, measureHttp } from './http';
import { IN_FLIGHT, measureInProcess, PAIRS } from './inprocess';
import { CYCLES, measureMemory, SESSIONS } from './memory';
import { measureStdio } from './stdio';
import { measureTelemetry, TELEMETRY_PAIRS, type TelemetryResults } from './telemetry';

const SECTIONS = [
  'inprocess',
  'stdio',
  'http',
  'memory',
  'coldstart',
  'cluster',
  'telemetry',
  'fetch',
  'loadgen',
] as const;
type Section = (typeof SECTIONS)[number];
/** What a run without sections measures: everything but the load-generator comparison. */
const DEFAULT_SECTIONS = SECTIONS.filter((section) => section !== 'loadgen');

const REPS = Number(process.env.BENCH_REPS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 3);
const COLD_REPS = Number(process.env.BENCH_COLD_REPS ?? 11);
/** The HTTP rows take 5 repetitions at least: SDK v1's session server swings between runs (2.9–4.9 k req/s), and a median of 3 followed it. */
const HTTP_REPS = Number(process.env.BENCH_HTTP_REPS ?? Math.max(REPS, 5));

type Results = BenchResults;

interface Target {
  id: string;
  what: string;
  value: number;
  goal: string;
  pass: boolean;
}

/** The SDK's version, from its package.json. */
function sdkVersion(): string {
  try {
    const path = join(require.resolve('@modelcontextprotocol/sdk/server/mcp.js'), '../../../../');
    return (JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return 'unknown';
  }
}

const integer = (n: number): string => Math.round(n).toLocaleString('en-US');
const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number): string => `${n.toFixed(0)} ms`;
const times = (n: number): string => `${n.toFixed(2)}×`;

const lines: string[] = [];
function row(label: string, s: Stats | undefined, format: (n: number) => string, extra = ''): void {
  const cells = s === undefined ? ['', '', ''] : [format(s.min), format(s.median), format(s.max)];
  lines.push(
    `  ${label.padEnd(48)}${cells.map((c) => c.padStart(13)).join('')}  ${extra}`.trimEnd(),
  );
}
function heading(text: string, unit: string): void {
  lines.push('');
  lines.push(
    `${text.padEnd(50)}${['min', 'median', 'max'].map((c) => c.padStart(13)).join('')}  ${unit}`,
  );
}

function report(results: Results): Target[] {
  const targets: Target[] = [];
  const target = (id: string, what: string, value: number, goal: string, pass: boolean) =>
    targets.push({ id, what, value, goal, pass });

  const ip = results.inprocess;
  if (ip !== undefined) {
    const vsSdk = ip.ours.median / ip.sdk.median;
    heading(`1. in-process tools/call, ${IN_FLIGHT} in flight`, 'calls/s');
    row(
      'ours: app.handle(json)',
      ip.ours,
      integer,
      `${times(vsSdk)} SDK, ${times(ip.ours.median / ip.floor.median)} floor`,
    );
    row('SDK: McpServer + Client, InMemoryTransport', ip.sdk, integer);
    row(
      'SDK server alone: raw JSON-RPC text in/out',
      ip.sdkRaw,
      integer,
      `ours = ${times(ip.ours.median / ip.sdkRaw.median)} this`,
    );
    // results.json of runs before SDK v2 was measured in process has no such field.
    const vsSdk2 =
      ip.sdk2 === undefined || ip.sdk2.runs.length === 0
        ? Number.NaN
        : ip.ours.median / ip.sdk2.median;
    if (ip.sdk2 !== undefined && ip.sdk2.runs.length > 0)
      row(
        'SDK v2: McpServer + Client, InMemoryTransport',
        ip.sdk2,
        integer,
        `ours = ${times(vsSdk2)} this`,
      );
    row('floor: JSON.parse + build + JSON.stringify', ip.floor, integer);
    target('1', 'in-process calls/s, ours ÷ SDK v1', vsSdk, '≥ 8', vsSdk >= 8);
    if (!Number.isNaN(vsSdk2))
      target('1v2', 'in-process calls/s, ours ÷ SDK v2', vsSdk2, '≥ 8', vsSdk2 >= 8);
    const vsFloor = ip.ours.median / ip.floor.median;
    target('1f', 'in-process calls/s, ours ÷ floor', vsFloor, '≥ 0.6', vsFloor >= 0.6);
    const overhead = ip.paired.overhead.median;
    heading(`6. decorator overhead, ${PAIRS} back-to-back pairs`, 'calls/s');
    row('ours: decorated provider (McpApplication)', ip.paired.ours, integer);
    row('ours: McpCore with a hand-written caller', ip.paired.closure, integer);
    row(
      'overhead per pair (closure ÷ decorated − 1)',
      ip.paired.overhead,
      (n) => `${n.toFixed(1)} %`,
    );
    target('6', 'decorator overhead over a closure, %', overhead, '≤ 10', overhead <= 10);
  }

  const st = results.stdio;
  if (st !== undefined) {
    const vsSdk = st.ours.median / st.sdk.median;
    const vsEcho = st.ours.median / st.echo.median;
    heading('2. stdio round trips, pipelined', 'round trips/s');
    row(
      `ours: serveStdio (N=${integer(st.n.ours!)})`,
      st.ours,
      integer,
      `${times(vsSdk)} SDK, ${times(vsEcho)} echo`,
    );
    row(`SDK: StdioServerTransport (N=${integer(st.n.sdk!)})`, st.sdk, integer);
    row(`limit: echo child (N=${integer(st.n.echo!)})`, st.echo, integer);
    target('2a', 'stdio round trips/s, ours ÷ SDK', vsSdk, '≥ 5', vsSdk >= 5);
    target('2b', 'stdio round trips/s, ours ÷ echo child', vsEcho, '≥ 0.5', vsEcho >= 0.5);
  }

  const ht = results.http;
  if (ht !== undefined) {
    heading(
      `3. Streamable HTTP, ${ht.generator ?? 'autocannon'}, ${CONNECTIONS} connections`,
      'req/s · p99 · server CPU/req · generator CPU/req · failed',
    );
    const httpRow = (label: string, run: HttpRun, extra = '') =>
      row(
        label,
        run.rps,
        integer,
        `p99 ${ms(run.p99.median)} · ${run.cpu.median.toFixed(0)} µs · ${(run.clientCpu?.median ?? Number.NaN).toFixed(0)} µs · ${run.errors} failed${extra}`,
      );
    for (const mode of ['session', 'stateless'] as const) {
      if (ht[mode].ours.rps.runs.length === 0) continue;
      const ours = ht[mode].ours;
      const sdk = ht[mode].sdk;
      const vsSdk = ours.rps.median / sdk.rps.median;
      const vsBare = ours.rps.median / ht.bare.rps.median;
      httpRow(`${mode}: ours (serveHttp)`, ours, ` · ${times(vsSdk)} SDK, ${times(vsBare)} bare`);
      httpRow(`${mode}: SDK (StreamableHTTPServerTransport)`, sdk);
      // The goals: session ≥ 6× SDK v1, stateless 2025 ≥ 12× SDK v1.
      const goal = mode === 'session' ? 6 : 12;
      target(`3-${mode}-sdk`, `HTTP ${mode} req/s, ours ÷ SDK`, vsSdk, `≥ ${goal}`, vsSdk >= goal);
      target(
        `3-${mode}-bare`,
        `HTTP ${mode} req/s, ours ÷ bare node:http`,
        vsBare,
        '≥ 0.5',
        vsBare >= 0.5,
      );
    }
    if (ht.modern.ours.rps.runs.length > 0) {
      const ours = ht.modern.ours;
      const sdk = ht.modern.sdk;
      const vsSdk = ours.rps.median / sdk.rps.median;
      const vsBare = ours.rps.median / ht.bare.rps.median;
      httpRow(
        '2026 stateless: ours (serveHttp)',
        ours,
        ` · ${times(vsSdk)} SDK v2, ${times(vsBare)} bare`,
      );
      httpRow('2026 stateless: SDK v2 (createMcpHandler)', sdk);
      target('3-2026-sdk', 'HTTP 2026 stateless req/s, ours ÷ SDK v2', vsSdk, '≥ 5', vsSdk >= 5);
      const cpu = ours.cpu.median / sdk.cpu.median;
      target('3-2026-cpu', 'HTTP 2026 server CPU/req, ours ÷ SDK v2', cpu, '≤ 0.1', cpu <= 0.1);
      target(
        '3-2026-bare',
        'HTTP 2026 stateless req/s, ours ÷ bare node:http',
        vsBare,
        '≥ 0.5',
        vsBare >= 0.5,
      );
    }
    httpRow('limit: bare node:http JSON answerer', ht.bare);
    if (ht.session.ours.cpu.runs.length > 0) {
      // The founders' reading of "≤ 0.15× SDK v2's session CPU": ≤ 1.5× the bare answerer's.
      const vsBareCpu = ht.session.ours.cpu.median / ht.bare.cpu.median;
      target(
        '3-session-cpu',
        'HTTP session server CPU/req, ours ÷ bare',
        vsBareCpu,
        '≤ 1.5',
        vsBareCpu <= 1.5,
      );
    }
    // What no server could beat on this machine in this run: the bare answerer's own ratio.
    const ceilings = (['session', 'stateless'] as const)
      .filter((mode) => ht[mode].sdk.rps.runs.length > 0 && ht.bare.rps.runs.length > 0)
      .map((mode) => `${mode} ${times(ht.bare.rps.median / ht[mode].sdk.rps.median)}`);
    if (ceilings.length > 0)
      lines.push(
        `  ceiling, bare node:http req/s ÷ SDK v1: ${ceilings.join(', ')} (what a server as fast as the bare answerer would read)`,
      );
    const cpuRatio = (mode: 'session' | 'stateless') =>
      times(ht[mode].sdk.cpu.median / ht[mode].ours.cpu.median);
    lines.push(
      `  server CPU per request, SDK ÷ ours: session ${cpuRatio('session')}, stateless ${cpuRatio('stateless')}, 2026 ${times(ht.modern.sdk.cpu.median / ht.modern.ours.cpu.median)}` +
        ` (where the generator's CPU/req nears the server's, req/s is the generator's limit, not the server's)`,
    );
    const failed =
      ht.session.ours.errors +
      ht.session.sdk.errors +
      ht.stateless.ours.errors +
      ht.stateless.sdk.errors +
      ht.modern.ours.errors +
      ht.modern.sdk.errors +
      ht.bare.errors;
    if (failed > 0)
      lines.push(`  ! ${failed} requests failed (non-2xx, errors, timeouts or wrong bodies)`);
  }

  const mem = results.memory;
  if (mem !== undefined) {
    const vsSdk = mem.ours.heap.median / mem.sdk.heap.median;
    heading(`4. memory per idle session (${integer(SESSIONS)}, after gc)`, 'per session');
    row('ours: serveHttp session, heap', mem.ours.heap, kib, `${times(vsSdk)} SDK`);
    row(
      'ours: serveHttp session, RSS',
      mem.ours.rss,
      kib,
      `${times(mem.ours.rss.median / mem.sdk.rss.median)} SDK`,
    );
    row('SDK: transport + McpServer per session, heap', mem.sdk.heap, kib);
    row('SDK: transport + McpServer per session, RSS', mem.sdk.rss, kib);
    target('4', 'heap per idle session, ours ÷ SDK', vsSdk, '≤ 0.1', vsSdk <= 0.1);
    const idle = mem.ours.heap.median;
    target('4b', 'heap per idle session, bytes', idle, '≤ 1536 B', idle <= 1536);
    // (results.json of runs before the cycles were measured has no such field)
    if (mem.cycles !== undefined) {
      row(
        `ours: heap growth per initialize/DELETE cycle (${integer(CYCLES)})`,
        mem.cycles.ours,
        (n) => `${n.toFixed(1)} B`,
      );
      const growth = mem.cycles.ours.median;
      target('4c', 'heap growth per initialize/DELETE cycle, bytes', growth, '< 32 B', growth < 32);
    }
  }

  const cold = results.coldstart;
  if (cold !== undefined) {
    const vsSdk = cold.ours.median / cold.sdk.median;
    const esmVsSdk = cold.oursEsm.median / cold.sdkEsm.median;
    // (results.json of runs before SDK v2 was measured has no such field)
    const esmVsSdk2 =
      cold.sdk2Esm === undefined ? Number.NaN : cold.oursEsm.median / cold.sdk2Esm.median;
    heading('5. cold start: spawn → initialize answer', 'time');
    row('ours: serveStdio(app), CommonJS app', cold.ours, ms, `${times(vsSdk)} SDK`);
    row('SDK: McpServer + StdioServerTransport, CJS', cold.sdk, ms);
    row(
      'ours: serveStdio(app), ES module app',
      cold.oursEsm,
      ms,
      `${times(esmVsSdk)} SDK · ${times(esmVsSdk2)} SDK v2`,
    );
    row('SDK: McpServer + StdioServerTransport, ESM', cold.sdkEsm, ms);
    if (cold.sdk2Esm !== undefined)
      row('SDK v2: McpServer + StdioServerTransport, ESM', cold.sdk2Esm, ms);
    row('floor: bare node child', cold.bare, ms);
    const cpuOf = (key: keyof ColdStartResults['cpu']) => cold.cpu[key]?.median ?? Number.NaN;
    console.log(
      `  CPU ms up to the answer (median): ours ${cpuOf('ours').toFixed(0)}, SDK ${cpuOf('sdk').toFixed(0)}; ` +
        `ESM: ours ${cpuOf('oursEsm').toFixed(0)}, SDK ${cpuOf('sdkEsm').toFixed(0)}, SDK v2 ${cpuOf('sdk2Esm').toFixed(0)}; bare ${cpuOf('bare').toFixed(0)}`,
    );
    target('5', 'cold start, ours ÷ SDK (CommonJS app)', vsSdk, '≤ 0.65', vsSdk <= 0.65);
    target('5e', 'cold start, ours ÷ SDK (ES module app)', esmVsSdk, '≤ 0.65', esmVsSdk <= 0.65);
    target(
      '5v2',
      'cold start, ours ÷ SDK v2 (ES module app)',
      esmVsSdk2,
      '≤ 0.6',
      esmVsSdk2 <= 0.6,
    );
  }

  const cl = results.cluster;
  if (cl !== undefined) {
    heading(`7. scale-out, HTTP session, ${CONNECTIONS} connections`, 'req/s · p99 · failed');
    const clusterRow = (label: string, run: ClusterResults['memory'], extra = '') =>
      row(label, run.rps, integer, `p99 ${ms(run.p99.median)} · ${run.errors} failed${extra}`);
    clusterRow('1 worker, in memory', cl.memory);
    clusterRow(
      '1 worker, Redis',
      cl.redis1,
      ` · ${times(cl.redis1.rps.median / cl.memory.rps.median)} in memory`,
    );
    clusterRow(
      '2 workers, Redis',
      cl.redis2,
      ` · ${times(cl.redis2.rps.median / cl.memory.rps.median)} 1 worker in memory`,
    );
    lines.push(
      `  Redis memory per idle session (MEMORY USAGE of ${integer(cl.sessions)} sessions' keys ÷ ${integer(cl.sessions)}): ${integer(cl.bytesPerSession)} bytes`,
    );
    target(
      '7',
      'Redis bytes per idle session',
      cl.bytesPerSession,
      '≤ 1024 B',
      cl.bytesPerSession <= 1024,
    );
    if (cl.memory.errors + cl.redis1.errors + cl.redis2.errors > 0)
      lines.push('  ! some requests failed (non-2xx, errors, timeouts or wrong bodies)');
  }

  if (results.telemetry !== undefined) targets.push(...telemetryReport(results.telemetry));
  if (results.fetch !== undefined) fetchReport(results.fetch);
  if (results.loadgen !== undefined) generatorReport(results.loadgen);

  lines.push('');
  lines.push('Targets (ratios of medians in this run)');
  for (const t of targets) {
    const value =
      t.id === '6' || t.id.startsWith('8')
        ? `${t.value.toFixed(1)} %`
        : t.id === '7' || t.id === '4b' || t.id === '4c'
          ? `${integer(t.value)} B`
          : times(t.value);
    lines.push(
      `  ${t.pass ? 'PASS' : 'MISS'}  (${t.id}) ${t.what.padEnd(44)}${value.padStart(9)}   target ${t.goal}`,
    );
  }
  return targets;
}

/**
 * 8. The telemetry row: the no-op SDK against `telemetry: false`, CPU per request (and the rate)
 * per back-to-back pair; the target is ≤ 15 % in-process and over HTTP.
 */
function telemetryReport(te: TelemetryResults): Target[] {
  const targets: Target[] = [];
  const percent = (n: number): string => `${n.toFixed(1)} %`;
  const micros = (n: number): string => `${n.toFixed(1)} µs`;
  heading(
    `8. telemetry: no-op OpenTelemetry SDK vs telemetry: false, ${TELEMETRY_PAIRS} pairs`,
    'per request',
  );
  const runs = [
    ['8-inprocess', 'in-process app.handle', te.inprocess, 'calls/s'],
    ['8-session', 'HTTP session (2025-06-18)', te.session, 'req/s'],
    ['8-2026', 'HTTP stateless 2026-07-28', te.modern, 'req/s'],
  ] as const;
  for (const [id, label, run, unit] of runs) {
    row(`${label}: CPU, SDK`, run.otelCpu, micros);
    row(`${label}: CPU, telemetry: false`, run.offCpu, micros);
    row(`${label}: CPU overhead per pair`, run.overhead, percent);
    row(
      `${label}: ${unit}, SDK ÷ off`,
      stats(run.otel.runs.map((n, i) => n / run.off.runs[i]!)),
      times,
      `${integer(run.otel.median)} vs ${integer(run.off.median)} ${unit}`,
    );
    const overhead = run.overhead.median;
    targets.push({
      id,
      what: `telemetry CPU overhead, ${label}, %`,
      value: overhead,
      goal: '≤ 15',
      pass: overhead <= 15,
    });
  }
  return targets;
}

/**
 * 9. The fetch face in process (stateless 2026-07-28): ours through `createFetchHandler`, the
 * core alone (`app.handle`), and the SDK v2's fetch handler; no target yet.
 */
function fetchReport(fe: FetchResults): void {
  const micros = (n: number): string => `${n.toFixed(1)} µs`;
  heading('9. fetch face in process, 2026-07-28 stateless', 'per call');
  const subjects = [
    ['ours: createFetchHandler(app)(new Request)', 'fetch'],
    ['ours: app.handle(json), no HTTP', 'core'],
    ['SDK v2: createMcpHandler(…)(new Request)', 'sdk2'],
    ['floor: new Request/Response, bodies read', 'floor'],
  ] as const;
  for (const [label, key] of subjects) row(`${label}: calls/s`, fe.rate[key], integer);
  for (const [label, key] of subjects) row(`${label}: CPU`, fe.cpu[key], micros);
  row(
    'fetch face ÷ SDK v2, calls/s',
    stats(fe.rate.fetch.runs.map((n, i) => n / fe.rate.sdk2.runs[i]!)),
    times,
  );
}

/** 3b. The load generators: req/s, the generator's CPU and the server's, per server. */
function generatorReport(lg: GeneratorResults): void {
  const micros = (n: number): string => `${n.toFixed(0)} µs`;
  heading(
    `3b. HTTP load generators, ${CONNECTIONS} connections`,
    'req/s · generator CPU/req · server CPU/req · failed',
  );
  for (const [server, byGenerator] of Object.entries(lg)) {
    for (const generator of GENERATORS) {
      const run = byGenerator[generator]!;
      row(
        `${server}: ${generator}`,
        run.rps,
        integer,
        `${micros(run.clientCpu.median)} · ${micros(run.serverCpu.median)} · ${run.failed} failed`,
      );
    }
  }
  const ratio = (server: string, other: string, generator: string): string => {
    const a = lg[server]?.[generator]?.rps.median ?? Number.NaN;
    const b = lg[other]?.[generator]?.rps.median ?? Number.NaN;
    return times(a / b);
  };
  for (const generator of GENERATORS) {
    lines.push(
      `  ${generator}: req/s ÷ SDK v1: session ${ratio('ours-session', 'sdk-session', generator)}, bare ${ratio('bare', 'sdk-session', generator)}; stateless ${ratio('ours-stateless', 'sdk-stateless', generator)}; 2026 ÷ SDK v2 ${ratio('ours-modern', 'sdk2-modern', generator)}`,
    );
  }
}

/** The command line: sections (bare words or `--only a,b`), `--modes`, `--against REF` and its options. */
function parseArguments(argv: string[]): {
  sections: readonly Section[];
  against: string | undefined;
  withSdk: boolean;
  keep: boolean;
  /** `--report FILE`: print the table of a results.json again (current targets), measure nothing. */
  reportOf: string | undefined;
} {
  const asked: Section[] = [];
  let against: string | undefined;
  let withSdk = false;
  let keep = false;
  let reportOf: string | undefined;
  const section = (name: string): void => {
    if (!(SECTIONS as readonly string[]).includes(name)) {
      throw new Error(`unknown section "${name}" (sections: ${SECTIONS.join(', ')})`);
    }
    asked.push(name as Section);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') ? arg.split('=', 2) : [arg, undefined];
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === '') throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--only') for (const name of value().split(',')) section(name.trim());
    else if (flag === '--against') against = value();
    else if (flag === '--modes') {
      const modes = value().split(',') as HttpMode[];
      for (const mode of modes) {
        if (!['session', 'stateless', 'modern'].includes(mode)) {
          throw new Error(`unknown HTTP mode "${mode}" (session, stateless, modern)`);
        }
      }
      HTTP_MODES.splice(0, HTTP_MODES.length, ...modes);
    } else if (flag === '--with-sdk') withSdk = true;
    else if (flag === '--keep') keep = true;
    else if (flag === '--report') reportOf = value();
    else if (flag!.startsWith('--')) throw new Error(`unknown option ${flag}`);
    else section(arg);
  }
  return {
    sections: asked.length === 0 ? DEFAULT_SECTIONS : asked,
    against,
    withSdk,
    keep,
    reportOf,
  };
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const { sections } = options;
  if (options.reportOf !== undefined) {
    const saved = JSON.parse(readFileSync(options.reportOf, 'utf8')) as { results: Results };
    report(saved.results);
    process.stdout.write(`${lines.join('\n')}\n`);
    return;
  }
  const root = join(__dirname, '..', '..');
  let against: AgainstBuild | undefined;
  if (options.against !== undefined) {
    against = prepareAgainst(options.against, root, options.keep);
    ab.dir = against.dir;
    ab.label = options.against;
    ab.oursOnly = !options.withSdk;
  }
  try {
    await measure(sections, against);
  } finally {
    against?.dispose();
  }
}

async function measure(sections: readonly Section[], against: AgainstBuild | undefined) {
  const load = loadavg().map((n) => n.toFixed(2));
  const started = performance.now();
  const results: Results = {};
  for (const section of sections) {
    const t0 = performance.now();
    note(`${section}…`);
    if (section === 'inprocess') results.inprocess = await measureInProcess(REPS, SECONDS * 1000);
    if (section === 'stdio') results.stdio = await measureStdio(REPS, SECONDS * 1000);
    if (section === 'http') results.http = await measureHttp(HTTP_REPS, HTTP_SECONDS);
    if (section === 'memory') results.memory = await measureMemory(REPS);
    if (section === 'coldstart') results.coldstart = await measureColdStart(COLD_REPS);
    if (section === 'cluster') results.cluster = await measureCluster(REPS, HTTP_SECONDS);
    if (section === 'telemetry') {
      results.telemetry = await measureTelemetry(SECONDS * 1000, HTTP_SECONDS);
    }
    if (section === 'fetch') results.fetch = await measureFetch(REPS, SECONDS * 1000);
    if (section === 'loadgen') results.loadgen = await measureGenerators(REPS, HTTP_SECONDS);
    note(`${section} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const sdk = sdkVersion();
  const cpu = cpus();
  lines.push(
    `declarative-mcp vs @modelcontextprotocol/sdk ${sdk} — node ${process.version}, ${cpu.length} CPUs (${cpu[0]?.model ?? '?'})`,
  );
  lines.push(
    `${REPS} repetitions (HTTP ${HTTP_REPS}, cold start ${COLD_REPS}); ratios are ours ÷ other, on the medians; load average at start ${load.join(' ')}, at end ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const targets = ab.oursOnly ? [] : report(results);
  // Not an A/B figure (it measures this build only), printed in an A/B run all the same.
  if (ab.oursOnly && results.telemetry !== undefined) telemetryReport(results.telemetry);
  if (against !== undefined) {
    lines.push('');
    lines.push(...abReport(results, `${against.ref} (${against.sha.slice(0, 12)})`));
  }
  const elapsed = (performance.now() - started) / 1000;
  lines.push('');
  lines.push(`Finished in ${elapsed.toFixed(0)} s.`);
  process.stdout.write(`${lines.join('\n')}\n`);
  // An A/B run does not replace the committed figures of a full run.
  const file =
    against === undefined
      ? join(__dirname, '..', '..', 'bench', 'results.json')
      : join(__dirname, 'ab-results.json');
  const document = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpu.length,
    cpu: cpu[0]?.model,
    sdk,
    settings: {
      reps: REPS,
      seconds: SECONDS,
      httpSeconds: HTTP_SECONDS,
      httpReps: HTTP_REPS,
      coldReps: COLD_REPS,
      inFlight: IN_FLIGHT,
      connections: CONNECTIONS,
      sessions: SESSIONS,
      redisSessions: REDIS_SESSIONS,
    },
    sections,
    against: against && { ref: against.ref, sha: against.sha },
    loadAverage: load,
    results,
    targets,
    table: lines,
    elapsedSeconds: elapsed,
  };
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  note(`wrote ${file}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
