/**
 * Measurement 5: cold start — from spawning the process to the first `initialize` answer on its
 * stdout, for our stdio server, the SDK's, and the bare echo child (node's own start: the floor).
 * The `initialize` line is written right after the spawn.
 */
import { initializeMessage, type Stats, spawnChild, stats, stopChild } from './common';

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
  if (!answer.includes('"result"')) throw new Error(`${name}: bad initialize answer: ${answer}`);
  await stopChild(child);
  return elapsed;
}

export interface ColdStartResults {
  ours: Stats;
  sdk: Stats;
  bare: Stats;
}

/** `reps` spawns each, interleaved, after one warm-up spawn each (fills the file cache). */
export async function measureColdStart(reps: number): Promise<ColdStartResults> {
  const names = { ours: 'ours-stdio', sdk: 'sdk-stdio', bare: 'echo-stdio' } as const;
  const runs = { ours: [] as number[], sdk: [] as number[], bare: [] as number[] };
  for (const name of Object.values(names)) await once(name);
  for (let rep = 0; rep < reps; rep++) {
    for (const key of ['ours', 'sdk', 'bare'] as const) runs[key].push(await once(names[key]));
  }
  return { ours: stats(runs.ours), sdk: stats(runs.sdk), bare: stats(runs.bare) };
}
