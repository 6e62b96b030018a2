/**
 * The command line's flags, as one table: each row is a flag's name, its value, which commands
 * take it, its check and its line of help. Parsing (`node:util` `parseArgs`, so `--port=3000` and
 * `--port 3000` both work) and the usage texts are derived from the table, so a new flag is one
 * new row.
 */
import { parseArgs } from 'node:util';
import { UsageError } from '../core';
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

/** What a command was asked to do. */
export interface ServeFlags {
  /** The module to load, when one was given (`serve`, `devtools`, `dev`: the first positional). */
  module: string | undefined;
  /** Every positional argument before `--`, in order. */
  positionals: string[];
  /** What follows `--` (the client commands' stdio server command); undefined without `--`. */
  command: string[] | undefined;
  /** `--stdio` (the default) or `--http`. */
  transport: 'stdio' | 'http';
  /** `--help` or `-h` was given. */
  help: boolean;
  /** Every flag of the table: its parsed value, or its default. */
  values: Record<FlagName, string | number | boolean | string[] | undefined>;
}

function entries(command: Command): [FlagName, FlagSpec][] {
  return (Object.entries(FLAGS) as [FlagName, FlagSpec][]).filter(([, spec]) =>
    spec.commands.includes(command),
  );
}

/** Parses the arguments after the command name; throws {@link UsageError} for any mistake. */
export function parseFlags(args: readonly string[], command: Command): ServeFlags {
  const known = entries(command);
  const options: Record<string, { type: 'boolean' | 'string'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, spec] of known) options[name] = { type: spec.type };
  const { tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values = {} as ServeFlags['values'];
  for (const [name, spec] of known) values[name] = spec.default;
  const given = new Set<string>();
  let module: string | undefined;
  let help = false;
  const client = (CLIENT_COMMANDS as readonly string[]).includes(command);
  const positionals: string[] = [];
  let rest: string[] | undefined;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') {
      // A client command's stdio server: everything after `--`, untouched.
      if (client) {
        rest = args.slice(token.index + 1);
        break;
      }
      continue;
    }
    if (token.kind === 'positional') {
      positionals.push(token.value);
      if (client) continue;
      if (module !== undefined)
        throw new UsageError(`One module at most (got "${module}" and "${token.value}").`);
      module = token.value;
      continue;
    }
    if (token.name === 'help') {
      help = true;
      continue;
    }
    const spec = (FLAGS as Record<string, FlagSpec>)[token.name];
    if (spec === undefined || !spec.commands.includes(command))
      throw new UsageError(`Unknown option ${token.rawName}.`);
    if (spec.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value.`);
      values[token.name as FlagName] = true;
    } else {
      // `--port --http`: parseArgs would take "--http" as the port.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-')))
        throw new UsageError(`${token.rawName} needs a value.`);
      const value = spec.parse ? spec.parse(token.value) : token.value;
      if (spec.multiple) {
        const list = (values[token.name as FlagName] as string[] | undefined) ?? [];
        values[token.name as FlagName] = [...list, String(value)];
      } else values[token.name as FlagName] = value;
    }
    given.add(token.name);
  }
  if (given.has('stdio') && given.has('http'))
    throw new UsageError('Choose one of --stdio and --http.');
  const transport = given.has('http') ? 'http' : 'stdio';
  if (given.has('jwt-audience') && !given.has('jwt-issuer'))
    throw new UsageError('--jwt-audience goes with --jwt-issuer.');
  if (transport === 'stdio' && known.some(([name]) => name === 'stdio')) {
    const httpOnly = known.filter(([, spec]) => spec.http).map(([name]) => `--${name}`);
    if (httpOnly.some((flag) => given.has(flag.slice(2)))) {
      const list = `${httpOnly.slice(0, -1).join(', ')} and ${httpOnly[httpOnly.length - 1]}`;
      throw new UsageError(`${list} go with --http.`);
    }
  }
  const count = values.workers as number | undefined;
  if (count !== undefined && count > 1 && !given.has('redis'))
    throw new UsageError(
      values.stateless === true
        ? `--workers ${count} needs --redis URL: each process would seal requestState (MCP 2026-07-28) with its own secret and keep its own enabled tools, so a retry may land on a process that cannot open it. Add --redis redis://127.0.0.1:6379, or run one worker.`
        : `--workers ${count} needs --redis URL: each process would keep its own sessions, so a client's next request may land on a process that does not know its session. Add --redis redis://127.0.0.1:6379, or run one worker.`,
    );
  return { module, positionals, command: rest, transport, help, values };
}

/** The flags part of a command's usage: one line per flag of the table. */
export function flagsUsage(command: Command): string {
  const rows = entries(command).map(([name, spec]) => ({
    left: `--${name}${spec.value ? ` ${spec.value}` : ''}`,
    help: typeof spec.help === 'string' ? spec.help : (spec.help[command] ?? ''),
  }));
  const width = Math.max(14, ...rows.map((row) => row.left.length + 2));
  const lines = rows.map((row) => `  ${row.left.padEnd(width)}${row.help}`);
  return `${lines.join('\n')}\n`;
}

/** The synopsis of a command's flags: `[--stdio | --http [--port N] …]`. */
export function flagsSynopsis(command: Command): string {
  const http = entries(command)
    .filter(([, spec]) => spec.http)
    .map(([name, spec]) => `[--${name}${spec.value ? ` ${spec.value}` : ''}]`);
  return `[--stdio | --http ${http.join(' ')}]`;
}
