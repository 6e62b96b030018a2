/** Our server over stdio (measurements 2 and 5). */
import { serveStdio } from 'declarative-mcp';
import { createApp } from '../servers/ours';

serveStdio(createApp()).then((code) => {
  process.exitCode = code;
});
