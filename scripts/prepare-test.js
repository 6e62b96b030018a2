#!/usr/bin/env node
/**
 * The first step of `npm test`: makes sure everything the tests use is on this machine, and
 * prepares what the project can prepare itself.
 *
 * - conformance/: the official conformance suite and the Node.js 22 it (and oidc-provider) needs,
 *   with its own lock file. Installed with `npm ci --prefix conformance` when missing or when its
 *   lock file changed since the last install; nothing to do otherwise.
 * - redis-server and chromium: system packages (Debian: `apt-get install redis-server chromium`).
 *   The project cannot install them without root, so their absence is one clear line and exit 1.
 *
 * Every failure is one line on stderr naming what is missing and the command that fixes it.
 */

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const HOME = path.join(ROOT, 'conformance');
const LOCK = path.join(HOME, 'package-lock.json');
// npm ci writes the lock file it installed from here; equal contents mean nothing changed.
const INSTALLED_LOCK = path.join(HOME, 'node_modules', '.package-lock.json');
const NEEDED = [
  path.join(HOME, 'node_modules', 'node', 'bin', 'node'),
  path.join(HOME, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'),
];

function fail(line) {
  process.stderr.write(`npm test: ${line}\n`);
  process.exit(1);
}

function onPath(command) {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return dirs.some((dir) => {
    try {
      fs.accessSync(path.join(dir, command), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The packages this lock file names, with their versions: what a matching install must hold. */
function lockedPackages(file) {
  const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
  const out = {};
  for (const [key, value] of Object.entries(lock.packages ?? {})) {
    if (key.startsWith('node_modules/')) out[key] = value.version;
  }
  return out;
}

function conformanceCurrent() {
  if (!NEEDED.every((file) => fs.existsSync(file))) return false;
  if (!fs.existsSync(INSTALLED_LOCK)) return false;
  try {
    const wanted = lockedPackages(LOCK);
    const have = lockedPackages(INSTALLED_LOCK);
    return Object.entries(wanted).every(([name, version]) => have[name] === version);
  } catch {
    return false;
  }
}

function prepareConformance() {
  if (conformanceCurrent()) return;
  process.stdout.write(
    'npm test: installing conformance/ (the conformance suite and Node.js 22) with npm ci\n',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(
    npm,
    ['ci', '--prefix', HOME, '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (run.error || run.status !== 0) {
    const why = run.error ? run.error.message : `exit code ${run.status}`;
    fail(
      `could not install conformance/ (${why}): run "npm ci --prefix conformance" and read its output`,
    );
  }
  if (!conformanceCurrent())
    fail('conformance/ is still incomplete after npm ci: run "npm ci --prefix conformance"');
}

function checkSystem() {
  const redis = process.env.REDIS_SERVER ?? 'redis-server';
  if (!(path.isAbsolute(redis) ? fs.existsSync(redis) : onPath(redis))) {
    fail(
      `${redis} is not installed: the scale-out and task tests start their own Redis (Debian: apt-get install redis-server)`,
    );
  }
  if (!fs.existsSync('/usr/bin/chromium')) {
    fail(
      '/usr/bin/chromium is missing: the MCP Apps test drives a real browser (Debian: apt-get install chromium)',
    );
  }
}

checkSystem();
prepareConformance();
