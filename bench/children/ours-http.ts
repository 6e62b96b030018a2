/**
 * Our server over Streamable HTTP on `node:http` (`serveHttp`), in session or stateless mode
 * (measurements 3 and 4). Tells its parent its URL over IPC; answers `memory` with its heap and
 * RSS after `gc()` (run with `--expose-gc`).
 */
import { serveHttp } from 'declarative-mcp';
import { createApp } from '../servers/ours';
import { serveParent } from './parent';

// 'modern' (2026-07-28 POSTs) runs on the default endpoint: one endpoint serves both eras.
const sessions = process.argv[2] !== 'stateless';

serveHttp(createApp(), { port: 0, sessions }).then((server) => {
  serveParent(server.url, () => server.close());
});
