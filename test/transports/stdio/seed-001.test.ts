/**
 * Seed 001 ("MCP over stdio"), rule by rule, with in-memory streams: the client's bytes go into
 * the input exactly as the seed's `printf` pipe writes them, and the answer lines are compared as
 * text. The same pipe against a real child process is in child-process.test.ts.
 */
import { Writable } from 'node:stream';
import { type JsonObject, McpCore } from '../../../src/core';
import { StdioTransport } from '../../../src/transports/stdio';
import {
  CALL_COUNT,
  COUNT_ANSWER,
  INITIALIZE,
  INITIALIZE_ANSWER,
  INITIALIZED,
} from '../../helpers/stdio-lines';
import { harness } from './harness';

/** The seed's server: one tool, `count`. */
function notes(caller?: (name: string, args: JsonObject, context: unknown) => unknown): McpCore {
  return new McpCore({
    name: 'Notes',
    version: '1.0.0',
    lister: () => [
      {
        name: 'count',
        description: 'How many notes there are.',
        inputSchema: { type: 'object', properties: {} },
      },
    ],
    caller:
      caller ??
      (() => ({
        content: [{ type: 'text', text: '3 notes.' }],
        isError: false,
      })),
  });
}

describe('seed 001: serve MCP from a command', () => {
  it("answers the seed's printf pipe line by line and resolves 0 at end of input", async () => {
    const h = harness(notes());
    // printf '%s\n' initialize initialized tools/call | bootgly mcp
    h.input.end(`${INITIALIZE}\n${INITIALIZED}\n${CALL_COUNT}\n`);
    expect(await h.serving).toBe(0);
    expect(h.out).toBe(`${INITIALIZE_ANSWER}\n${COUNT_ANSWER}\n`);
    expect(h.err).toBe('');
  });
});

describe('seed 001: what goes where', () => {
  it('accepts \\r\\n line endings', async () => {
    const h = harness(notes());
    h.input.end(`${INITIALIZE}\r\n${INITIALIZED}\r\n${CALL_COUNT}\r\n`);
    expect(await h.serving).toBe(0);
    expect(h.out).toBe(`${INITIALIZE_ANSWER}\n${COUNT_ANSWER}\n`);
  });

  it('skips blank and whitespace-only lines', async () => {
    const h = harness(notes());
    h.input.end(`\n\r\n${INITIALIZE}\n   \n\t \r\n\n${CALL_COUNT}\n\n`);
    expect(await h.serving).toBe(0);
    expect(h.out).toBe(`${INITIALIZE_ANSWER}\n${COUNT_ANSWER}\n`);
    expect(h.err).toBe('');
  });

  it('serves the last line when it ends without a newline', async () => {
    const h = harness(notes());
    h.input.end(`${INITIALIZE}\n${CALL_COUNT}`);
    expect(await h.serving).toBe(0);
    expect(h.out).toBe(`${INITIALIZE_ANSWER}\n${COUNT_ANSWER}\n`);
  });

  it('writes no line for a notification, one line for a batch', async () => {
    const h = harness(notes());
    h.input.end(
      `${INITIALIZED}\n[${INITIALIZED},{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":8,"method":"ping"}]\n`,
    );
    expect(await h.serving).toBe(0);
    expect(h.out).toBe(
      '[{"jsonrpc":"2.0","id":7,"result":{}},{"jsonrpc":"2.0","id":8,"result":{}}]\n',
    );
  });

  it('answers a line that is not JSON with a parse error on the output, nothing on stderr', async () => {
    const h = harness(notes());
    h.input.end('not json\n');
    expect(await h.serving).toBe(0);
    expect(h.out).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n',
    );
    expect(h.err).toBe('');
  });
});

describe('seed 001: who is calling', () => {
  it('hands the context to every call, as the closure’s last seed argument', async () => {
    const identity = { user: 'ada', scopes: ['notes:read'] };
    const seen: unknown[] = [];
    const core = notes((_name, _args, context) => {
      seen.push(context);
      return { content: [{ type: 'text', text: '3 notes.' }], isError: false };
    });
    const h = harness(core, { context: identity });
    expect(h.transport.context).toBe(identity);
    h.input.end(`${INITIALIZE}\n${CALL_COUNT}\n${CALL_COUNT.replace('"id":2', '"id":3')}\n`);
    expect(await h.serving).toBe(0);
    expect(seen).toEqual([identity, identity]);
    expect(seen[0]).toBe(identity);
  });
});

describe('seed 001: limits and shutdown', () => {
  it('discards a line longer than `line` bytes, answers it once with -32600 and serves the next', async () => {
    const h = harness(notes(), { line: 64 });
    const long = `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"${'x'.repeat(100)}"}}`;
    h.input.end(`${long}\n{"jsonrpc":"2.0","id":10,"method":"ping"}\n`);
    expect(await h.serving).toBe(0);
    expect(h.out).toBe(
      `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a line of ${Buffer.byteLength(long)} bytes is longer than this server's limit of 64 bytes; send smaller messages"}}\n{"jsonrpc":"2.0","id":10,"result":{}}\n`,
    );
    expect(h.err).toBe(
      `declarative-mcp stdio: discarded a line of ${Buffer.byteLength(long)} bytes, longer than the limit of 64; answered -32600 Invalid Request.\n`,
    );
  });

  it('does not count the \\n or \\r\\n ending against the limit', async () => {
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const h = harness(notes(), { line: Buffer.byteLength(ping) });
    h.input.end(`${ping}\r\n${ping}\n${ping.replace('}', ' }')}\n`);
    expect(await h.serving).toBe(0);
    // Answers are concurrent: the refusal, written at once, may come before the pings' answers.
    expect(h.lines().sort()).toEqual([
      '{"jsonrpc":"2.0","id":1,"result":{}}',
      '{"jsonrpc":"2.0","id":1,"result":{}}',
      `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a line of ${Buffer.byteLength(ping) + 1} bytes is longer than this server's limit of ${Buffer.byteLength(ping)} bytes; send smaller messages"}}`,
    ]);
  });

  it('resolves 0 at end of input', async () => {
    const h = harness(notes());
    h.input.end();
    expect(await h.serving).toBe(0);
    expect(h.out).toBe('');
  });

  it('resolves 1 when the output can no longer be written (EPIPE)', async () => {
    const input = new (require('node:stream').PassThrough)();
    const error = new (require('node:stream').PassThrough)();
    let diagnostics = '';
    error.on('data', (chunk: Buffer) => {
      diagnostics += chunk;
    });
    const output = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const transport = new StdioTransport(notes(), { input, output, error });
    const serving = transport.serving();
    input.write(`${INITIALIZE}\n`);
    expect(await serving).toBe(1);
    expect(diagnostics).toBe('declarative-mcp stdio: the output is gone (EPIPE); stopping.\n');
    expect(transport.peer.isClosed).toBe(true);
    // Reading stopped: the input is no longer consumed.
    expect(input.listenerCount('data')).toBe(0);
  });
});

describe('seed 001: reference', () => {
  it('exposes the core, the context and the line limit (4 MiB by default)', () => {
    const core = notes();
    const transport = new StdioTransport(core);
    expect(transport.core).toBe(core);
    expect(transport.context).toBeUndefined();
    expect(transport.line).toBe(4_194_304);
    expect(new StdioTransport({ core }, { line: 10 }).line).toBe(10);
  });

  // The checks of each option are in stdio-options.test.ts.
  it('throws a TypeError for something that is neither a core nor an application', () => {
    expect(() => new StdioTransport({} as McpCore)).toThrow(TypeError);
  });
});
