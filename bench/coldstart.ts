/**
 * Measurement 5: cold start — from spawning the process to the first `initialize` answer on its
 * stdout, for our stdio server, the SDK's, and the bare echo child (node's own start: the floor).
 * SDK v2 (`@modelcontextprotocol/server`) as an ES module app only.
 * Twice: as CommonJS apps and as ES module apps (zod imported as ESM: a framework that loaded
 * zod's CommonJS build beside it paid for two zods there). The `initialize` line is written right
 * after the spawn.
 */
import {
  cpuOfPid,
  initializeMessage,
  inTurn,
  REF,
  type Stats,
  spawnChild,
  stats,
  stopChild,
  wanted,
} from './common';

/** CPU time (user + system, ms) of each child up to its answer: steadier than wall time on a loaded machine. */
const cpuRuns: Record<string, number[]> = {};

async function once(name: string): Promise<number> {
  const start = performance.now();
  const child = spawnChild(name);
  child.stdin!.write(`${initializeMessage(0)}\n`);
  const answer = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before answering`)));
  });
  const elapsed = performance.now() - start;
  const cpu = cpuOfPid(child.pid) / 1000;
  if (cpuRuns[name] === undefined) cpuRuns[name] = [cpu];
  else cpuRuns[name].push(cpu);
  if (!answer.includes('"result"')) throw new Error(`${name}: bad initialize answer: ${answer}`);
  await stopChild(child);
  return elapsed;
}

export interface ColdStartResults {
  ours: Stats;
  sdk: Stats;
  /** The same servers as ES module apps. */
  oursEsm: Stats;
  sdkEsm: Stats;
  /** SDK v2 (`@modelcontextprotocol/server`), an ES module package: the ESM row only. */
  sdk2Esm: Stats;
  bare: Stats;
  /** The `--against` build's apps (A/B mode only). */
  ref?: Stats;
  refEsm?: Stats;
  /** CPU ms of each child up to its answer (Linux, from /proc), by child name. */
  cpu: Record<string, Stats>;
}

const NAMES = {
  ours: 'ours-stdio',
  ref: `ours-stdio${REF}`,
  sdk: 'sdk-stdio',
  oursEsm: 'ours-stdio-esm',
  refEsm: `ours-stdio-esm${REF}`,
  sdkEsm: 'sdk-stdio-esm',
  sdk2Esm: 'sdk2-stdio-esm',
  bare: 'echo-stdio',
} as const;

/** `reps` spawns each, interleaved, after one warm-up spawn each (fills the file cache). */
export async function measureColdStart(reps: number): Promise<ColdStartResults> {
  const keys = (Object.keys(NAMES) as (keyof typeof NAMES)[]).filter((key) => wanted(NAMES[key]));
  const runs = Object.fromEntries(Object.keys(NAMES).map((key) => [key, [] as number[]])) as Record<
    keyof typeof NAMES,
    number[]
  >;
  for (const key of keys) await once(NAMES[key]);
  for (const key of keys) cpuRuns[NAMES[key]] = [];
  for (let rep = 0; rep < reps; rep++) {
    for (const key of inTurn(keys, rep)) runs[key].push(await once(NAMES[key]));
  }
  return {
    ...Object.fromEntries(
      (Object.keys(NAMES) as (keyof typeof NAMES)[])
        .filter((key) => keys.includes(key) || !key.startsWith('ref'))
        .map((key) => [key, stats(runs[key])]),
    ),
    cpu: Object.fromEntries(keys.map((key) => [key, stats(cpuRuns[NAMES[key]] ?? [])])),
  } as unknown as ColdStartResults;
}
