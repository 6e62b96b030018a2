/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance` 0.2.0-alpha.12, on the Node.js 22
 * installed beside it in conformance/) against build/examples/conformance.js over Streamable HTTP,
 * through the same runner a person uses: `npm run conformance` (scripts/conformance.js), twice at
 * once: through the node face (`serveHttp`) and through the fetch face (`declarative-mcp/fetch`)
 * mounted in Hono on `@hono/node-server` (`npm run conformance -- --face hono`). Each face runs
 * one server per revision; the two runs overlap, since the suite mostly waits.
 *
 * Needs `npm ci --prefix conformance` and `npm run build` (`npm test` does both). A missing suite fails the
 * test; `SKIP_CONFORMANCE=1` skips it on purpose (`.ci/run` never sets it).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { example } from './examples';

const ROOT = join(__dirname, '..', '..');
const SUITE = join(ROOT, 'conformance', 'node_modules', '@modelcontextprotocol', 'conformance');
type Face = 'node' | 'hono';
const FACES: Face[] = ['node', 'hono'];
const RESULTS: Record<Face, string> = {
  node: join(ROOT, 'conformance', 'results', 'results.json'),
  hono: join(ROOT, 'conformance', 'results', 'results-hono.json'),
};
const installed = existsSync(join(SUITE, 'dist', 'index.js'));

/** Every server scenario 2025-11-25 scores (requirements/2025-11-25.yaml of 0.2.0-alpha.12). */
const SCORED_2025 = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
];

/** Every server scenario 2026-07-28 scores (requirements/2026-07-28.yaml of 0.2.0-alpha.12). */
const SCORED_2026 = [
  'server-stateless',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'tools-call-with-progress',
  'server-sse-multiple-streams',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'sep-2164-resource-not-found',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
  'caching',
  'input-required-result-basic-elicitation',
  'input-required-result-basic-sampling',
  'input-required-result-basic-list-roots',
  'input-required-result-request-state',
  'input-required-result-multiple-input-requests',
  'input-required-result-multi-round',
  'input-required-result-missing-input-response',
  'input-required-result-non-tool-request',
  'input-required-result-result-type',
  'input-required-result-unsupported-methods',
  'input-required-result-tampered-state',
  'input-required-result-capability-check',
  'input-required-result-ignore-extra-params',
  'input-required-result-validate-input',
];

/** Run but not scored by a revision, and passed here all the same (the runner gates them). */
/** The Skills extension (SEP-2640): in no requirements file, run by name at each revision (--force). */
const SKILLS = [
  'sep-2640-skills-enumeration',
  'sep-2640-skills-manifest',
  'sep-2640-skills-directory',
];

const PENDING_2025 = [
  'json-schema-2020-12',
  'server-session-lifecycle',
  'server-sse-polling',
  ...SKILLS,
];
const PENDING_2026 = [
  // The io.modelcontextprotocol/tasks extension (SEP-2663), run for visibility by the suite.
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
  'json-schema-2020-12',
  'http-header-validation',
  'http-custom-header-server-validation',
  ...SKILLS,
];

/**
 * Scored, and answered on purpose against the suite's SHOULD: the scenario sends `inputResponses`
 * with a first call (no `requestState`) and expects them used. Answers to questions the server
 * never asked are dropped (docs/mcp-2026.md, "Limits on rounds and answers"), so the question is
 * asked: a WARNING, never a FAILURE.
 */
const UNASKED_ANSWERS = 'input-required-result-ignore-extra-params';

const EXPECTED: Array<[string, string]> = [
  ...[...SCORED_2025, ...PENDING_2025].map((name): [string, string] => ['2025-11-25', name]),
  ...[...SCORED_2026, ...PENDING_2026]
    .filter((name) => name !== UNASKED_ANSWERS)
    .map((name): [string, string] => ['2026-07-28', name]),
];

interface ScenarioResult {
  scenario: string;
  revision: string;
  scored: boolean;
  passed: number;
  failed: number;
  checks: Array<{ id: string; status: string; errorMessage?: string }>;
}

function runScript(face: Face): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'scripts', 'conformance.js'), '--face', face],
      { cwd: ROOT, timeout: 230_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

// Missing suite: the test fails (npm test installs it first), unless SKIP_CONFORMANCE=1 says to skip it.
const skip = process.env.SKIP_CONFORMANCE === '1';
if (skip) process.stderr.write('conformance.test.ts skipped: SKIP_CONFORMANCE=1\n');

(skip ? describe.skip : describe)(
  'MCP conformance suite 0.2.0-alpha.12 (SKIP_CONFORMANCE=1 skips it; .ci/run never does)',
  () => {
    const runs = new Map<Face, { code: number | null; output: string }>();
    const results = new Map<Face, ScenarioResult[]>();

    beforeAll(async () => {
      if (!installed) {
        throw new Error(
          'The conformance suite is not installed: run "npm ci --prefix conformance" (npm test does it).',
        );
      }
      example('conformance'); // throws, saying to build, when build/examples/conformance.js is missing
      const done = await Promise.all(FACES.map((face) => runScript(face)));
      FACES.forEach((face, i) => {
        runs.set(face, done[i]!);
        results.set(face, JSON.parse(readFileSync(RESULTS[face], 'utf8')).scenarios);
      });
    }, 240_000);

    describe.each(FACES)('the %s face', (face) => {
      let scenarios: ScenarioResult[];
      let run: { code: number | null; output: string };
      beforeAll(() => {
        scenarios = results.get(face)!;
        run = runs.get(face)!;
      });

      it('runs every scenario each revision scores, one server per revision', () => {
        for (const revision of ['2025-11-25', '2026-07-28']) {
          const scored = scenarios.filter((s) => s.revision === revision && s.scored);
          expect(scored.map((s) => s.scenario).sort()).toEqual(
            (revision === '2025-11-25' ? SCORED_2025 : SCORED_2026).slice().sort(),
          );
        }
      });

      it.each(EXPECTED)('%s: %s passes', (revision, name) => {
        const result = scenarios.find((s) => s.scenario === name && s.revision === revision);
        expect(result).toBeDefined();
        const failures = result!.checks
          .filter((c) => c.status === 'FAILURE')
          .map((c) => `${c.id}: ${c.errorMessage ?? '(no message)'}`);
        expect(failures).toEqual([]);
        expect(result!.passed).toBeGreaterThan(0);
      });

      it(`2026-07-28: ${UNASKED_ANSWERS} warns: answers sent before the question are not used`, () => {
        const result = scenarios.find(
          (s) => s.scenario === UNASKED_ANSWERS && s.revision === '2026-07-28',
        );
        expect(result?.checks.filter((c) => c.status !== 'SUCCESS').map((c) => c.id)).toEqual([
          'sep-2322-ignore-unexpected-params',
        ]);
        const check = result?.checks.find((c) => c.id === 'sep-2322-ignore-unexpected-params');
        expect(check?.status).toBe('WARNING');
        expect(check?.errorMessage).toMatch(/did not return complete result/);
      });

      it('2026-07-28: tasks-status-notifications has no check of its own yet (the suite skips it)', () => {
        // When the suite gives it checks, this test fails: move it to PENDING_2026 then.
        const result = scenarios.find(
          (s) => s.scenario === 'tasks-status-notifications' && s.revision === '2026-07-28',
        );
        expect(result?.checks.map((c) => c.status)).toEqual(['SKIPPED']);
        expect(result?.failed).toBe(0);
      });

      it('exits 0 (every gated scenario passed)', () => {
        if (run.code !== 0) process.stderr.write(run.output);
        expect(run.code).toBe(0);
      });
    });
  },
);
