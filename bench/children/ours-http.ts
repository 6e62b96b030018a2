/**
 * Our server over Streamable HTTP on `node:http` (`serveHttp`), in session or stateless mode
 * (measurements 3 and 4, and the telemetry row). Tells its parent its URL over IPC; answers `memory` with its heap and
 * RSS after `gc()` (run with `--expose-gc`).
 */
import { serveHttp } from 'declarative-mcp';
import { createApp } from '../servers/ours';
import { serveParent } from './parent';

// 'modern' (2026-07-28 POSTs) runs on the default endpoint: one endpoint serves both eras.
const sessions = process.argv[2] !== 'stateless';
// The telemetry row: 'otel' registers the no-op SDK (loaded only then), 'off' is `telemetry: false`.
const telemetry = process.argv[3];

async function main(): Promise<void> {
  if (telemetry === 'otel') {
    (require('../servers/otel') as typeof import('../servers/otel')).startNoopSdk();
  }
  const app = createApp(telemetry === 'off' ? false : undefined);
  const server = await serveHttp(app, { port: 0, sessions });
  serveParent(server.url, () => server.close());
}

void main();
