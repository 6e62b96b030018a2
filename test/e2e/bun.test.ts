/**
 * The Bun example (examples/bun.ts): `Bun.serve({ fetch: handler })`, run by the `bun` binary
 * that the `bun` package installs from npm (node_modules/.bin/bun; `--no-install`: nothing is
 * downloaded), driven from Node by the official SDK v1 and v2 clients.
 */
import { join } from 'node:path';
import { describeRuntime, launchExample } from './fetch-runtimes';

const BUN = join(__dirname, '..', '..', 'node_modules', '.bin', 'bun');

describeRuntime('Bun', () => launchExample('bun', { binary: BUN, before: ['--no-install'] }));
