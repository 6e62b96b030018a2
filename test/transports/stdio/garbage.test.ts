/**
 * MCP 2026-07-28 over stdio under garbage (issue 25 item 4): binary junk, broken JSON, a 2026
 * batch, a request without `_meta`, and lines past the limit, one after the other. Each gets its
 * JSON-RPC error line, nothing crashes, the reader never holds more than the limit, and the next
 * good request is answered as if nothing happened.
 */
import 'reflect-metadata';
import { McpApplication, Tool } from '../../../src/index';
import { harness } from './harness';

class Echo {
  @Tool({ description: 'Says hello' })
  hello(): string {
    return 'hello';
  }
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const LIMIT = 64 * 1024;

test('2026-07-28 over stdio: garbage and huge lines get errors, the next call is answered', async () => {
  const reported: unknown[] = [];
  const app = McpApplication.create({
    name: 'Echo',
    version: '1.0.0',
    providers: [Echo],
    reporter: (error) => reported.push(error),
  });
  const h = harness(app, { line: LIMIT });
  const call = (id: number) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'hello', arguments: {}, _meta: META },
    });
  const before = process.memoryUsage().rss;
  // Binary junk (not UTF-8), broken JSON, a JSON value that is no request, a 2026 batch.
  h.input.write(Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x0a]));
  h.send('{"jsonrpc":"2.0","id":1,"method":"tools/call",', '42', `[${call(2)},${call(3)}]`);
  // Lines past the limit, one of 16 MiB sent in pieces: never held whole.
  h.send('x'.repeat(LIMIT + 1));
  for (let i = 0; i < 16; i += 1) h.input.write(`{"a":"${'y'.repeat(1024 * 1024)}`);
  h.input.write('"}\n');
  h.send(call(4));
  const lines = (await h.until(7)).map((line) => JSON.parse(line));
  // (An over-long line is answered as it is dropped, before the parsed ones: order may differ.)
  const errors = lines
    .slice(0, 6)
    .map((line) => `${line.id} ${line.error?.code} ${line.error?.message}`);
  expect(errors.sort()).toEqual(
    [
      'null -32700 Parse error',
      'null -32700 Parse error',
      'null -32600 Invalid Request',
      'null -32600 Invalid Request: MCP 2026-07-28 does not accept JSON-RPC batches; send each request as a message of its own',
      `null -32600 Invalid Request: a line of ${LIMIT + 1} bytes is longer than this server's limit of ${LIMIT} bytes; send smaller messages`,
      `null -32600 Invalid Request: a line of ${16 * (1024 * 1024 + 6) + 2} bytes is longer than this server's limit of ${LIMIT} bytes; send smaller messages`,
    ].sort(),
  );
  expect(lines[6]).toEqual({
    jsonrpc: '2.0',
    id: 4,
    result: {
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'Echo', version: '1.0.0' } },
      content: [{ type: 'text', text: 'hello' }],
      isError: false,
      resultType: 'complete',
    },
  });
  console.log(`stdio garbage: rss ${before} → ${process.memoryUsage().rss}`);
  h.input.end();
  expect(await h.serving).toBe(0);
});
