/**
 * Measurement 2: stdio round trips per second against a spawned child. After `initialize`, a
 * pipelined client writes N `tools/call` lines (up to {@link WINDOW} in flight) and reads N
 * answer lines; the time runs from the first write to the last answer. Every answer is checked.
 */
import type { ChildProcess } from 'node:child_process';
import {
  CALL_PARTS,
  cpuOfPid,
  EXPECTED_TEXT,
  INITIALIZED,
  initializeMessage,
  inTurn,
  note,
  REF,
  type Stats,
  spawnChild,
  stats,
  stopChild,
  wanted,
} from './common';

/** Requests in flight at most (written in half-windows). */
export const WINDOW = 1024;

/** Reads the child's stdout as lines and hands them to whoever waits. */
export class LineClient {
  private rest = '';
  private onLine: ((line: string) => void) | undefined;

  constructor(readonly child: ChildProcess) {
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      const text = this.rest + chunk;
      let start = 0;
      let newline = text.indexOf('\n', start);
      while (newline !== -1) {
        this.onLine?.(text.slice(start, newline));
        start = newline + 1;
        newline = text.indexOf('\n', start);
      }
      this.rest = text.slice(start);
    });
  }

  /** Resolves with the next line. */
  next(): Promise<string> {
    return new Promise((resolve) => {
      this.onLine = (line) => {
        this.onLine = undefined;
        resolve(line);
      };
    });
  }

  /**
   * Sends `count` calls (ids from `firstId`), pipelined: {@link WINDOW} requests are written at
   * once, and each time half of them are answered the next half-window goes out in one write.
   * Resolves with round trips/s, from the first write to the last answer; rejects when any answer
   * is not the expected result.
   */
  run(firstId: number, count: number): Promise<number> {
    const needle = `"text":"${EXPECTED_TEXT}"`;
    const half = WINDOW / 2;
    let sent = 0;
    const write = (n: number): void => {
      let payload = '';
      for (let i = 0; i < n; i++)
        payload += `${CALL_PARTS.head}${firstId + sent + i}${CALL_PARTS.tail}\n`;
      sent += n;
      this.child.stdin!.write(payload);
    };
    return new Promise((resolve, reject) => {
      let answered = 0;
      let bad = 0;
      let start = 0;
      this.onLine = (line) => {
        if (!line.includes(needle) || line.includes('"isError":true')) {
          bad += 1;
          if (bad === 1) note(`unexpected answer: ${line.slice(0, 200)}`);
        }
        answered += 1;
        if (sent < count && sent - answered <= half) write(Math.min(half, count - sent));
        if (answered === count) {
          const seconds = (performance.now() - start) / 1000;
          this.onLine = undefined;
          if (bad > 0) reject(new Error(`${bad} of ${count} answers were not the expected result`));
          else resolve(count / seconds);
        }
      };
      start = performance.now();
      write(Math.min(WINDOW, count));
    });
  }
}

/** Spawns a stdio child and completes the handshake. */
export async function open(name: string): Promise<LineClient> {
  const client = new LineClient(spawnChild(name));
  const answer = client.next();
  client.child.stdin!.write(`${initializeMessage(0)}\n`);
  const text = await answer;
  if (!text.includes('"result"')) throw new Error(`${name}: initialize failed: ${text}`);
  client.child.stdin!.write(`${INITIALIZED}\n`);
  return client;
}

export interface StdioResults {
  ours: Stats;
  sdk: Stats;
  echo: Stats;
  /** The `--against` build's server (A/B mode only). */
  ref?: Stats;
  /** The child's CPU time per round trip, µs, per subject (Linux; from /proc). */
  cpu: Record<string, Stats>;
  /** How many round trips each run made. */
  n: Record<string, number>;
}

/**
 * For each child: a warm-up run that sizes N to about `ms` of work, then `reps` runs of N,
 * interleaved across the children (each child stays up for all of its runs).
 */
export async function measureStdio(reps: number, ms: number): Promise<StdioResults> {
  const children: Record<string, string> = {
    ours: 'ours-stdio',
    ref: `ours-stdio${REF}`,
    sdk: 'sdk-stdio',
    echo: 'echo-stdio',
  };
  const names = Object.keys(children).filter((name) => wanted(children[name]!));
  const clients: Record<string, LineClient> = {};
  const sizes: Record<string, number> = {};
  const runs: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  let id = 1;
  for (const name of names) {
    const client = await open(children[name]!);
    clients[name] = client;
    await client.run(id, 5_000);
    id += 5_000;
    const rate = await client.run(id, 20_000);
    id += 20_000;
    sizes[name] = Math.min(1_000_000, Math.max(20_000, Math.round((rate * ms) / 1000)));
    runs[name] = [];
    cpu[name] = [];
  }
  // A/B compares equal work: the --against build gets this build's N.
  if (sizes.ref !== undefined) sizes.ref = sizes.ours!;
  for (let rep = 0; rep < reps; rep++) {
    for (const name of inTurn(names, rep)) {
      const pid = clients[name]!.child.pid;
      const before = cpuOfPid(pid);
      runs[name]!.push(await clients[name]!.run(id, sizes[name]!));
      cpu[name]!.push((cpuOfPid(pid) - before) / sizes[name]!);
      id += sizes[name]!;
    }
  }
  for (const name of names) await stopChild(clients[name]!.child);
  return {
    ours: stats(runs.ours ?? []),
    sdk: stats(runs.sdk ?? []),
    echo: stats(runs.echo ?? []),
    ref: runs.ref && stats(runs.ref),
    cpu: Object.fromEntries(names.map((name) => [name, stats(cpu[name]!)])),
    n: sizes,
  };
}
