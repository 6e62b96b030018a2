#!/usr/bin/env node
/**
 * Runs the official MCP conformance suite (`@modelcontextprotocol/conformance`, installed with its
 * own Node.js 22 in `conformance/`) against `build/examples/conformance.js` over Streamable HTTP,
 * once per revision the server speaks: `--requirements 2025-11-25` (initialize, sessions) and
 * `--requirements 2026-07-28` (per-request _meta, MRTR, subscriptions/listen, headers).
 *
 *   npm ci --prefix conformance     # once: the suite and the Node.js 22 it needs
 *   npm run build
 *   npm run conformance             # both revisions, each against a server of its own
 *   npm run conformance -- --requirements 2026-07-28            # one revision
 *   npm run conformance -- --scenario caching [--scenario …] [--requirements REV] [--verbose]
 *   npm run conformance -- --face hono      # the fetch face (declarative-mcp/fetch) mounted in Hono
 *
 * For each revision: starts the server on a free loopback port, runs the suite with `-o`, reads
 * each scenario's `checks.json`, stops the server. Prints one line per scenario, writes
 * `conformance/results/results.json` (`results-hono.json` with `--face hono`), and exits 1 when a gated scenario failed (2 when it could
 * not run at all). Gated: every scenario the revision scores, and the pending ones listed in
 * GATED_PENDING (the ten tasks-* extension scenarios among them).
 */

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const HOME = path.join(ROOT, 'conformance');
const RESULTS = path.join(HOME, 'results');
const SUITE = path.join(HOME, 'node_modules', '@modelcontextprotocol', 'conformance');
const SUITE_CLI = path.join(SUITE, 'dist', 'index.js');
const NODE22 = path.join(HOME, 'node_modules', 'node', 'bin', 'node');
const SERVER = path.join(ROOT, 'build', 'examples', 'conformance.js');

/** The revisions run, each with a server of its own. */
const REVISIONS = ['2025-11-25', '2026-07-28'];

/**
 * Extension scenarios no `--requirements` run includes, run by name at each revision on the same
 * server (`--spec-version REV --force`: without --force they are SKIPPED as not applicable):
 * the Skills extension (SEP-2640), served by the conformance example from examples/skills.
 */
const EXTENSION_SCENARIOS = [
  'sep-2640-skills-enumeration',
  'sep-2640-skills-manifest',
  'sep-2640-skills-directory',
];

/**
 * Scenarios a revision runs but does not score, that this project must pass all the same: the
 * pending ones whose feature it has (issue 12), and the session lifecycle added after 2025-11-25.
 */
const GATED_PENDING = [
  // The io.modelcontextprotocol/tasks extension (SEP-2663), run by --requirements 2026-07-28.
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-status-notifications',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
  'json-schema-2020-12',
  'http-header-validation',
  'http-custom-header-server-validation',
  'server-session-lifecycle',
  'server-sse-polling',
  ...EXTENSION_SCENARIOS,
];

/**
 * Scenarios run but not gated, with the reason: features this project does not have (none now).
 */
const NOT_GATED = {};
/** Run but not gated, by prefix (none now: the tasks-* scenarios are gated, issue 15). */
const NOT_GATED_PREFIX = {};

function notGatedReason(scenario) {
  if (scenario in NOT_GATED) return NOT_GATED[scenario];
  for (const [prefix, reason] of Object.entries(NOT_GATED_PREFIX)) {
    if (scenario.startsWith(prefix)) return reason;
  }
  return undefined;
}

/** The server scenarios a revision scores, from the suite's own requirements file. */
function scoredScenarios(revision) {
  const file = path.join(SUITE, 'requirements', `${revision}.yaml`);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const scored = new Set();
  let inServer = false;
  for (const line of lines) {
    if (/^\S/.test(line)) inServer = line.startsWith('server:');
    else if (inServer) {
      const m = /^ {2}- (\S+)\s*$/.exec(line);
      if (m) scored.add(m[1]);
    }
  }
  return scored;
}

const SERVER_START_TIMEOUT = 20_000;
const SUITE_TIMEOUT = { revision: 200_000, scenario: 60_000 };

function fail(message) {
  process.stderr.write(`conformance: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { scenarios: [], revisions: [], verbose: false, face: 'node' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--scenario') options.scenarios.push(argv[++i]);
    else if (arg.startsWith('--scenario=')) options.scenarios.push(arg.slice(11));
    else if (arg === '--requirements') options.revisions.push(argv[++i]);
    else if (arg.startsWith('--requirements=')) options.revisions.push(arg.slice(15));
    else if (arg === '--verbose') options.verbose = true;
    else if (arg === '--face') options.face = argv[++i];
    else if (arg.startsWith('--face=')) options.face = arg.slice(7);
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(
        'Usage: node scripts/conformance.js [--requirements REV]... [--scenario NAME]... [--face node|hono] [--verbose]\n' +
          `Without --requirements: ${REVISIONS.join(' and ')}, each against its own server.\n` +
          'With --scenario: only those scenarios, at each revision (--spec-version REV).\n',
      );
      process.exit(0);
    } else fail(`unknown argument ${arg} (see --help)`);
  }
  if (options.scenarios.some((s) => !s)) fail('--scenario needs a scenario name');
  if (!Object.hasOwn(FACES, options.face)) {
    fail(`--face must be one of ${Object.keys(FACES).join(', ')} (got ${options.face})`);
  }
  for (const revision of options.revisions) {
    if (!REVISIONS.includes(revision)) {
      fail(`--requirements must be one of ${REVISIONS.join(', ')} (got ${revision})`);
    }
  }
  if (options.revisions.length === 0) options.revisions = [...REVISIONS];
  return options;
}

function checkInstalled() {
  if (!fs.existsSync(SUITE_CLI) || !fs.existsSync(NODE22)) {
    fail(
      'the conformance suite is not installed. Run: npm ci --prefix conformance\n' +
        '(it installs @modelcontextprotocol/conformance and Node.js 22 from the npm registry into conformance/node_modules)',
    );
  }
  if (!fs.existsSync(SERVER)) fail(`${path.relative(ROOT, SERVER)} is missing. Run: npm run build`);
}

function suiteVersion() {
  return JSON.parse(fs.readFileSync(path.join(SUITE, 'package.json'), 'utf8')).version;
}

/** The faces the server can be tested through: node:http (serveHttp), or the fetch handler in Hono. */
const FACES = { node: [], hono: ['--hono'] };

/** Starts the example server on a free port; resolves to { child, url, stderr() }. */
function startServer(face) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER, '--port', '0', ...FACES[face]], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: '0' },
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`the server printed no "listening" line in ${SERVER_START_TIMEOUT} ms.\n${err}`),
      );
    }, SERVER_START_TIMEOUT);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      err += chunk;
      if (err.length > 1_000_000) err = err.slice(-500_000);
    });
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /^listening (http:\/\/\S+)$/m.exec(out);
      if (match) {
        clearTimeout(timer);
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ child, url: match[1], stderr: () => err });
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening (${signal ?? code}).\n${err}`));
    });
  });
}

/** Stops the server: SIGTERM, then SIGKILL after 5 s. */
function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Runs the suite's CLI once; resolves to { code, output, timedOut }. */
function runSuite(args, outDir, timeout, verbose) {
  fs.mkdirSync(outDir, { recursive: true });
  return new Promise((resolve) => {
    const child = spawn(NODE22, [SUITE_CLI, 'server', ...args, '-o', outDir], {
      cwd: HOME,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
      if (verbose) process.stdout.write(chunk);
    };
    child.stdout.setEncoding('utf8').on('data', collect);
    child.stderr.setEncoding('utf8').on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeout);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      fs.appendFileSync(path.join(outDir, 'suite.log'), output);
      resolve({ code: code ?? signal, output, timedOut });
    });
  });
}

// The suite writes <out>/server-<scenario>-<ISO timestamp with - for : and .>/checks.json.
const RESULT_DIR = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
// Its summary prints "✓ name: N passed, M failed" (✗ on failure) for every scenario it ran.
const SUMMARY_LINE = /^[✓✗] (\S+): (\d+) passed, (\d+) failed$/gm;

/** What one suite run says: per scenario, its checks (from checks.json) or the summary's counts. */
function collect(outDir, run, revision) {
  const scored = scoredScenarios(revision);
  const found = new Map();
  for (const entry of fs.readdirSync(outDir, { withFileTypes: true })) {
    const match = entry.isDirectory() && RESULT_DIR.exec(entry.name);
    if (!match) continue;
    const file = path.join(outDir, entry.name, 'checks.json');
    if (!fs.existsSync(file)) continue;
    const checks = JSON.parse(fs.readFileSync(file, 'utf8'));
    found.set(match[1], checks);
  }
  const summary = new Map();
  for (const m of run.output.matchAll(SUMMARY_LINE)) summary.set(m[1], Number(m[3]));
  // The suite's own order (its summary), then anything it wrote but did not summarize.
  const names = new Set([...summary.keys(), ...found.keys()]);
  const rows = [];
  for (const scenario of names) {
    const checks = found.get(scenario) ?? [];
    const count = (status) => checks.filter((c) => c.status === status).length;
    const reason =
      scored.has(scenario) || GATED_PENDING.includes(scenario)
        ? undefined
        : notGatedReason(scenario);
    const row = {
      scenario,
      revision,
      scored: scored.has(scenario),
      passed: count('SUCCESS'),
      failed: count('FAILURE'),
      warnings: count('WARNING'),
      info: count('INFO'),
      gated: reason === undefined,
      ...(reason === undefined ? {} : { notGated: reason }),
      checks: checks.map((c) => ({
        id: c.id,
        status: c.status,
        ...(c.errorMessage ? { errorMessage: c.errorMessage } : {}),
      })),
    };
    if (!found.has(scenario)) {
      // Ran (the summary names it) but wrote no checks.json: the scenario itself threw.
      row.failed = Math.max(1, summary.get(scenario) ?? 1);
      row.checks.push({ id: scenario, status: 'FAILURE', errorMessage: 'no checks.json written' });
    }
    rows.push(row);
  }
  return rows;
}

function pad(text, width) {
  return String(text).padEnd(width);
}

function printTable(rows) {
  const width = Math.max(8, ...rows.map((r) => r.scenario.length));
  const lines = [
    `${pad('scenario', width)}  ${pad('revision', 10)}  ${pad('scored', 6)}  ${pad('passed', 6)}  ${pad('failed', 6)}  warn  result`,
    `${'-'.repeat(width)}  ----------  ------  ------  ------  ----  ------`,
  ];
  for (const r of rows) {
    const result =
      r.failed > 0
        ? r.gated
          ? 'FAIL'
          : 'FAIL (not gated)'
        : r.passed > 0
          ? 'PASS'
          : 'no verdict (warnings/info only)';
    lines.push(
      `${pad(r.scenario, width)}  ${pad(r.revision, 10)}  ${pad(r.scored ? 'yes' : 'no', 6)}  ${pad(r.passed, 6)}  ${pad(r.failed, 6)}  ${pad(r.warnings, 4)}  ${result}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const failures = rows.filter((r) => r.failed > 0);
  for (const r of failures) {
    process.stdout.write(
      `\n${r.scenario} @ ${r.revision}${r.gated ? '' : ` (not gated: ${r.notGated})`}:\n`,
    );
    for (const c of r.checks.filter((check) => check.status === 'FAILURE')) {
      process.stdout.write(`  ✗ ${c.id}: ${c.errorMessage ?? '(no message)'}\n`);
    }
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  checkInstalled();
  // Each face writes its own files, so that both can run at once.
  const suffix = options.face === 'node' ? '' : `-${options.face}`;
  const resultsFile = path.join(RESULTS, `results${suffix}.json`);
  fs.rmSync(path.join(RESULTS, `raw${suffix}`), { recursive: true, force: true });
  fs.mkdirSync(RESULTS, { recursive: true });

  const runs = options.revisions.map((revision) => ({
    revision,
    dir: revision,
    args: options.scenarios.length
      ? [
          ...options.scenarios.flatMap((name) => ['--scenario', name]),
          '--spec-version',
          revision,
          ...(options.scenarios.some((name) => EXTENSION_SCENARIOS.includes(name))
            ? ['--force']
            : []),
        ]
      : ['--requirements', revision],
    timeout: options.scenarios.length
      ? SUITE_TIMEOUT.scenario * options.scenarios.length
      : SUITE_TIMEOUT.revision,
  }));

  const started = Date.now();
  const rows = [];
  const problems = [];
  const servers = [];
  process.stdout.write(
    `conformance ${suiteVersion()} (suite on Node.js 22, server on ${process.version}, ${options.face} face)\n`,
  );
  for (const run of runs) {
    // One server per revision: nothing one revision's run leaves behind reaches the other.
    let server;
    try {
      server = await startServer(options.face);
    } catch (error) {
      fail(`could not start ${path.relative(ROOT, SERVER)}: ${error.message}`);
    }
    const stopOnSignal = () => {
      stopServer(server.child).then(() => process.exit(130));
    };
    process.once('SIGINT', stopOnSignal);
    process.once('SIGTERM', stopOnSignal);
    try {
      process.stdout.write(`${run.revision}: ${server.url}\n`);
      const outDir = path.join(RESULTS, `raw${suffix}`, run.dir);
      const result = await runSuite(
        ['--url', server.url, ...run.args],
        outDir,
        run.timeout,
        options.verbose,
      );
      if (options.scenarios.length === 0) {
        // Each on its own (the suite runs one --scenario per invocation), into the same folder.
        for (const name of EXTENSION_SCENARIOS) {
          const extra = await runSuite(
            ['--url', server.url, '--scenario', name, '--spec-version', run.revision, '--force'],
            outDir,
            SUITE_TIMEOUT.scenario,
            options.verbose,
          );
          result.output += extra.output;
          result.timedOut ||= extra.timedOut;
        }
      }
      const found = collect(outDir, result, run.revision);
      rows.push(...found);
      if (result.timedOut) problems.push(`${run.dir}: the suite timed out after ${run.timeout} ms`);
      else if (found.length === 0) {
        problems.push(
          `${run.dir}: the suite ran no scenario (exit ${result.code}):\n${result.output.slice(-2000)}`,
        );
      }
    } finally {
      process.removeListener('SIGINT', stopOnSignal);
      process.removeListener('SIGTERM', stopOnSignal);
      await stopServer(server.child);
    }
    servers.push({ revision: run.revision, url: server.url, stderr: server.stderr().trim() });
  }
  process.stdout.write('\n');

  printTable(rows);
  const gatedFailures = rows.filter((r) => r.gated && r.failed > 0);
  const byRevision = {};
  for (const revision of options.revisions) {
    const mine = rows.filter((r) => r.revision === revision);
    const scoredRows = mine.filter((r) => r.scored);
    byRevision[revision] = {
      scoredScenarios: scoredRows.length,
      scoredPassed: scoredRows.filter((r) => r.failed === 0).length,
      scoredChecksPassed: scoredRows.reduce((n, r) => n + r.passed, 0),
      scoredChecksFailed: scoredRows.reduce((n, r) => n + r.failed, 0),
      gatedFailures: mine.filter((r) => r.gated && r.failed > 0).map((r) => r.scenario),
    };
  }
  const totals = {
    byRevision,
    scenarios: rows.length,
    passedScenarios: rows.filter((r) => r.failed === 0).length,
    failedScenarios: rows.filter((r) => r.failed > 0).length,
    passedChecks: rows.reduce((n, r) => n + r.passed, 0),
    failedChecks: rows.reduce((n, r) => n + r.failed, 0),
    gatedFailures: gatedFailures.map((r) => `${r.scenario}@${r.revision}`),
  };
  const report = {
    suite: '@modelcontextprotocol/conformance',
    version: suiteVersion(),
    date: new Date().toISOString(),
    durationMs: Date.now() - started,
    server: path.relative(ROOT, SERVER),
    face: options.face,
    servers: servers.map(({ revision, url }) => ({ revision, url })),
    serverNode: process.version,
    problems,
    totals,
    scenarios: rows,
  };
  fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  const serverErrors = servers
    .filter((s) => s.stderr)
    .map((s) => `--- ${s.revision}\n${s.stderr}`)
    .join('\n');
  if (serverErrors) {
    fs.writeFileSync(path.join(RESULTS, `server${suffix}.stderr.log`), `${serverErrors}\n`);
  }

  for (const problem of problems) process.stdout.write(`\n! ${problem}\n`);
  for (const [revision, t] of Object.entries(byRevision)) {
    process.stdout.write(
      `\n${revision}: scored ${t.scoredPassed}/${t.scoredScenarios} scenarios, ${t.scoredChecksPassed}/${t.scoredChecksPassed + t.scoredChecksFailed} checks`,
    );
  }
  process.stdout.write(
    `\n${totals.passedScenarios} passed, ${totals.failedScenarios} failed (scenarios; ${totals.passedChecks}/${totals.passedChecks + totals.failedChecks} checks)\n` +
      `results: ${path.relative(ROOT, resultsFile)}\n`,
  );
  process.exit(gatedFailures.length > 0 || problems.length > 0 ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`conformance: ${error.stack ?? error}\n`);
  process.exit(2);
});
