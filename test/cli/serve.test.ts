/**
 * `serve` called directly: over stdio with in-memory streams, over HTTP until the signal (the
 * URL and the client configuration printed), the listen errors turned into usage errors that
 * say what to do, and the stdout guard put in place before a module loads.
 */
import 'reflect-metadata';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { McpApplication, Tool } from 'declarative-mcp';
import { parseFlags } from '../../src/cli/parse-flags';
import { announce, guardBeforeLoading, serve } from '../../src/cli/serve';
import { UsageError } from '../../src/core';
import { within } from '../helpers/within';

class Clock {
  @Tool({ description: 'The time.' })
  now() {
    return 'noon';
  }
}
const app = McpApplication.create({ name: 'clock', version: '1', providers: [Clock] });

/** A stream that keeps what is written to it. */
function sink(): PassThrough & { text(): string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return Object.assign(stream, { text: () => text });
}

test('announce: one line through say, then the client configuration on the error stream', () => {
  const said: string[] = [];
  const error = sink();
  announce('http://127.0.0.1:4000/mcp', { error }, (text) => said.push(text));
  expect(said).toEqual(['serving at http://127.0.0.1:4000/mcp']);
  expect(error.text()).toBe(`Client configuration:
{
  "mcpServers": {
    "app": {
      "type": "http",
      "url": "http://127.0.0.1:4000/mcp"
    }
  }
}
`);
});

test('stdio: answers what comes in, exit 0 when the input ends', async () => {
  const input = new PassThrough();
  const output = sink();
  const error = sink();
  const code = serve(app, parseFlags(['m.js'], 'serve'), { input, output, error }, () => undefined);
  input.end(
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'now', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } })}\n`,
  );
  expect(await within(code, 5000, 'serve did not end with its input')).toBe(0);
  expect(JSON.parse(output.text())).toMatchObject({
    id: 1,
    result: { content: [{ type: 'text', text: 'noon' }] },
  });
  expect(error.text()).toBe('');
});

describe('http', () => {
  const flags = (...more: string[]) =>
    parseFlags(['m.js', '--http', '--port', '0', ...more], 'serve');

  test('serves at the URL it prints, at the path given, until the signal; exit 0 and closed', async () => {
    const said: string[] = [];
    const stop = new AbortController();
    const error = sink();
    let printed!: (url: string) => void;
    const urlPrinted = new Promise<string>((resolve) => {
      printed = resolve;
    });
    const code = serve(
      app,
      flags('--path', '/clock', '--stateless'),
      { error, signal: stop.signal },
      (text) => {
        said.push(text);
        printed(text.replace('serving at ', ''));
      },
    );
    const url = await within(urlPrinted, 5000, 'serve printed no URL');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/clock$/);
    expect(error.text()).toContain(`"url": "${url}"`);
    // A connection of its own (no keep-alive), so closing the server need not wait for it.
    const status = await within(
      new Promise<number | undefined>((resolve, reject) => {
        const req = request(
          url,
          {
            method: 'POST',
            agent: false,
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
      }),
      5000,
      'no answer to ping',
    );
    expect(status).toBe(200);
    stop.abort();
    expect(await within(code, 5000, 'serve did not end on the signal')).toBe(0);
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
  });

  test('a signal already aborted: serves, then stops at once', async () => {
    const said: string[] = [];
    const code = serve(app, flags(), { error: sink(), signal: AbortSignal.abort() }, (t) =>
      said.push(t),
    );
    expect(await within(code, 5000, 'serve did not end')).toBe(0);
    expect(said).toHaveLength(1);
  });

  test('a port in use, or a host that is not this machine: a UsageError saying what to do', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      await expect(
        serve(
          app,
          parseFlags(['m.js', '--http', '--port', String(port)], 'serve'),
          { error: sink() },
          () => undefined,
        ),
      ).rejects.toThrow(
        new UsageError(
          `Port ${port} on 127.0.0.1 is in use. Pick another with --port N (or --port 0 for any free one).`,
        ),
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    await expect(
      serve(app, flags('--host', '203.0.113.7'), { error: sink() }, () => undefined),
    ).rejects.toThrow(
      new UsageError(
        '--host 203.0.113.7 is not an address of this machine. Use 127.0.0.1 (loopback), or 0.0.0.0 for every interface.',
      ),
    );
  });
});

describe('guardBeforeLoading', () => {
  function withGuard(run: (guard: jest.Mock, guarded: typeof guardBeforeLoading) => void): void {
    jest.isolateModules(() => {
      const guard = jest.fn();
      jest.doMock('../../src/transports/stdio', () => ({ guardStdout: guard }));
      run(guard, require('../../src/cli/serve').guardBeforeLoading);
    });
    jest.dontMock('../../src/transports/stdio');
  }

  test('stdio to the process stdout: guarded, stray output to the error stream given', () => {
    withGuard((guard, guarded) => {
      const error = sink();
      guarded(parseFlags(['m.js'], 'serve'), { error });
      expect(guard).toHaveBeenCalledWith(process.stdout, error);
      guarded(parseFlags(['m.js', '--stdio'], 'serve'), {});
      expect(guard).toHaveBeenLastCalledWith(process.stdout, process.stderr);
    });
  });

  test('over HTTP, or when the protocol goes elsewhere: nothing to guard', () => {
    withGuard((guard, guarded) => {
      guarded(parseFlags(['m.js', '--http'], 'serve'), {});
      guarded(parseFlags(['m.js'], 'serve'), { output: sink() });
      expect(guard).not.toHaveBeenCalled();
    });
    // The real one leaves the process alone in those cases too.
    guardBeforeLoading(parseFlags(['m.js', '--http'], 'serve'), {});
  });
});
