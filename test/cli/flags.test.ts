/**
 * The command line's flag table and what is derived from it: which command takes which flag,
 * the usage lines and the synopsis, and each flag's default and check.
 */

import {
  CLIENT_COMMANDS,
  FLAGS,
  type FlagSpec,
  flagsOf,
  flagsSynopsis,
  flagsUsage,
} from '../../src/cli/flags';
import { UsageError } from '../../src/core';

test('the client commands, in the order the help lists them', () => {
  expect(CLIENT_COMMANDS).toEqual(['list', 'call', 'read', 'get']);
});

test('flagsOf: the flags each command takes, in table order', () => {
  const names = (command: Parameters<typeof flagsOf>[0]) => flagsOf(command).map(([name]) => name);
  expect(names('serve')).toEqual([
    'stdio',
    'http',
    'port',
    'host',
    'path',
    'stateless',
    'jwt-issuer',
    'jwt-audience',
    'redis',
    'workers',
    'crash-limit',
    'verbose',
  ]);
  expect(names('devtools')).toEqual(['stdio', 'http', 'port', 'host', 'verbose']);
  expect(names('dev')).toEqual(['port', 'host']);
  for (const command of CLIENT_COMMANDS)
    expect(names(command)).toEqual([
      'header',
      'token',
      'protocol',
      'answer',
      'root',
      'json',
      'pretty',
    ]);
  expect(flagsOf('serve')[2][1]).toBe(FLAGS.port);
});

test("flagsUsage: one line per flag, the command's own help where it has one, aligned", () => {
  expect(flagsUsage('devtools')).toBe(
    [
      '  --stdio       serve over stdio (default)',
      '  --http        serve over Streamable HTTP at http://HOST:PORT/mcp',
      '  --port N      HTTP port (default 3000; 0 picks a free one)',
      '  --host H      HTTP address (default 127.0.0.1)',
      "  --verbose     print a start-up error's stack trace too (without it: its message alone)",
      '',
    ].join('\n'),
  );
  const serve = flagsUsage('serve');
  expect(serve).toContain(
    '  --stdio             serve over stdio (default): stdout is the protocol, diagnostics go to stderr\n',
  );
  expect(serve).toContain(
    '  --crash-limit N     with --workers: stop, exit 1, once N workers in a row die within 10 s of serving (default 5)\n',
  );
  // The column is as wide as the longest flag plus two.
  expect(flagsUsage('call')).toContain(
    "  --header 'K: V'  an HTTP header for every request to a URL target (repeatable)\n",
  );
});

test('flagsSynopsis: the HTTP-only flags of a command, with their values', () => {
  expect(flagsSynopsis('dev')).toBe('[--stdio | --http [--port N] [--host H]]');
  expect(flagsSynopsis('serve')).toBe(
    '[--stdio | --http [--port N] [--host H] [--path P] [--stateless] [--jwt-issuer URL] [--jwt-audience URL] [--redis URL] [--workers N] [--crash-limit N]]',
  );
});

test('the defaults of the table', () => {
  const defaults = Object.fromEntries(
    (Object.entries(FLAGS) as [string, FlagSpec][])
      .filter(([, spec]) => spec.default !== undefined)
      .map(([name, spec]) => [name, spec.default]),
  );
  expect(defaults).toEqual({
    port: 3000,
    host: '127.0.0.1',
    path: '/mcp',
    stateless: false,
    workers: 1,
    'crash-limit': 5,
    verbose: false,
  });
});

test("every string flag's check converts a good value and refuses a bad one with a UsageError", () => {
  const cases: Array<[keyof typeof FLAGS, string, string | number, string]> = [
    ['port', '0', 0, '65536'],
    ['host', 'localhost', 'localhost', 'my host'],
    ['path', '/x', '/x', 'x'],
    ['jwt-issuer', 'https://id.example.com', 'https://id.example.com', 'id.example.com'],
    ['jwt-audience', 'https://mcp.example.com/mcp', 'https://mcp.example.com/mcp', 'mcp'],
    ['redis', 'redis://127.0.0.1:6379', 'redis://127.0.0.1:6379', 'http://x'],
    ['workers', '4', 4, '65'],
    ['crash-limit', '3', 3, '0'],
    ['header', 'x-a: 1', 'x-a: 1', 'no colon'],
    ['protocol', '2026-07-28', '2026-07-28', '1999-01-01'],
    ['answer', '{"a":1}', '{"a":1}', '{bad'],
  ];
  for (const [name, good, parsed, bad] of cases) {
    const spec: FlagSpec = FLAGS[name];
    expect(spec.parse!(good)).toEqual(parsed);
    expect(() => spec.parse!(bad)).toThrow(UsageError);
  }
  // Free text: no check.
  expect((FLAGS.token as FlagSpec).parse).toBeUndefined();
  expect((FLAGS.root as FlagSpec).parse).toBeUndefined();
});
