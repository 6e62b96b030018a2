/**
 * `--only loadgen`: the two load generators of the HTTP measurements side by side, against the
 * same server children in one interleaved run: the lean one (`children/loadgen.ts`) and
 * autocannon (`children/cannon.ts`). For each server and generator: req/s, the generator's own
 * CPU per answer and the server's. When the generator spends as much CPU per request as the
 * server, on two cores it is the generator that sets the req/s (bench/README.md, measurement 3).
 */
import { inTurn, note, pause, type Stats, stats, stopChild, wanted } from './common';
import {
  cpuOf,
  generateLoad,
  type HttpMode,
  type HttpTarget,
  type LoadGenerator,
  startServer,
  verify,
} from './http';

/** The servers: the bare answerer, ours in the three modes, the SDKs' (v1 2025, v2 2026). */
const SERVERS = [
  ['bare', 'bare-http', 'stateless'],
  ['ours-session', 'ours-http', 'session'],
  ['ours-stateless', 'ours-http', 'stateless'],
  ['ours-modern', 'ours-http', 'modern'],
  ['sdk-session', 'sdk-http', 'session'],
  ['sdk-stateless', 'sdk-http', 'stateless'],
  ['sdk2-modern', 'sdk2-http', 'modern'],
] as const satisfies ReadonlyArray<readonly [string, string, HttpMode]>;

export const GENERATORS: readonly LoadGenerator[] = ['loadgen', 'autocannon'];

/** One server under one generator, over the repetitions. */
export interface GeneratorRun {
  rps: Stats;
  /** The generator's CPU µs per answer. */
  clientCpu: Stats;
  /** The server's CPU µs per answer. */
  serverCpu: Stats;
  /** Failed requests over all runs: non-2xx, socket errors, timeouts, wrong bodies. */
  failed: number;
}

/** `results[server][generator]`. */
export type GeneratorResults = Record<string, Record<string, GeneratorRun>>;

/** Each server under each generator once per repetition (interleaved), `seconds` each. */
export async function measureGenerators(reps: number, seconds: number): Promise<GeneratorResults> {
  const servers = SERVERS.filter(([, child]) => wanted(child));
  const subjects = servers.flatMap(([key]) => GENERATORS.map((gen) => [key, gen] as const));
  const targets: Record<string, HttpTarget> = {};
  const runs: Record<
    string,
    Array<{ rps: number; client: number; server: number; failed: number }>
  > = {};
  try {
    for (const [key, child, mode] of servers) {
      targets[key] = await startServer(child, mode);
      if (key !== 'bare') await verify(targets[key]!);
      for (const gen of GENERATORS) {
        runs[`${key} ${gen}`] = [];
        await generateLoad(targets[key]!, 1, gen);
      }
    }
    for (let rep = 0; rep < reps; rep++) {
      for (const [key, gen] of inTurn(subjects, rep)) {
        const target = targets[key]!;
        await pause(200);
        const before = await cpuOf(target);
        const summary = await generateLoad(target, seconds, gen);
        const answers = Math.max(1, summary.ok + summary.non2xx);
        const failed = summary.non2xx + summary.errors + summary.timeouts + summary.mismatches;
        if (failed > 0) note(`${key} with ${gen}: ${failed} failed requests in run ${rep + 1}`);
        runs[`${key} ${gen}`]!.push({
          rps: summary.rps,
          client: summary.clientCpu,
          server: ((await cpuOf(target)) - before) / answers,
          failed,
        });
      }
    }
    for (const [key] of servers) if (key !== 'bare') await verify(targets[key]!);
  } finally {
    for (const target of Object.values(targets)) await stopChild(target.child);
  }
  const results: GeneratorResults = {};
  for (const [key] of servers) {
    results[key] = {};
    for (const gen of GENERATORS) {
      const list = runs[`${key} ${gen}`]!;
      results[key]![gen] = {
        rps: stats(list.map((r) => r.rps)),
        clientCpu: stats(list.map((r) => r.client)),
        serverCpu: stats(list.map((r) => r.server)),
        failed: list.reduce((n, r) => n + r.failed, 0),
      };
    }
  }
  return results;
}
