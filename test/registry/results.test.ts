/**
 * What a method returns becomes an MCP result: tools/call results, resources/read contents,
 * prompts/get messages. Each request and answer is shown as JSON text, as the seed does.
 */
import 'reflect-metadata';
import { McpApplication, Prompt, Resource, Tool } from 'declarative-mcp';
import { z } from 'zod';
import { TextResult } from '../../src/core';
import { toolFailure, toToolResult } from '../../src/registry/results';

const args = z.object({ value: z.unknown().optional() });

class Returns {
  @Tool() text() {
    return 'Sunny.';
  }
  @Tool() asIs() {
    return {
      content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }],
      isError: false,
      _meta: { kept: true },
    };
  }
  @Tool() bare() {
    return { content: [{ type: 'text', text: 'Mine.' }] };
  }
  @Tool() nothing() {}
  @Tool() nil() {
    return null;
  }
  @Tool() number() {
    return 42;
  }
  @Tool() object() {
    return { temperature: 21, sky: 'clear' };
  }
  @Tool() list() {
    return [1, 'two'];
  }
  @Tool() async later() {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return 'done';
  }
  @Tool({ input: args }) echo({ value }: { value?: unknown }) {
    return value;
  }
}

const tools = McpApplication.create({ name: 'r', version: '1', providers: [Returns] });

async function call(name: string): Promise<string | null> {
  return tools.handle(
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } }),
  );
}

describe('tool return values', () => {
  it('a text result (and a refusal) is a TextResult, which is the plain result as data and as JSON', () => {
    for (const [result, text, isError] of [
      [toToolResult('Sunny.', undefined, 'here'), 'Sunny.', false],
      [toToolResult({ sky: 'clear' }, undefined, 'here'), '{"sky":"clear"}', false],
      [toolFailure('No "sky".'), 'No "sky".', true],
    ] as const) {
      const plain = { content: [{ type: 'text', text }], isError };
      expect(result).toBeInstanceOf(TextResult);
      expect(result).toEqual(plain);
      expect((result as TextResult).json()).toBe(JSON.stringify(plain));
    }
    // Anything else stays a plain object.
    expect(toToolResult(undefined, undefined, 'here')).not.toBeInstanceOf(TextResult);
  });

  it('a string → one text content', async () => {
    expect(await call('text')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Sunny."}],"isError":false}}',
    );
  });

  it('an object with content → sent as it is', async () => {
    expect(await call('asIs')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"image","data":"AAAA","mimeType":"image/png"}],"isError":false,"_meta":{"kept":true}}}',
    );
    // Nothing is added to it: no isError unless the method says so.
    expect(await call('bare')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Mine."}]}}',
    );
  });

  it('undefined or null → { content: [], isError: false }', async () => {
    const empty = '{"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":false}}';
    expect(await call('nothing')).toBe(empty);
    expect(await call('nil')).toBe(empty);
  });

  it('a number, an object, a list → their JSON text', async () => {
    expect(await call('number')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"42"}],"isError":false}}',
    );
    expect(await call('object')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\\"temperature\\":21,\\"sky\\":\\"clear\\"}"}],"isError":false}}',
    );
    expect(await call('list')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"[1,\\"two\\"]"}],"isError":false}}',
    );
  });

  it('a promise is awaited', async () => {
    expect(await call('later')).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"done"}],"isError":false}}',
    );
  });

  it('booleans and the string "" are rendered, not dropped', async () => {
    const echo = async (value: unknown) =>
      JSON.parse(
        (await tools.handle(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'echo', arguments: { value } },
          }),
        ))!,
      ).result;
    expect(await echo(false)).toEqual({
      content: [{ type: 'text', text: 'false' }],
      isError: false,
    });
    expect(await echo('')).toEqual({ content: [{ type: 'text', text: '' }], isError: false });
  });
});

class Files {
  @Resource({ uri: 'files://readme', mimeType: 'text/markdown' }) readme() {
    return '# Hello';
  }
  @Resource({ uri: 'files://plain' }) plain() {
    return 'no mime type';
  }
  @Resource({ uri: 'files://logo', mimeType: 'image/png' }) logo() {
    return Buffer.from([0x89, 0x50, 0x4e, 0x47]);
  }
  @Resource({ uri: 'files://bytes' }) bytes() {
    // A view into a larger buffer: only its own bytes are sent.
    return new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4);
  }
  @Resource({ uri: 'files://data' }) data() {
    return { answer: 42 };
  }
  @Resource({ uri: 'files://gone' }) gone() {
    return undefined;
  }
  @Resource({ uri: 'files://many' }) many() {
    return [{ text: 'one' }, { uri: 'files://many#2', text: 'two', mimeType: 'text/plain' }];
  }
  @Resource({ uri: 'files://whole' }) whole() {
    return { contents: [{ uri: 'files://whole', blob: 'AQID', mimeType: 'x/y' }] };
  }
  @Resource({ uriTemplate: 'files://missing/{name}' }) missing() {
    return null;
  }
}

const files = McpApplication.create({ name: 'f', version: '1', providers: [Files] });

async function read(uri: string): Promise<string | null> {
  return files.handle(
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri } }),
  );
}

describe('resource return values', () => {
  it('a string → text with the declared mimeType', async () => {
    expect(await read('files://readme')).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"contents":[{"uri":"files://readme","mimeType":"text/markdown","text":"# Hello"}]}}',
    );
    expect(await read('files://plain')).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"contents":[{"uri":"files://plain","text":"no mime type"}]}}',
    );
  });

  it('a Buffer → base64 blob with the declared mimeType', async () => {
    expect(await read('files://logo')).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"contents":[{"uri":"files://logo","mimeType":"image/png","blob":"iVBORw=="}]}}',
    );
  });

  it('a Uint8Array → base64 blob, application/octet-stream by default', async () => {
    expect(await read('files://bytes')).toBe(
      `{"jsonrpc":"2.0","id":2,"result":{"contents":[{"uri":"files://bytes","mimeType":"application/octet-stream","blob":"${Buffer.from([1, 2, 3]).toString('base64')}"}]}}`,
    );
  });

  it('another value → its JSON text as application/json', async () => {
    expect(await read('files://data')).toBe(
      '{"jsonrpc":"2.0","id":2,"result":{"contents":[{"uri":"files://data","mimeType":"application/json","text":"{\\"answer\\":42}"}]}}',
    );
  });

  it('a list of items and a whole { contents } result', async () => {
    expect(JSON.parse((await read('files://many'))!).result.contents).toEqual([
      { uri: 'files://many', text: 'one' },
      { uri: 'files://many#2', text: 'two', mimeType: 'text/plain' },
    ]);
    expect(JSON.parse((await read('files://whole'))!).result.contents).toEqual([
      { uri: 'files://whole', blob: 'AQID', mimeType: 'x/y' },
    ]);
  });

  it('undefined or null → -32002 with data { uri }', async () => {
    expect(await read('files://gone')).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32002,"message":"Resource not found","data":{"uri":"files://gone"}}}',
    );
    expect(await read('files://missing/x')).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32002,"message":"Resource not found","data":{"uri":"files://missing/x"}}}',
    );
  });
});

class Prompts {
  @Prompt({ description: 'One line.' }) line() {
    return 'Write a haiku.';
  }
  @Prompt() lines() {
    return ['First.', 'Second.'];
  }
  @Prompt() messages() {
    return [
      { role: 'user', content: { type: 'text', text: 'Hi' } },
      { role: 'assistant', content: { type: 'text', text: 'Hello!' } },
    ];
  }
  @Prompt({ description: 'Ignored for a whole result.' }) whole() {
    return {
      description: 'Own description',
      messages: [{ role: 'user', content: { type: 'text', text: 'Whole' } }],
    };
  }
  @Prompt() wrong() {
    return 42;
  }
}

const reports: unknown[] = [];
const prompts = McpApplication.create({
  name: 'p',
  version: '1',
  providers: [Prompts],
  reporter: (error) => reports.push(error),
});

async function get(name: string): Promise<string | null> {
  return prompts.handle(
    JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'prompts/get', params: { name } }),
  );
}

describe('prompt return values', () => {
  it('a string → one user message (with the prompt’s description)', async () => {
    expect(await get('line')).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{"description":"One line.","messages":[{"role":"user","content":{"type":"text","text":"Write a haiku."}}]}}',
    );
  });

  it('a list of strings → one user message each', async () => {
    expect(await get('lines')).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{"messages":[{"role":"user","content":{"type":"text","text":"First."}},{"role":"user","content":{"type":"text","text":"Second."}}]}}',
    );
  });

  it('a list of messages → those messages', async () => {
    expect(await get('messages')).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{"messages":[{"role":"user","content":{"type":"text","text":"Hi"}},{"role":"assistant","content":{"type":"text","text":"Hello!"}}]}}',
    );
  });

  it('a whole result → as it is', async () => {
    expect(await get('whole')).toBe(
      '{"jsonrpc":"2.0","id":3,"result":{"description":"Own description","messages":[{"role":"user","content":{"type":"text","text":"Whole"}}]}}',
    );
  });

  it('anything else is the server’s bug: -32603, the reporter names the prompt', async () => {
    reports.length = 0;
    expect(await get('wrong')).toBe(
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":"Internal error"}}',
    );
    expect((reports[0] as Error).message).toContain(
      'Prompt "wrong" (Prompts.wrong) returned number',
    );
  });
});
