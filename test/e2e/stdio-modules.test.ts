/**
 * What a stdio app loads: the built weather example (a decorated provider with zod schemas,
 * `serveStdio`) answers `initialize` and ends, with a hook that lists every module it loaded,
 * every file it compiled and every node built-in it loaded. The list is compared with the one
 * below, so that a module added to a stdio app's start-up is added deliberately (cold start:
 * issue "hot path"). The modules come from two files: scripts/bundle-main.js puts the main
 * entry's start-up modules in dist/src/index.bundle.js, each still a module of its own.
 */
import { spawn } from 'node:child_process';
import { join, relative } from 'node:path';
import { example } from './examples';

const ROOT = join(__dirname, '..', '..');
const HOOK = join(ROOT, 'test', 'fixtures', 'module-trace.cjs');

/** The package's own modules a stdio app loads (dist/…), in no particular order. */
const EXPECTED = [
  // The main entry's start-up modules in one file (scripts/bundle-main.js).
  'src/index.bundle.js',
  'decorators/decorators.js',
  'decorators/index.js',
  'decorators/metadata.js',
  'decorators/skill.js',
  // The JSON text of JSON-RPC answers, apart from the dispatcher.
  'src/core/answers.js',
  'src/core/apps.js',
  // What a call asks its client and how the answers are read, apart from the call.
  'src/core/asks.js',
  'src/core/cache.js',
  'src/core/call.js',
  'src/core/client-state.js',
  // What the server declares of itself (serverInfo, capabilities), apart from the core.
  'src/core/declaration.js',
  'src/core/dispatcher.js',
  // The error code table, apart from the error classes.
  'src/core/error-codes.js',
  'src/core/errors.js',
  'src/core/index.js',
  'src/core/logging.js',
  'src/core/mcp-core.js',
  'src/core/methods/completion.js',
  'src/core/methods/discover.js',
  'src/core/methods/lifecycle.js',
  'src/core/methods/params.js',
  'src/core/methods/prompts.js',
  'src/core/methods/resources.js',
  'src/core/methods/skills.js',
  'src/core/methods/subscriptions.js',
  'src/core/methods/table.js',
  'src/core/methods/tools.js',
  // Outages (an unreachable shared state answered -32000, told once as it starts and ends).
  'src/core/outage.js',
  'src/core/peer.js',
  // The peer's three roles (its client, the client's requests in flight, the server's requests).
  'src/core/peer/client.js',
  'src/core/peer/in-flight.js',
  'src/core/peer/server-requests.js',
  'src/core/random.js',
  'src/core/request-state.js',
  'src/core/result-limit.js',
  'src/core/revisions/2025-11-25/index.js',
  'src/core/revisions/2026-07-28/headers.js',
  'src/core/revisions/2026-07-28/index.js',
  'src/core/revisions/2026-07-28/meta.js',
  'src/core/revisions/2026-07-28/retry.js',
  'src/core/revisions/index.js',
  'src/core/revisions/revision.js',
  // The 2026 requestState sealer: node:crypto where present, Web Crypto elsewhere.
  'src/core/seal-crypto.js',
  'src/core/skills.js',
  'src/core/state-budget.js',
  // OpenTelemetry: looks for a registered provider at the first request, and steps off without one.
  'src/core/telemetry/attributes.js',
  'src/core/telemetry/failure.js',
  'src/core/telemetry/load.js',
  'src/core/telemetry/providers.js',
  'src/core/telemetry/telemetry.js',
  'src/core/telemetry/trace-context.js',
  // A tools/call text result, which writes its own JSON.
  'src/core/text-result.js',
  // Timers that run where setImmediate and unref() are missing (Workers).
  'src/core/timers.js',
  'src/core/types.js',
  // The errors of an unreachable dependency (the dispatcher answers them -32000).
  'src/core/unavailable.js',
  'src/di/index.js',
  'src/index.js',
  'src/lazy-http.js',
  'src/registry/application.js',
  'src/registry/apps.js',
  'src/registry/authorize.js',
  'src/registry/build-entry.js',
  'src/registry/catalog.js',
  'src/registry/entries.js',
  'src/registry/handlers.js',
  'src/registry/index.js',
  'src/registry/providers.js',
  'src/registry/report.js',
  'src/registry/results.js',
  'src/registry/scan.js',
  'src/registry/shared-definitions.js',
  // Skills: the @Skill record is read; what reads, watches and serves skills loads at the first skill.
  'src/registry/skills/index.js',
  'src/registry/skills/record.js',
  'src/registry/uri-template.js',
  'src/schema/compile.js',
  'src/schema/detect.js',
  'src/schema/emit.js',
  'src/schema/index.js',
  'src/schema/issues.js',
  'src/schema/object-schema.js',
  'src/schema/prompt-arguments.js',
  'src/schema/standard.js',
  'src/schema/zod-issues.js',
  // Tasks: how a tool declares them and their limits; the store, runner and methods load with the first task tool.
  'src/tasks/declaration.js',
  'src/tasks/index.js',
  'src/tasks/limits.js',
  'src/tasks/task.js',
  'src/transports/http/auth/refusal.js',
  'src/transports/http/http-session.js',
  'src/transports/stdio/index.js',
  'src/transports/stdio/line-reader.js',
  'src/transports/stdio/line-writer.js',
  'src/transports/stdio/stdio-input.js',
  'src/transports/stdio/stdio-options.js',
  'src/transports/stdio/stdio-transport.js',
  'src/transports/stdio/stdout-guard.js',
];

/**
 * The packages it loads from node_modules: the app's zod and reflect-metadata. Not
 * @opentelemetry/api (an optional peer, installed here): with no provider registered in its
 * global, it is never loaded.
 */
const EXPECTED_PACKAGES = ['reflect-metadata', 'zod'];

/** Node built-ins a stdio app must not load: the HTTP stack. */
const NOT_BUILTINS = ['http', '_http_server', '_http_client', 'https', 'http2'];

/** The package's files a stdio app reads and compiles: the entry and its bundle. */
const EXPECTED_COMPILED = ['src/index.bundle.js', 'src/index.js'];

interface Trace {
  modules: string[];
  compiled: string[];
  packages: string[];
  builtins: string[];
  answer: string;
}

function trace(): Promise<Trace> {
  const child = spawn(process.execPath, ['-r', HOOK, example('weather')], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    // Answered: end stdin, and the server ends (the hook writes its list at exit).
    if (stdout.includes('\n')) child.stdin.end();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdin.write(
    `${JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'modules', version: '1' },
      },
    })}\n`,
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the weather example did not end within 20 s; stderr: ${stderr}`));
    }, 20_000);
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(timer);
      const lines = stderr.split('\n');
      const files = lines.filter((l) => l.startsWith('module ')).map((l) => l.slice(7));
      const dist = join(ROOT, 'dist');
      const ofPackage = (list: string[]): string[] =>
        list
          .filter((file) => file.startsWith(dist))
          .map((file) => relative(dist, file).split('\\').join('/'));
      resolve({
        modules: ofPackage(files),
        compiled: ofPackage(
          lines.filter((l) => l.startsWith('compiled ')).map((l) => l.slice(9)),
        ).sort(),
        packages: [
          ...new Set(
            files
              .map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1])
              .filter((name): name is string => name !== undefined),
          ),
        ],
        builtins: lines.filter((l) => l.startsWith('builtin ')).map((l) => l.slice(8)),
        answer: stdout,
      });
    });
  });
}

describe('the modules a stdio app loads', () => {
  let result: Trace;
  beforeAll(async () => {
    result = await trace();
  }, 30_000);

  it('answers initialize (the list is of a working server)', () => {
    expect(result.answer).toContain('"protocolVersion":"2025-06-18"');
  });

  it('loads exactly the expected modules of the package', () => {
    const expected = new Set(EXPECTED);
    const added = result.modules.filter((module) => !expected.has(module));
    const gone = [...expected].filter((module) => !result.modules.includes(module));
    // A module added here costs every stdio app's start: load it lazily where it is first
    // needed, or add it to EXPECTED if a stdio app does need it.
    expect({ added, gone }).toEqual({ added: [], gone: [] });
  });

  it('reads and compiles two files of the package for them (the entry and its bundle)', () => {
    expect(result.compiled).toEqual(EXPECTED_COMPILED);
  });

  it('loads no other package than zod and reflect-metadata (no second schema library, no OpenTelemetry without a provider)', () => {
    expect(result.packages.sort()).toEqual(EXPECTED_PACKAGES);
  });

  it('loads none of the HTTP stack of node', () => {
    expect(result.builtins.filter((name) => NOT_BUILTINS.includes(name))).toEqual([]);
  });
});
