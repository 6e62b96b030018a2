/**
 * The Deno example (examples/deno.ts): `Deno.serve(handler)`, run by the `deno` binary that the
 * `deno` package installs from npm (node_modules/.bin/deno; `--cached-only`: nothing is
 * downloaded), driven from Node by the official SDK v1 and v2 clients.
 */
import { join } from 'node:path';
import { describeRuntime, launchExample } from './fetch-runtimes';

const DENO = join(__dirname, '..', '..', 'node_modules', '.bin', 'deno');

describeRuntime('Deno', () =>
  launchExample('deno', {
    binary: DENO,
    before: ['run', '--cached-only', '--allow-net', '--allow-read'],
    env: { NO_COLOR: '1' },
  }),
);
