/**
 * The default reporter: an unexpected error in a tool, prompt or resource is never silent. The
 * client gets -32603 and nothing else; stderr gets the error, the method and the definition.
 */
import 'reflect-metadata';
import { McpApplication, Prompt, Resource, serveHttp, Tool } from 'declarative-mcp';
import { z } from 'zod';

class Broken {
  @Tool({ input: z.object({ city: z.string() }) })
  forecast(): string {
    throw new Error('the weather service is down');
  }

  @Prompt()
  plan(): string {
    throw 'a thrown string';
  }

  @Resource({ uriTemplate: 'weather://{city}' })
  today(): string {
    throw new TypeError('no such field');
  }
}

let written: string[];
let spy: jest.SpyInstance;

beforeEach(() => {
  written = [];
  spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
});

afterEach(() => spy.mockRestore());

const app = McpApplication.create({ name: 'w', version: '1', providers: [Broken] });

test('a tool that throws: -32603 for the client, the error, method and definition on stderr', async () => {
  const stdout = jest.spyOn(process.stdout, 'write');
  try {
    expect(
      await app.handle(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Oslo"}}}',
      ),
    ).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}');
    expect(stdout).not.toHaveBeenCalled();
  } finally {
    stdout.mockRestore();
  }
  expect(written).toHaveLength(1);
  expect(written[0]).toMatch(
    /^declarative-mcp: tools\/call of Tool "forecast" \(Broken\.forecast\) failed; the client got -32603 Internal error\.\nError: the weather service is down\n {4}at /,
  );
});

test('a prompt that throws a string, a template resource that throws', async () => {
  await app.handle('{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"plan"}}');
  await app.handle(
    '{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"weather://oslo"}}',
  );
  expect(written[0]).toBe(
    'declarative-mcp: prompts/get of Prompt "plan" (Broken.plan) failed; the client got -32603 Internal error.\na thrown string\n',
  );
  expect(written[1]).toMatch(
    /^declarative-mcp: resources\/read of Resource "weather:\/\/\{city\}" \(Broken\.today\) failed; the client got -32603 Internal error\.\nTypeError: no such field\n/,
  );
});

test('a reporter given replaces it: nothing on stderr', async () => {
  const seen: string[] = [];
  const quiet = McpApplication.create({
    name: 'w',
    version: '1',
    providers: [Broken],
    reporter: (error, request) => seen.push(`${request.method}: ${(error as Error).message}`),
  });
  await quiet.handle(
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Oslo"}}}',
  );
  expect(seen).toEqual(['tools/call: the weather service is down']);
  expect(written).toEqual([]);
});

test('over Streamable HTTP too: the client gets -32603, stderr the report', async () => {
  const server = await serveHttp(app, { sessions: false });
  try {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Oslo"}}}',
    });
    expect(await response.text()).toBe(
      '{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"Internal error"}}',
    );
  } finally {
    await server.close();
  }
  expect(written.join('')).toMatch(
    /^declarative-mcp: tools\/call of Tool "forecast" \(Broken\.forecast\) failed; the client got -32603 Internal error\.\nError: the weather service is down\n/,
  );
});
