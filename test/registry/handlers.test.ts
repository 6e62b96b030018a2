/**
 * How the request handlers (src/registry/handlers.ts) answer errors: a ToolError is a result the model reads (from a resource or a prompt, -32602 with its
 * message), a Fault is a JSON-RPC error, anything else is `-32603 Internal error` with the detail
 * for the reporter only. Unknown names are -32602, unknown resources -32002. The error classes are recognised by brand across installed copies.
 * A tool that answers synchronously is answered without a promise of its own.
 */
import 'reflect-metadata';
import {
  Call,
  ConfigurationError,
  ErrorCode,
  Fault,
  McpApplication,
  type McpCall,
  Prompt,
  Resource,
  Tool,
  ToolError,
} from 'declarative-mcp';
import { z } from 'zod';

type ErrorsModule = typeof import('../../src/core/errors');

/** A second copy of the error module, as a second installed copy of the package would be. */
function secondCopy(): ErrorsModule {
  let copy: ErrorsModule | undefined;
  jest.isolateModules(() => {
    copy = require('../../src/core/errors') as ErrorsModule;
  });
  return copy!;
}

const copy = secondCopy();

class Failing {
  @Tool({ input: z.object({ city: z.string() }) })
  forecast({ city }: { city: string }) {
    throw new ToolError(`No forecast for ${city}; try a larger city nearby.`);
  }

  @Tool() async asyncToolError() {
    await Promise.resolve();
    throw new ToolError('Later, then failed.');
  }

  // Thenables that are not promises: awaited as `await` would, whether an object or a function.
  @Tool() thenable() {
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose
    return { then: (resolve: (value: string) => void) => resolve('from a thenable') };
  }

  @Tool() thenableRefusal() {
    const thenable = (_resolve: unknown, reject: (error: unknown) => void) =>
      reject(new ToolError('A thenable refused.'));
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose
    return Object.assign(() => 'not called', { then: thenable });
  }

  @Tool() thenGetterThrows() {
    return {
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose
      get then(): never {
        throw new ToolError('Reading then refused.');
      },
    };
  }

  @Tool() fault() {
    throw new Fault(-32050, 'Rate limited', { retryAfter: 30 });
  }

  @Tool() crash() {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
  }

  @Tool() async asyncCrash() {
    await Promise.resolve();
    throw new TypeError("Cannot read properties of undefined (reading 'rows')");
  }

  @Tool() throwsString() {
    throw 'a string, not an Error';
  }

  @Tool() foreignToolError() {
    throw new copy.ToolError('From the other copy.');
  }

  @Tool() foreignFault() {
    throw new copy.Fault(ErrorCode.INVALID_PARAMS, 'Other copy says no', { field: 'x' });
  }

  @Tool() brandedObject() {
    throw { [Symbol.for('declarative-mcp.ToolError')]: true, message: 'Branded plain object.' };
  }

  @Prompt() brokenPrompt() {
    throw new Error('secret prompt detail');
  }

  @Prompt() faultPrompt() {
    throw new Fault(ErrorCode.INVALID_PARAMS, 'Pick a topic first');
  }

  @Prompt() refusingPrompt() {
    throw new ToolError('No notes yet; add one first.');
  }

  @Resource({ uriTemplate: 'reports://{year}' }) async report({ year }: { year: string }) {
    await Promise.resolve();
    throw new ToolError(`No report for ${year}; reports start in 2020.`);
  }

  @Resource({ uri: 'reports://foreign' }) foreignReport() {
    throw new copy.ToolError('Refused by the other copy.');
  }

  @Resource({ uri: 'secrets://db' }) brokenResource() {
    throw new Error('secret resource detail');
  }

  @Resource({ uriTemplate: 'notes://{slug}' }) note({ slug }: { slug: string }) {
    return `Note ${slug}`;
  }
}

const reports: Array<{ error: unknown; method: string }> = [];
const app = McpApplication.create({
  name: 'errors',
  version: '1',
  providers: [Failing],
  reporter: (error, request) => reports.push({ error, method: request.method }),
});

let id = 0;
async function send(method: string, params: object): Promise<string | null> {
  id += 1;
  return app.handle(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
}
const callTool = (name: string, args: object = {}) => send('tools/call', { name, arguments: args });

beforeEach(() => {
  reports.length = 0;
});

describe('ToolError', () => {
  it('becomes an isError result with its message', async () => {
    expect(await callTool('forecast', { city: 'Atlantis' })).toBe(
      `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"No forecast for Atlantis; try a larger city nearby."}],"isError":true}}`,
    );
    expect(JSON.parse((await callTool('asyncToolError'))!).result).toEqual({
      content: [{ type: 'text', text: 'Later, then failed.' }],
      isError: true,
    });
    expect(reports).toEqual([]);
  });
});

describe('a tool returning a thenable that is not a promise', () => {
  it('answers what it resolves to, an isError result for a ToolError it rejects with', async () => {
    expect(JSON.parse((await callTool('thenable'))!).result).toEqual({
      content: [{ type: 'text', text: 'from a thenable' }],
      isError: false,
    });
    expect(JSON.parse((await callTool('thenableRefusal'))!).result).toEqual({
      content: [{ type: 'text', text: 'A thenable refused.' }],
      isError: true,
    });
    expect(JSON.parse((await callTool('thenGetterThrows'))!).result).toEqual({
      content: [{ type: 'text', text: 'Reading then refused.' }],
      isError: true,
    });
    expect(reports).toEqual([]);
  });
});

describe('ToolError from a resource or a prompt', () => {
  it('is -32602 with its message and data { uri } / { prompt }, not reported', async () => {
    expect(await send('resources/read', { uri: 'reports://2019' })).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"No report for 2019; reports start in 2020.","data":{"uri":"reports://2019"}}}`,
    );
    expect(await send('resources/read', { uri: 'reports://foreign' })).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"Refused by the other copy.","data":{"uri":"reports://foreign"}}}`,
    );
    expect(await send('prompts/get', { name: 'refusingPrompt' })).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"No notes yet; add one first.","data":{"prompt":"refusingPrompt"}}}`,
    );
    expect(reports).toEqual([]);
  });
});

describe('Fault', () => {
  it('becomes a JSON-RPC error with its code, message and data', async () => {
    expect(await callTool('fault')).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32050,"message":"Rate limited","data":{"retryAfter":30}}}`,
    );
    expect(reports).toEqual([]);
  });

  it('from a prompt too', async () => {
    expect(await send('prompts/get', { name: 'faultPrompt' })).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"Pick a topic first"}}`,
    );
  });
});

describe('any other throw', () => {
  it.each([
    ['crash', 'ECONNREFUSED'],
    ['asyncCrash', 'rows'],
  ])('%s → -32603 Internal error, no detail; the reporter gets the error', async (name, detail) => {
    const answer = await callTool(name);
    expect(answer).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32603,"message":"Internal error"}}`,
    );
    expect(answer).not.toContain(detail);
    expect(reports).toHaveLength(1);
    expect(reports[0].method).toBe('tools/call');
    expect((reports[0].error as Error).message).toContain(detail);
  });

  it('a thrown non-Error is reported as it was thrown', async () => {
    expect(await callTool('throwsString')).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32603,"message":"Internal error"}}`,
    );
    expect(reports[0].error).toBe('a string, not an Error');
  });

  it('from a prompt or a resource: -32603 without detail', async () => {
    const prompt = await send('prompts/get', { name: 'brokenPrompt' });
    const resource = await send('resources/read', { uri: 'secrets://db' });
    expect(prompt).toContain('"error":{"code":-32603,"message":"Internal error"}');
    expect(resource).toContain('"error":{"code":-32603,"message":"Internal error"}');
    expect(`${prompt}${resource}`).not.toContain('secret');
    expect(reports.map((r) => (r.error as Error).message)).toEqual([
      'secret prompt detail',
      'secret resource detail',
    ]);
  });
});

describe('unknown names', () => {
  it('an unknown tool is -32602 "Unknown tool: x"', async () => {
    expect(await callTool('x')).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"Unknown tool: x"}}`,
    );
  });

  it('an unknown prompt is -32602', async () => {
    expect(await send('prompts/get', { name: 'nope' })).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"Unknown prompt: nope"}}`,
    );
  });

  it('an unknown resource is -32002 with data { uri }', async () => {
    expect(await send('resources/read', { uri: 'files://nope' })).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32002,"message":"Resource not found","data":{"uri":"files://nope"}}}`,
    );
    // A template of another shape does not match: notes://{slug} never spans a "/".
    expect(await send('resources/read', { uri: 'notes://a/b' })).toContain('"code":-32002');
    expect(await send('resources/read', { uri: 'notes://a' })).toContain('"text":"Note a"');
  });
});

describe('error classes across installed copies', () => {
  it('the second copy is a different class, recognised by its brand', () => {
    expect(copy.ToolError).not.toBe(ToolError);
    const foreign = new copy.ToolError('x');
    expect(foreign).not.toBeInstanceOf(ToolError);
    expect(ToolError.is(foreign)).toBe(true);
    expect(Fault.is(new copy.Fault(-1, 'x'))).toBe(true);
    expect(ConfigurationError.is(new copy.ConfigurationError('x'))).toBe(true);
    // Brands do not mix, and look-alikes without the brand do not pass.
    expect(Fault.is(foreign)).toBe(false);
    expect(ToolError.is(new Error('x'))).toBe(false);
    expect(ToolError.is({ name: 'ToolError', message: 'x' })).toBe(false);
    expect(ToolError.is(null)).toBe(false);
    expect(ToolError.is({ [Symbol.for('declarative-mcp.ToolError')]: true })).toBe(true);
    expect(Fault.is({ [Symbol.for('declarative-mcp.Fault')]: true })).toBe(true);
    expect(
      ConfigurationError.is({ [Symbol.for('declarative-mcp.ConfigurationError')]: true }),
    ).toBe(true);
  });

  it('a ToolError of the other copy becomes an isError result', async () => {
    expect(JSON.parse((await callTool('foreignToolError'))!).result).toEqual({
      content: [{ type: 'text', text: 'From the other copy.' }],
      isError: true,
    });
    expect(JSON.parse((await callTool('brandedObject'))!).result).toEqual({
      content: [{ type: 'text', text: 'Branded plain object.' }],
      isError: true,
    });
    expect(reports).toEqual([]);
  });

  it('a Fault of the other copy becomes its JSON-RPC error', async () => {
    expect(await callTool('foreignFault')).toBe(
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"Other copy says no","data":{"field":"x"}}}`,
    );
  });
});

describe('a tool that answers synchronously', () => {
  it('is answered synchronously in process: its call is over before handle() returns', async () => {
    const calls: McpCall[] = [];
    class Quick {
      @Tool() now(@Call() call: McpCall) {
        calls.push(call);
        return 'now';
      }

      @Tool() async later(@Call() call: McpCall) {
        calls.push(call);
        await Promise.resolve();
        return 'later';
      }
    }
    const quick = McpApplication.create({ name: 'quick', version: '1', providers: [Quick] });
    const ask = (name: string) =>
      quick.handle(
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } }),
      );
    const now = ask('now');
    expect(calls[0]!.done).toBe(true);
    expect(await now).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"now"}],"isError":false}}',
    );
    const later = ask('later');
    expect(calls[1]!.done).toBe(false);
    expect(await later).toContain('"text":"later"');
    expect(calls[1]!.done).toBe(true);
  });
});
