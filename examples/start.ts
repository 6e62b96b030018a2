/**
 * What `npm start` runs: the notes example over stdio. An MCP client launches it and talks on
 * stdin/stdout; a human who starts it in a terminal gets a note on stderr saying how.
 */
import { serveStdio } from 'declarative-mcp';
import { app } from './notes';

function usage(script: string): string {
  const config = JSON.stringify(
    { mcpServers: { notes: { command: 'node', args: [script] } } },
    null,
    2,
  );
  return [
    'declarative-mcp: the notes example is serving MCP over stdio (one JSON-RPC message per line).',
    'An MCP client starts it and talks on stdin/stdout; stdout carries answers only.',
    '',
    'Try it from a shell:',
    "  printf '%s\\n' \\",
    `    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}' \\`,
    `    '{"jsonrpc":"2.0","method":"notifications/initialized"}' \\`,
    `    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count"}}' \\`,
    `    | node ${script}`,
    '',
    "Or add it to your client's configuration:",
    config,
    '',
    'Type a JSON-RPC line here to send it, or press Ctrl-D to stop.',
    '',
  ].join('\n');
}

if (require.main === module) {
  if (process.stdin.isTTY) process.stderr.write(usage(__filename));
  serveStdio(app).then((code) => {
    process.exitCode = code;
  });
}
