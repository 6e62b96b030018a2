/**
 * StdioTransport beyond the seed's examples: concurrency, byte-level framing, the line limit
 * without buffering, the call's channel (progress, logs, server→client requests, cancellation),
 * broadcasts, shutdown. Driven with in-memory streams.
 */
import { PassThrough, Readable, Writable } from 'node:stream';
import {
  ErrorCode,
  Fault,
  type JsonObject,
  type McpCall,
  McpCore,
  type McpCoreOptions,
} from '../../../src/core';
import { StdioTransport } from '../../../src/transports/stdio';
import { LineReader } from '../../../src/transports/stdio/line-reader';
import { eventually } from '../../helpers/within';
import { harness } from './harness';

type Tool = (args: JsonObject, call: McpCall) => unknown;

/** A core whose tools are plain functions; each returns a text (or a whole result object). */
function server(tools: Record<string, Tool>, options: Partial<McpCoreOptions> = {}): McpCore {
  return new McpCore({
    name: 'Test',
    version: '1.0.0',
    lister: () =>
      Object.keys(tools).map((name) => ({ name, inputSchema: { type: 'object', properties: {} } })),
    caller: async (name, args, _context, call) => {
      const tool = tools[name];
      if (tool === undefined) throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
      const value = await tool(args, call);
      return typeof value === 'string' ? { content: [{ type: 'text', text: value }] } : value;
    },
    ...options,
  });
}

/** A promise with its resolve exposed: a tool awaits it, the test releases it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function call(id: number | string, name: string, args?: JsonObject, meta?: JsonObject): string {
  const params: JsonObject = { name };
  if (args !== undefined) params.arguments = args;
  if (meta !== undefined) params._meta = meta;
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });
}

function initialize(capabilities: JsonObject = {}): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities,
      clientInfo: { name: 't', version: '1' },
    },
  });
}

const text = (id: number | string, value: string): string =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":${JSON.stringify(value)}}]}}`;

describe('StdioTransport: concurrency', () => {
  it('answers a fast call sent later before a slow call still running', async () => {
    const slow = gate();
    const h = harness(
      server({
        slow: async () => {
          await slow.promise;
          return 'slow done';
        },
        fast: () => 'fast done',
      }),
    );
    h.send(call(1, 'slow'), call(2, 'fast'));
    expect(await h.until(1)).toEqual([text(2, 'fast done')]);
    slow.open();
    expect(await h.until(2)).toEqual([text(2, 'fast done'), text(1, 'slow done')]);
    h.input.end();
    expect(await h.serving).toBe(0);
  });

  it('at end of input, waits for the calls in flight and their answers before resolving 0', async () => {
    const h = harness(
      server({
        slow: async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return 'late';
        },
      }),
    );
    h.input.end(`${call(1, 'slow')}\n${call(2, 'slow')}`);
    expect(await h.serving).toBe(0);
    expect(h.lines().sort()).toEqual([text(1, 'late'), text(2, 'late')]);
  });

  it('writes every message whole, with one write call per line', async () => {
    const writes: string[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString('utf8'));
        setImmediate(callback);
      },
    });
    const input = new PassThrough();
    const core = server({
      big: (_args, c) => {
        for (let i = 0; i < 3; i++) c.progress(i, 3, 'x'.repeat(50_000));
        return 'y'.repeat(200_000);
      },
    });
    const transport = new StdioTransport(core, { input, output, error: new PassThrough() });
    const serving = transport.serving();
    input.end(
      `${call(1, 'big', {}, { progressToken: 'a' })}\n${call(2, 'big', {}, { progressToken: 'b' })}\n`,
    );
    expect(await serving).toBe(0);
    expect(writes).toHaveLength(8);
    for (const chunk of writes) {
      expect(chunk.endsWith('\n')).toBe(true);
      expect(chunk.indexOf('\n')).toBe(chunk.length - 1);
      expect(() => JSON.parse(chunk)).not.toThrow();
    }
  });

  it('stops reading while the output is full and goes on once it drains', async () => {
    const core = server({ echo: (args) => String(args.text) });
    const input = new PassThrough();
    const output = new PassThrough({ highWaterMark: 64 });
    const transport = new StdioTransport(core, { input, output, error: new PassThrough() });
    const serving = transport.serving();
    for (let i = 0; i < 50; i++) input.write(`${call(i, 'echo', { text: 'z'.repeat(100) })}\n`);
    // Polled, not slept on: the answers reach the output through the writer's own turns, which a
    // loaded machine can leave behind a short timer.
    await eventually(() => input.isPaused(), 10_000, 'the input was never paused');
    let out = '';
    output.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    input.end();
    expect(await serving).toBe(0);
    expect(out.split('\n').filter(Boolean)).toHaveLength(50);
  });
});

describe('StdioTransport: bytes and the line limit', () => {
  // The transport's line readers, seen through LineReader's public prototype, not a private field.
  let push: jest.SpyInstance;
  let readers: LineReader[] = [];
  beforeEach(() => {
    push = jest.spyOn(LineReader.prototype, 'push');
    readers = push.mock.contexts as LineReader[];
  });
  afterEach(() => push.mockRestore());

  it('decodes a multi-byte UTF-8 character split across chunks, byte by byte', async () => {
    const h = harness(server({ echo: (args) => String(args.text) }));
    const bytes = Buffer.from(`${call(1, 'echo', { text: 'naïve 🌍 日本語' })}\n`);
    for (const byte of bytes) h.input.write(Buffer.from([byte]));
    h.input.end();
    expect(await h.serving).toBe(0);
    expect(h.out).toBe(`${text(1, 'naïve 🌍 日本語')}\n`);
  });

  it('accepts input decoded to strings (setEncoding) as well', async () => {
    const h = harness(server({ echo: (args) => String(args.text) }));
    h.input.setEncoding('utf8');
    h.input.end(`${call(1, 'echo', { text: 'é' })}\n`);
    expect(await h.serving).toBe(0);
    expect(h.out).toBe(`${text(1, 'é')}\n`);
  });

  it('drops a 1 MB line fed in small chunks (limit 64), answers it once, serves the next', async () => {
    const h = harness(server({}), { line: 64 });
    const chunk = Buffer.alloc(1024, 0x61);
    const head = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"';
    h.input.write(head);
    for (let i = 0; i < 1024; i++) h.input.write(chunk);
    h.input.write('"}}\r\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    h.input.end();
    expect(await h.serving).toBe(0);
    expect(h.lines()).toEqual([
      `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a line of ${head.length + 1024 * 1024 + 3} bytes is longer than this server's limit of 64 bytes; send smaller messages"}}`,
      '{"jsonrpc":"2.0","id":2,"result":{}}',
    ]);
    expect(h.err).toBe(
      `declarative-mcp stdio: discarded a line of ${head.length + 1024 * 1024 + 3} bytes, longer than the limit of 64; answered -32600 Invalid Request.\n`,
    );
    expect(readers.at(-1)!.peakBuffered).toBeLessThanOrEqual(65);
  });

  it('drops a 50 MB line with the default 4 MiB limit without holding it', async () => {
    const core = server({});
    const input = Readable.from(
      (function* () {
        for (let i = 0; i < 800; i++) yield Buffer.alloc(65_536, 0x61);
        yield Buffer.from('\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
      })(),
    );
    const output = new PassThrough();
    let out = '';
    output.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    const transport = new StdioTransport(core, { input, output, error: new PassThrough() });
    expect(await transport.serving()).toBe(0);
    expect(out).toBe(
      `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a line of ${800 * 65_536} bytes is longer than this server's limit of ${4 * 1024 * 1024} bytes; send smaller messages"}}\n{"jsonrpc":"2.0","id":1,"result":{}}\n`,
    );
    expect(readers.at(-1)!.peakBuffered).toBeLessThanOrEqual(4 * 1024 * 1024 + 1);
  });
});

describe('StdioTransport: during a call', () => {
  it('sends progress and log messages of a call in order, before its answer', async () => {
    const h = harness(
      server(
        {
          work: (_args, c) => {
            c.progress(1, 2, 'half');
            c.log('info', { step: 1 }, 'worker');
            c.progress(2, 2);
            return 'done';
          },
        },
        { logging: true },
      ),
    );
    h.input.end(`${call(1, 'work', {}, { progressToken: 'tok' })}\n`);
    expect(await h.serving).toBe(0);
    expect(h.lines()).toEqual([
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok","progress":1,"total":2,"message":"half"}}',
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":{"step":1},"logger":"worker"}}',
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok","progress":2,"total":2}}',
      text(1, 'done'),
    ]);
  });

  it('keeps the log level the client set for this process', async () => {
    const h = harness(
      server(
        {
          work: (_args, c) => {
            c.log('info', 'quiet');
            c.log('error', 'loud');
            return 'done';
          },
        },
        { logging: true },
      ),
    );
    h.send('{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"warning"}}');
    await h.until(1);
    h.input.end(`${call(2, 'work')}\n`);
    expect(await h.serving).toBe(0);
    expect(h.transport.peer.logLevel).toBe('warning');
    expect(h.lines().slice(1)).toEqual([
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"error","data":"loud"}}',
      text(2, 'done'),
    ]);
  });

  it('routes the client’s answer to an elicitation back to the call that asked', async () => {
    const h = harness(
      server({
        greet: async (_args, c) => {
          const answer = await c.elicit('Your name?', {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
          });
          return answer.action === 'accept' ? `Hello ${answer.content.name}` : answer.action;
        },
      }),
    );
    h.send(initialize({ elicitation: {} }));
    await h.until(1);
    h.send(call(1, 'greet'));
    const lines = await h.until(2);
    expect(lines[1]).toBe(
      '{"jsonrpc":"2.0","id":"srv-1","method":"elicitation/create","params":{"message":"Your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}}',
    );
    expect(h.transport.peer.awaiting).toBe(1);
    h.send('{"jsonrpc":"2.0","id":"srv-1","result":{"action":"accept","content":{"name":"Ada"}}}');
    expect((await h.until(3))[2]).toBe(text(1, 'Hello Ada'));
    h.input.end();
    expect(await h.serving).toBe(0);
    expect(h.lines()).toHaveLength(3);
  });

  it('at end of input, fails a server→client request still awaiting its answer', async () => {
    const h = harness(
      server({
        greet: async (_args, c) => {
          try {
            await c.elicit('Your name?', { type: 'object', properties: {} });
            return 'answered';
          } catch (error) {
            return `failed: ${(error as Error).message}`;
          }
        },
      }),
    );
    h.send(initialize({ elicitation: {} }));
    await h.until(1);
    h.send(call(1, 'greet'));
    await h.until(2);
    h.input.end();
    expect(await h.serving).toBe(0);
    expect(h.lines()[2]).toBe(
      text(1, 'failed: The client closed its input: it can no longer answer.'),
    );
  });

  it.each(['clientRequestTimeout'] as const)(
    'times a server→client request out after %s, telling the client',
    async (option) => {
      const h = harness(
        server({
          roots: async (_args, c) => {
            try {
              return JSON.stringify(await c.roots());
            } catch (error) {
              return `failed: ${(error as Error).message}`;
            }
          },
        }),
        { [option]: 20 },
      );
      h.send(initialize({ roots: {} }));
      await h.until(1);
      h.send(call(1, 'roots'));
      expect((await h.until(4)).slice(1)).toEqual([
        '{"jsonrpc":"2.0","id":"srv-1","method":"roots/list","params":{}}',
        '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"srv-1","reason":"timeout"}}',
        text(1, 'failed: The client did not answer roots/list within 20 ms.'),
      ]);
      h.input.end();
      expect(await h.serving).toBe(0);
    },
  );

  it('aborts the call’s signal on notifications/cancelled and writes no answer for it', async () => {
    let seen: AbortSignal | undefined;
    const started = gate();
    const h = harness(
      server({
        wait: (_args, c) => {
          seen = c.signal;
          started.open();
          return new Promise((resolve) => {
            c.signal.addEventListener('abort', () => resolve('aborted anyway'));
          });
        },
      }),
    );
    h.send(call(7, 'wait'));
    await started.promise;
    expect(h.transport.peer.inFlight).toBe(1);
    h.send(
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user"}}',
    );
    h.input.end('{"jsonrpc":"2.0","id":8,"method":"ping"}\n');
    expect(await h.serving).toBe(0);
    expect(seen?.aborted).toBe(true);
    expect(h.lines()).toEqual(['{"jsonrpc":"2.0","id":8,"result":{}}']);
  });
});

describe('StdioTransport: server-wide notifications', () => {
  it('sends list_changed to the client once it initialized, and no more once serving ended', async () => {
    const core = server({}, { listChanged: true });
    const h = harness(core);
    core.notifyListChanged('tools');
    h.send(initialize());
    await h.until(1);
    core.notifyListChanged('tools');
    core.notifyListChanged('prompts');
    expect(await h.until(3)).toEqual([
      expect.stringContaining('"id":0,"result"'),
      '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}',
      '{"jsonrpc":"2.0","method":"notifications/prompts/list_changed"}',
    ]);
    h.input.end();
    expect(await h.serving).toBe(0);
    core.notifyListChanged('tools');
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.lines()).toHaveLength(3);
  });

  it('sends resources/updated only for a URI the client subscribed to', async () => {
    const core = server(
      {},
      {
        resources: () => [{ uri: 'note://1', name: 'one' }],
        reader: (uri) => [{ uri, text: 'one' }],
        subscriptions: true,
      },
    );
    const h = harness(core);
    h.send(
      initialize(),
      '{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"note://1"}}',
    );
    await h.until(2);
    core.notifyResourceUpdated('note://2');
    core.notifyResourceUpdated('note://1');
    expect((await h.until(3))[2]).toBe(
      '{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"note://1"}}',
    );
    h.input.end();
    expect(await h.serving).toBe(0);
    expect(h.lines()).toHaveLength(3);
  });
  it('bounds subscriptions: maxSubscriptions and maxUriLength answer -32602 (issue 19)', async () => {
    const core = server(
      {},
      {
        resources: () => [{ uri: 'note://1', name: 'one' }],
        reader: (uri) => [{ uri, text: 'one' }],
        subscriptions: true,
      },
    );
    const h = harness(core, { maxSubscriptions: 1, maxUriLength: 12 });
    const subscribe = (id: number, uri: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"resources/subscribe","params":{"uri":"${uri}"}}`;
    h.send(
      initialize(),
      subscribe(1, 'note://1'),
      subscribe(2, 'note://2'),
      subscribe(3, 'note://123456'),
    );
    // (Answers go out as each call ends: in id order here.)
    const lines = (await h.until(4)).filter((line) => !line.includes('"id":0'));
    lines.sort((x, y) => x.localeCompare(y));
    expect(lines).toEqual([
      '{"jsonrpc":"2.0","id":1,"result":{}}',
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params: resources/subscribe: this client already holds the most subscriptions allowed (1); unsubscribe from one first","data":{"reason":"resources/subscribe: this client already holds the most subscriptions allowed (1); unsubscribe from one first","limit":1}}}',
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: resources/subscribe: a URI must not exceed 12 characters (got 13); subscribe to a shorter one","data":{"reason":"resources/subscribe: a URI must not exceed 12 characters (got 13); subscribe to a shorter one","limit":12}}}',
    ]);
    h.input.end();
    expect(await h.serving).toBe(0);
  });

  it('a 2026-07-28 subscriptions/listen naming more URIs than maxSubscriptions is -32602, with no acknowledgement', async () => {
    const core = server(
      {},
      {
        resources: () => [{ uri: 'note://1', name: 'one' }],
        reader: (uri) => [{ uri, text: 'one' }],
        subscriptions: true,
      },
    );
    const h = harness(core, { maxSubscriptions: 2 });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    h.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'l1',
        method: 'subscriptions/listen',
        params: {
          notifications: { resourceSubscriptions: ['note://1', 'note://2', 'note://3'] },
          _meta: meta,
        },
      }),
    );
    expect(await h.until(1)).toEqual([
      '{"jsonrpc":"2.0","id":"l1","error":{"code":-32602,"message":"Invalid params: subscriptions/listen: at most 2 resource subscriptions are allowed at once (got 3); watch fewer URIs","data":{"reason":"subscriptions/listen: at most 2 resource subscriptions are allowed at once (got 3); watch fewer URIs","limit":2}}}',
    ]);
    h.input.end();
    expect(await h.serving).toBe(0);
  });

  it.each([-1, 1.5, '3'])('throws a RangeError for maxSubscriptions %p', (value) => {
    expect(
      () => new StdioTransport(server({}), { maxSubscriptions: value as unknown as number }),
    ).toThrow(
      `StdioTransport: "maxSubscriptions" must be a whole number of 0 or more (got ${String(value)}); 0 means no limit, the default is 100.`,
    );
  });
});

describe('StdioTransport: shutdown', () => {
  it('returns the same promise when serving() is called twice', () => {
    const h = harness(server({}));
    expect(h.transport.serving()).toBe(h.serving);
    h.input.end();
    return h.serving;
  });

  it('close() stops reading and aborts the calls in flight; serving() resolves 0', async () => {
    let seen: AbortSignal | undefined;
    const started = gate();
    const h = harness(
      server({
        wait: (_args, c) => {
          seen = c.signal;
          started.open();
          return new Promise((resolve) => c.signal.addEventListener('abort', () => resolve('x')));
        },
      }),
    );
    h.send(call(1, 'wait'));
    await started.promise;
    h.transport.close();
    h.send('{"jsonrpc":"2.0","id":2,"method":"ping"}');
    expect(await h.serving).toBe(0);
    expect(seen?.aborted).toBe(true);
    expect(h.out).toBe('');
    expect(h.input.listenerCount('data')).toBe(0);
  });

  it('close() before serving() makes serving() resolve 0 at once', async () => {
    const transport = new StdioTransport(server({}), {
      input: new PassThrough(),
      output: new PassThrough(),
      error: new PassThrough(),
    });
    transport.close();
    expect(await transport.serving()).toBe(0);
  });

  it('resolves 1 when the output closes while a call runs, aborting the call', async () => {
    let seen: AbortSignal | undefined;
    const started = gate();
    const h = harness(
      server({
        wait: (_args, c) => {
          seen = c.signal;
          started.open();
          return new Promise(() => {});
        },
      }),
    );
    h.send(call(1, 'wait'));
    await started.promise;
    h.output.destroy();
    expect(await h.serving).toBe(1);
    expect(seen?.aborted).toBe(true);
    expect(h.err).toBe(
      'declarative-mcp stdio: the output is gone (The output stream closed.); stopping.\n',
    );
  });

  it('resolves 1 when the output errors, with no unhandled error event', async () => {
    const h = harness(server({}));
    h.output.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(await h.serving).toBe(1);
    expect(h.err).toContain('the output is gone (EPIPE)');
  });

  it('resolves 1 when the input fails, after answering what is in flight', async () => {
    const h = harness(server({ slow: () => new Promise((r) => setTimeout(() => r('ok'), 20)) }));
    h.send(call(1, 'slow'));
    await new Promise((resolve) => setImmediate(resolve));
    h.input.destroy(new Error('EIO'));
    expect(await h.serving).toBe(1);
    expect(h.lines()).toEqual([text(1, 'ok')]);
    expect(h.err).toContain('the input failed (EIO)');
  });
});
