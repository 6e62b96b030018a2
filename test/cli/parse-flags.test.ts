/**
 * Parsing a command's arguments against the flag table (src/cli/parse-flags.ts): values and
 * defaults, positionals and `--`, and each mistake refused with a UsageError that says what to do.
 * test/cli/index.test.ts runs the same through runCli, and test/cli/bin.test.ts through the built binary.
 */

import { parseFlags } from '../../src/cli/parse-flags';
import { UsageError } from '../../src/core';

describe('parseFlags', () => {
  test('serve: the module, defaults, and both value forms', () => {
    const flags = parseFlags(['app.js', '--http', '--port=0', '--host', '0.0.0.0'], 'serve');
    expect(flags).toMatchObject({
      module: 'app.js',
      positionals: ['app.js'],
      command: undefined,
      transport: 'http',
      help: false,
    });
    expect(flags.values).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      path: '/mcp',
      workers: 1,
      stateless: false,
    });
    expect(parseFlags(['-h'], 'serve')).toMatchObject({
      help: true,
      transport: 'stdio',
      module: undefined,
    });
  });

  test('a client command: positionals, repeated flags in order, and the command after --', () => {
    const flags = parseFlags(
      [
        'call',
        'echo',
        '--header',
        'A: 1',
        '--header',
        'B: 2',
        '--',
        'node',
        'server.js',
        '--port',
        '1',
      ],
      'call',
    );
    expect(flags.positionals).toEqual(['call', 'echo']);
    expect(flags.module).toBeUndefined();
    expect(flags.values.header).toEqual(['A: 1', 'B: 2']);
    expect(flags.command).toEqual(['node', 'server.js', '--port', '1']);
  });

  test.each([
    [['a.js', 'b.js'], 'serve', 'One module at most (got "a.js" and "b.js").'],
    [['--nope'], 'serve', 'Unknown option --nope.'],
    [['--token', 'T'], 'serve', 'Unknown option --token.'],
    [['--http=yes'], 'serve', '--http takes no value.'],
    [['--http', '--port', '--stateless'], 'serve', '--port needs a value.'],
    [['--stdio', '--http'], 'serve', 'Choose one of --stdio and --http.'],
    [
      ['--http', '--jwt-audience', 'https://a.example'],
      'serve',
      '--jwt-audience goes with --jwt-issuer.',
    ],
    [['--port', '1'], 'devtools', '--port and --host go with --http.'],
    [
      ['--http', '--workers', '2'],
      'serve',
      /^--workers 2 needs --redis URL: each process would keep its own sessions/,
    ],
    [
      ['--http', '--stateless', '--workers', '2'],
      'serve',
      /^--workers 2 needs --redis URL: each process would seal requestState/,
    ],
  ] as const)('%j (%s) is refused: %s', (args, command, message) => {
    const parse = () => parseFlags(args, command);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(message);
  });
});
