/**
 * The client commands, `list`, `call`, `read` and `get`: connect to a server (a URL, a compiled
 * module, or a stdio command after `--`), do one thing, print the JSON answer on stdout. Loaded
 * only when one of them runs: `serve` never loads the client.
 */
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isObject, type JsonObject, McpClientError, REVISIONS, UsageError } from '../core';
import type { TestClient } from '../testing';
import { type ClientCommand, flagsUsage } from './flags';
import { loadApplication } from './load';
import type { ServeFlags } from './parse-flags';

const SYNOPSIS: Record<ClientCommand, string> = {
  list: 'list <target> [tools|resources|templates|prompts]',
  call: 'call <target> <tool> [json-args]',
  read: 'read <target> <uri>',
  get: 'get <target> <prompt> [json-args]',
};

const WHAT: Record<ClientCommand, string> = {
  list: "Prints the server's tools, resources, resource templates and prompts (or one kind) as JSON.",
  call: 'Calls a tool and prints its CallToolResult; a result with isError exits 1.',
  read: 'Reads a resource and prints its ReadResourceResult.',
  get: 'Gets a prompt and prints its GetPromptResult.',
};

/** The usage of a client command. */
export function clientUsage(command: ClientCommand): string {
  return `Usage: declarative-mcp ${SYNOPSIS[command]} [options]
       declarative-mcp ${SYNOPSIS[command].replace('<target> ', '')} [options] -- <command> [args…]

${WHAT[command]}

<target> is one of:
  http(s)://…   an MCP server over Streamable HTTP
  <module>      a compiled .js file exporting an McpApplication, served in this process
  -- <command>  any MCP server over stdio, started as this command (always last)

${flagsUsage(command)}`;
}

/** What `list` may be narrowed to, and the result key each prints. */
const KINDS = {
  tools: 'tools',
  resources: 'resources',
  templates: 'resourceTemplates',
  prompts: 'prompts',
} as const;

function jsonArgs(raw: string | undefined, what: string): JsonObject {
  if (raw === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new UsageError(`The ${what} arguments must be JSON, e.g. '{"a":1}' (got ${raw}).`);
  }
  if (!isObject(value))
    throw new UsageError(
      `The ${what} arguments must be a JSON object, e.g. '{"a":1}' (got ${raw}).`,
    );
  return value;
}

/** Answers elicitation from `--answer`, in order; declines (saying so) once they run out. */
function elicitation(answers: string[], say: (text: string) => void) {
  let next = 0;
  return (params: JsonObject): JsonObject => {
    const question = typeof params.message === 'string' ? params.message : 'a question';
    const raw = answers[next++];
    if (raw === undefined) {
      say(`the server asked "${question}"; declined (give --answer '<json>' to answer it).`);
      return { action: 'decline' };
    }
    const value = JSON.parse(raw) as JsonObject;
    return typeof value.action === 'string' ? value : { action: 'accept', content: value };
  };
}

/**
 * Answers `roots/list` with the `--root` directories (or `file://` URIs), else the current
 * directory, saying so once: the server learns where the user works.
 */
function roots(given: string[], cwd: string, say: (text: string) => void) {
  const list = (given.length > 0 ? given : [cwd]).map((root) => {
    const uri = /^file:\/\//i.test(root) ? root : pathToFileURL(resolve(cwd, root)).href;
    return { uri, name: basename(new URL(uri).pathname) || uri };
  });
  let told = given.length > 0;
  return (): JsonObject => {
    if (!told) {
      told = true;
      say(`the server asked for roots; answered ${list[0]!.uri} (give --root DIR to choose).`);
    }
    return { roots: list };
  };
}

/** Connects to the target the arguments name; `rest` is what follows it. */
async function open(
  flags: ServeFlags,
  cwd: string,
  say: (text: string) => void,
): Promise<{ client: TestClient; rest: string[] }> {
  const { connect, connectHttp, connectProcess } =
    require('../testing') as typeof import('../testing');
  const values = flags.values;
  const options = {
    protocolVersion: values.protocol as string | undefined,
    // No sampling: the command line has no model to ask, so it declares none.
    handlers: {
      elicitation: elicitation((values.answer as string[] | undefined) ?? [], say),
      roots: roots((values.root as string[] | undefined) ?? [], cwd, say),
    },
    clientInfo: { name: 'declarative-mcp', version: '1' },
  };
  const headers: Record<string, string> = {};
  for (const line of (values.header as string[] | undefined) ?? []) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  if (values.token !== undefined) headers.authorization = `Bearer ${values.token as string}`;
  const urlOnly = Object.keys(headers).length > 0;
  if (flags.command !== undefined) {
    const [command, ...args] = flags.command;
    if (command === undefined)
      throw new UsageError('Give the server command after --, e.g. -- node server.js');
    if (urlOnly) throw new UsageError('--header and --token go with a URL target.');
    return {
      client: await connectProcess(command, args, { ...options, cwd }),
      rest: flags.positionals,
    };
  }
  const [target, ...rest] = flags.positionals;
  if (target === undefined)
    throw new UsageError('Give a target: a URL, a compiled module, or -- <command>.');
  if (/^https?:\/\//i.test(target)) {
    if (!URL.canParse(target)) throw new UsageError(`"${target}" is not a URL.`);
    return { client: await connectHttp(target, { ...options, headers, onWarning: say }), rest };
  }
  if (urlOnly) throw new UsageError('--header and --token go with a URL target.');
  const app = await loadApplication(target, cwd);
  // In process, the newest revision unless told otherwise: this framework speaks both.
  const client = await connect(app as never, undefined, {
    ...options,
    protocolVersion: options.protocolVersion ?? REVISIONS[0].name,
  });
  return { client, rest };
}

/** Checks the arguments after the target before connecting: a mistake costs no connection. */
function check(command: ClientCommand, rest: string[]): void {
  const most = { list: 1, call: 2, read: 1, get: 2 }[command];
  if (rest.length > most) throw new UsageError(`Too many arguments: ${rest.slice(most).join(' ')}`);
  if (command === 'list' && rest[0] !== undefined && !(rest[0] in KINDS))
    throw new UsageError(`list shows tools, resources, templates or prompts (got "${rest[0]}").`);
  if (command !== 'list' && rest[0] === undefined)
    throw new UsageError(
      {
        call: 'call needs a tool name.',
        read: 'read needs a resource URI.',
        get: 'get needs a prompt name.',
      }[command],
    );
  if (command === 'call') jsonArgs(rest[1], 'tool');
  if (command === 'get') jsonArgs(rest[1], 'prompt');
}

/** Whether the server declares a capability (a list it does not declare is printed empty). */
function declares(client: TestClient, kind: string): boolean {
  const capabilities = client.initialized.capabilities;
  return isObject(capabilities) && capabilities[kind] !== undefined;
}

async function run(
  command: ClientCommand,
  client: TestClient,
  rest: string[],
): Promise<{ result: unknown; failed: boolean }> {
  if (command === 'list') {
    const wanted = rest[0] === undefined ? Object.keys(KINDS) : [rest[0]];
    const result: JsonObject = {};
    for (const kind of wanted as (keyof typeof KINDS)[]) {
      const capability = kind === 'templates' ? 'resources' : kind;
      const lister = {
        tools: () => client.listTools(),
        resources: () => client.listResources(),
        templates: () => client.listResourceTemplates(),
        prompts: () => client.listPrompts(),
      }[kind];
      result[KINDS[kind]] = declares(client, capability)
        ? ((await lister()) as unknown as JsonObject[])
        : [];
    }
    return { result, failed: false };
  }
  if (command === 'call') {
    const result = await client.callTool(rest[0]!, jsonArgs(rest[1], 'tool'));
    return { result, failed: result.isError === true };
  }
  if (command === 'read')
    return { result: { contents: await client.readResource(rest[0]!) }, failed: false };
  const args = jsonArgs(rest[1], 'prompt') as Record<string, string>;
  return { result: await client.getPrompt(rest[0]!, args), failed: false };
}

/** One line for a client failure: the server's error, or what went wrong getting there. */
function describe(error: McpClientError, flags: ServeFlags): string {
  const asked = isObject(error.data) ? error.data : {};
  const required = isObject(asked.requiredCapabilities) ? asked.requiredCapabilities : {};
  if (error.reason === 'missing-handler')
    return `The server asked ${String(asked.method)}${asked.method === 'sampling/createMessage' ? ' (an LLM completion)' : ''}, which the command line does not answer (it did not declare it).`;
  if (required.sampling !== undefined)
    return `${error.message} (${error.code}). The command line has no model to answer sampling, so it does not declare it: call this from an MCP client that has one.`;
  if (error.reason === 'unauthorized')
    return flags.values.token === undefined
      ? `${error.message} Give one with --token T.`
      : `${error.message} The token given with --token was refused.`;
  if (error.reason === 'server' && !error.message.includes(String(error.code)))
    return `${error.message} (${error.code})`;
  return error.message;
}

/**
 * Runs a client command: resolves to the exit code (0 done, 1 failed or an `isError` result).
 * Usage mistakes throw {@link UsageError} (exit 2, printed by the caller).
 */
export async function runClient(
  command: ClientCommand,
  flags: ServeFlags,
  io: { cwd: string; output: NodeJS.WritableStream; say: (text: string) => void },
): Promise<number> {
  if (flags.command === undefined) check(command, flags.positionals.slice(1));
  else check(command, flags.positionals);
  let client: TestClient | undefined;
  try {
    const opened = await open(flags, io.cwd, io.say);
    client = opened.client;
    const { result, failed } = await run(command, client, opened.rest);
    io.output.write(
      `${JSON.stringify(result, null, flags.values.pretty === true ? 2 : undefined)}\n`,
    );
    return failed ? 1 : 0;
  } catch (error) {
    if (!McpClientError.is(error)) throw error;
    io.say(describe(error, flags));
    return 1;
  } finally {
    client?.close();
  }
}
