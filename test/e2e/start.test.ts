/**
 * `npm start` runs build/examples/start.js: the notes example over stdio. A client's pipe gets
 * answers and no chatter; a human at a terminal gets told, on stderr, how to use it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { example, pipe } from './examples';

const INITIALIZE =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}';

it('serves the notes example, silently when stdin is not a terminal', async () => {
  const run = await pipe('start', [
    INITIALIZE,
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count"}}',
  ]);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe('');
  expect(run.stdout.split('\n').sort()).toEqual(
    [
      '',
      '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false},"resources":{"listChanged":false,"subscribe":false},"prompts":{"listChanged":false}},"serverInfo":{"name":"Notes","version":"1.0.0"}}}',
      '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"3 notes."}],"isError":false}}',
    ].sort(),
  );
});

// util-linux `script` gives the child a terminal; elsewhere (macOS's `script` differs) skip.
const hasScript = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;

(hasScript ? it : it.skip)(
  'at a terminal, tells the human how to use it, then serves what they type',
  async () => {
    const child = spawn(
      'script',
      ['-qefc', `"${process.execPath}" "${example('start')}"`, '/dev/null'],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let screen = '';
    const until = (text: string): Promise<void> =>
      new Promise((resolve) => {
        const check = (): void => {
          if (screen.includes(text)) resolve();
          else child.stdout.once('data', check);
        };
        check();
      });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      screen += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

    try {
      await until('Ctrl-D');
      expect(screen).toContain("printf '%s\\n'");
      expect(screen).toContain('"mcpServers"');
      expect(screen).toContain(example('start'));

      child.stdin.write(`${INITIALIZE}\n`);
      await until('"serverInfo":{"name":"Notes"');
      child.stdin.write('\x04'); // Ctrl-D: end of input
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill();
    }
  },
);
