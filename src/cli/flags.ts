/**
 * The command line's flags, as one table: each row is a flag's name, its value, which commands
 * take it, its check and its line of help. The usage lines are derived here and parsing in
 * ./parse-flags, both from the table, so a new flag is one new row.
 */
import {
  CRASH_LIMIT,
  crashLimit,
  header,
  host,
  jsonAnswer,
  PROTOCOLS,
  path,
  port,
  protocol,
  redisUrl,
  url,
  workers,
} from './flag-values';

/** The commands that take flags. */
export type Command = 'serve' | 'devtools' | 'dev' | ClientCommand;

/** The client commands: they talk to a server rather than serve one. */
export type ClientCommand = 'list' | 'call' | 'read' | 'get';

/** The client commands, in the order the help lists them. */
export const CLIENT_COMMANDS: readonly ClientCommand[] = ['list', 'call', 'read', 'get'];

/** One flag of {@link FLAGS}. */
export interface FlagSpec {
  /** `boolean` for a switch, `string` for a flag that takes a value. */
  type: 'boolean' | 'string';
  /** The value's name in the usage (`N`, `H`); for string flags. */
  value?: string;
  /** The commands that accept it. */
  commands: readonly Command[];
  /** Accepted only together with `--http`. */
  http?: boolean;
  /** The value when the flag is absent. */
  default?: string | boolean | number;
  /** May be given more than once: the value is the list of every one, in order. */
  multiple?: boolean;
  /** Checks and converts a string value; throws a {@link UsageError} saying what is expected. */
  parse?: (raw: string) => string | number;
  /** The help line (a command may have its own). */
  help: string | Partial<Record<Command, string>>;
}

/** Every flag of `serve` and `devtools`. Add a row to add a flag. */
export const FLAGS = {
  stdio: {
    type: 'boolean',
    commands: ['serve', 'devtools'],
    help: {
      serve: 'serve over stdio (default): stdout is the protocol, diagnostics go to stderr',
      devtools: 'serve over stdio (default)',
    },
  },
  http: {
    type: 'boolean',
    commands: ['serve', 'devtools'],
    help: {
      serve: 'serve over Streamable HTTP at http://HOST:PORT/PATH',
      devtools: 'serve over Streamable HTTP at http://HOST:PORT/mcp',
    },
  },
  port: {
    type: 'string',
    value: 'N',
    commands: ['serve', 'devtools', 'dev'],
    http: true,
    default: 3000,
    parse: port,
    help: 'HTTP port (default 3000; 0 picks a free one)',
  },
  host: {
    type: 'string',
    value: 'H',
    commands: ['serve', 'devtools', 'dev'],
    http: true,
    default: '127.0.0.1',
    parse: host,
    help: 'HTTP address (default 127.0.0.1)',
  },
  path: {
    type: 'string',
    value: 'P',
    commands: ['serve'],
    http: true,
    default: '/mcp',
    parse: path,
    help: 'HTTP path (default /mcp)',
  },
  stateless: {
    type: 'boolean',
    commands: ['serve'],
    http: true,
    default: false,
    help: 'HTTP without sessions',
  },
  'jwt-issuer': {
    type: 'string',
    value: 'URL',
    commands: ['serve'],
    http: true,
    parse: url('--jwt-issuer'),
    help: 'require OAuth 2.1 JWT access tokens from this issuer (needs the jose package)',
  },
  'jwt-audience': {
    type: 'string',
    value: 'URL',
    commands: ['serve'],
    http: true,
    parse: url('--jwt-audience'),
    help: "the tokens' audience (default: the endpoint's URL)",
  },
  redis: {
    type: 'string',
    value: 'URL',
    commands: ['serve'],
    http: true,
    parse: redisUrl,
    help: 'keep sessions, streams and notifications in Redis, shared by every process (needs the ioredis package)',
  },
  workers: {
    type: 'string',
    value: 'N',
    commands: ['serve'],
    http: true,
    default: 1,
    parse: workers,
    help: 'serve from N processes on one port (node:cluster); more than 1 needs --redis',
  },
  'crash-limit': {
    type: 'string',
    value: 'N',
    commands: ['serve'],
    http: true,
    default: CRASH_LIMIT,
    parse: crashLimit,
    help: `with --workers: stop, exit 1, once N workers in a row die within 10 s of serving (default ${CRASH_LIMIT})`,
  },
  verbose: {
    type: 'boolean',
    commands: ['serve', 'devtools'],
    default: false,
    help: "print a start-up error's stack trace too (without it: its message alone)",
  },
  header: {
    type: 'string',
    value: "'K: V'",
    commands: CLIENT_COMMANDS,
    multiple: true,
    parse: header,
    help: 'an HTTP header for every request to a URL target (repeatable)',
  },
  token: {
    type: 'string',
    value: 'T',
    commands: CLIENT_COMMANDS,
    help: 'a bearer token for a URL target (Authorization: Bearer T)',
  },
  protocol: {
    type: 'string',
    value: 'V',
    commands: CLIENT_COMMANDS,
    parse: protocol,
    help: `the MCP revision to speak: ${PROTOCOLS.join(' or ')} (default: the newest the server speaks)`,
  },
  answer: {
    type: 'string',
    value: 'JSON',
    commands: CLIENT_COMMANDS,
    multiple: true,
    parse: jsonAnswer,
    help: "answers the server's elicitation questions, in order (repeatable); unanswered ones are declined",
  },
  root: {
    type: 'string',
    value: 'DIR',
    commands: CLIENT_COMMANDS,
    multiple: true,
    help: 'a root to answer roots/list with: a directory or a file:// URI (repeatable; default: the current directory)',
  },
  json: {
    type: 'boolean',
    commands: CLIENT_COMMANDS,
    help: 'print JSON (the default)',
  },
  pretty: {
    type: 'boolean',
    commands: CLIENT_COMMANDS,
    help: 'indent the JSON printed',
  },
} satisfies Record<string, FlagSpec>;

/** The name of a flag in {@link FLAGS}. */
export type FlagName = keyof typeof FLAGS;

/** The flags of the table that `command` takes, in table order. */
export function flagsOf(command: Command): [FlagName, FlagSpec][] {
  return (Object.entries(FLAGS) as [FlagName, FlagSpec][]).filter(([, spec]) =>
    spec.commands.includes(command),
  );
}

/** The flags part of a command's usage: one line per flag of the table. */
export function flagsUsage(command: Command): string {
  const rows = flagsOf(command).map(([name, spec]) => ({
    left: `--${name}${spec.value ? ` ${spec.value}` : ''}`,
    help: typeof spec.help === 'string' ? spec.help : (spec.help[command] ?? ''),
  }));
  const width = Math.max(14, ...rows.map((row) => row.left.length + 2));
  const lines = rows.map((row) => `  ${row.left.padEnd(width)}${row.help}`);
  return `${lines.join('\n')}\n`;
}

/** The synopsis of a command's flags: `[--stdio | --http [--port N] …]`. */
export function flagsSynopsis(command: Command): string {
  const http = flagsOf(command)
    .filter(([, spec]) => spec.http)
    .map(([name, spec]) => `[--${name}${spec.value ? ` ${spec.value}` : ''}]`);
  return `[--stdio | --http ${http.join(' ')}]`;
}
