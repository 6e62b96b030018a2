/**
 * maxResultBytes: a result past the limit is never written; a tool's becomes an isError result
 * that names the tool and the limit, any other method's a -32603, and the reporter gets one line.
 */
import { type JsonObject, McpCore } from '../../src/core';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function core(maxResultBytes: number | undefined, reports: unknown[] = []) {
  return new McpCore({
    name: 'Big',
    version: '1.0.0',
    ...(maxResultBytes === undefined ? {} : { maxResultBytes }),
    reporter: (error) => reports.push(error),
    lister: () => [],
    caller: (name, args) => {
      const size = Number((args as JsonObject).size);
      const char = name === 'euro' ? '€' : 'x';
      return { content: [{ type: 'text', text: char.repeat(size) }], isError: false };
    },
    resources: () => [],
    reader: (uri) => [{ uri, text: 'x'.repeat(5_000) }],
  });
}

const call = (name: string, size: number, meta?: JsonObject) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name, arguments: { size }, ...(meta === undefined ? {} : { _meta: meta }) },
  });

describe('maxResultBytes', () => {
  it('a larger tool result becomes an isError result naming the tool and the limit', async () => {
    const reports: unknown[] = [];
    const answer = await core(1_000, reports).handle(call('dump', 2_000));
    expect(JSON.parse(answer!)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        content: [
          {
            type: 'text',
            text: `The result of tool "dump" was ${2_000 + 55} bytes, over the server's limit of 1000 bytes (maxResultBytes); return less, or split it into pages or resources.`,
          },
        ],
        isError: true,
      },
    });
    expect(reports).toHaveLength(1);
    const report = reports[0] as Error;
    expect(report.message).toBe(
      `tools/call "dump": a result of ${2_000 + 55} bytes was replaced, over maxResultBytes 1000`,
    );
    expect(report.stack).not.toContain('\n');
  });

  it('a result under the limit is untouched, and 0 turns the limit off', async () => {
    const under = JSON.parse((await core(1_000).handle(call('dump', 900)))!).result;
    expect(under.isError).toBe(false);
    const off = JSON.parse((await core(0).handle(call('dump', 50_000)))!).result;
    expect(off.content[0].text).toHaveLength(50_000);
  });

  it('counts UTF-8 bytes, not characters', async () => {
    // 400 euro signs are 400 characters but 1 200 bytes.
    const answer = JSON.parse((await core(1_000).handle(call('euro', 400)))!).result;
    expect(answer.isError).toBe(true);
    expect(answer.content[0].text).toMatch(/was 1255 bytes/);
  });

  it('a 2026-07-28 result keeps its envelope', async () => {
    const answer = JSON.parse((await core(1_000).handle(call('dump', 2_000, META)))!).result;
    expect(answer.isError).toBe(true);
    expect(answer.resultType).toBe('complete');
    expect(answer._meta).toEqual({
      'io.modelcontextprotocol/serverInfo': { name: 'Big', version: '1.0.0' },
    });
  });

  it('another method past the limit gets -32603 naming the limit', async () => {
    const read = '{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"test://a"}}';
    expect(JSON.parse((await core(1_000).handle(read))!).error).toEqual({
      code: -32603,
      message:
        "Internal error: The result of resources/read was 5043 bytes, over the server's limit of 1000 bytes (maxResultBytes); return less, or split it into pages or resources.",
      data: { maxResultBytes: 1000 },
    });
  });

  it('the default is 16 MiB', async () => {
    const size = 16 * 1024 * 1024;
    const answer = JSON.parse((await core(undefined).handle(call('dump', size)))!).result;
    expect(answer.isError).toBe(true);
    expect(answer.content[0].text).toMatch(/limit of 16777216 bytes/);
  });

  it('maxResultBytes is a whole number of bytes', () => {
    for (const value of [-1, 1.5, Number.NaN]) {
      expect(() => core(value)).toThrow(/maxResultBytes must be a whole number/);
    }
  });
});
