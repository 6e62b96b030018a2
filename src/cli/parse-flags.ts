/**
 * Parsing a command's arguments against the flag table (./flags), with `node:util` `parseArgs`
 * (so `--port=3000` and `--port 3000` both work), and the checks across flags (`--stdio` or
 * `--http`, HTTP-only flags, `--workers` needing `--redis`).
 */
import { parseArgs } from 'node:util';
import { UsageError } from '../core';
import {
  CLIENT_COMMANDS,
  type Command,
  FLAGS,
  type FlagName,
  type FlagSpec,
  flagsOf,
} from './flags';

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

/** Parses the arguments after the command name; throws {@link UsageError} for any mistake. */
export function parseFlags(args: readonly string[], command: Command): ServeFlags {
  const known = flagsOf(command);
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
