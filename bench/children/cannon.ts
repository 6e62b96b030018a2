/**
 * autocannon as the HTTP measurements' load generator (`BENCH_LOADGEN=autocannon`; the default is
 * the leaner `loadgen.ts`), in its own process so it never shares a core with the server: runs
 * autocannon with the job in argv[2] (JSON), checks every answer body, and prints a one-line JSON
 * summary on stdout with the same fields as `loadgen.ts`, its own CPU per answer included.
 */
import autocannon = require('autocannon');

import type { LoadJob } from './loadgen';

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as LoadJob;
  const cpuStart = process.cpuUsage();
  const result = await autocannon({
    url: job.url,
    method: 'POST',
    headers: job.headers,
    body: job.body,
    idReplacement: true,
    connections: job.connections,
    duration: job.duration,
    pipelining: 1,
    verifyBody: (body) => body.includes(job.expect),
  });
  const cpu = process.cpuUsage(cpuStart);
  const summary = {
    rps: Math.max(0, result['2xx'] - result.mismatches) / result.duration,
    average: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    duration: result.duration,
    clientCpu: (cpu.user + cpu.system) / Math.max(1, result['2xx'] + result.non2xx),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`cannon: ${String(error)}\n`);
  process.exit(1);
});
