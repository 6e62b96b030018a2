/**
 * Seed 001's `printf … | server` pipe against the built examples, as real child processes: the
 * exact lines go to stdin, stdin ends, and stdout must hold the exact answer lines and nothing
 * else; the process exits 0 at end of input. Requests are answered concurrently, so the lines are
 * compared as a set of exact strings, not in order.
 */
import { COUNT_ANSWER, INITIALIZE, INITIALIZED } from '../helpers/stdio-lines';
import { pipe, type Run } from './examples';

// The seed's server has tools only; the notes example also has resources and prompts.
const NOTES_INITIALIZE_ANSWER =
  '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false},"resources":{"listChanged":false,"subscribe":false},"prompts":{"listChanged":false}},"serverInfo":{"name":"Notes","version":"1.0.0"}}}';

/** stdout, split into its lines; fails unless it is only whole lines of JSON-RPC responses. */
function answerLines(run: Run): string[] {
  expect(run.stdout.endsWith('\n')).toBe(true);
  const lines = run.stdout.slice(0, -1).split('\n');
  for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  return lines;
}

function sorted(lines: readonly string[]): string[] {
  return [...lines].sort();
}

describe('seed 001 pipe: the notes example', () => {
  it('answers initialize and the count tool, one line each, and exits 0', async () => {
    const run = await pipe('notes', [
      INITIALIZE,
      INITIALIZED,
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count"}}',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(sorted(answerLines(run))).toEqual(sorted([NOTES_INITIALIZE_ANSWER, COUNT_ANSWER]));
  });

  it("answers seed 000's resources and prompts exchange exactly", async () => {
    const run = await pipe('notes', [
      INITIALIZE,
      INITIALIZED,
      '{"jsonrpc": "2.0", "id": 4, "method": "resources/read", "params": {"uri": "notes://deploy"}}',
      '{"jsonrpc": "2.0", "id": 5, "method": "resources/read", "params": {"uri": "notes://missing"}}',
      '{"jsonrpc": "2.0", "id": 7, "method": "prompts/get", "params": {"name": "summarize", "arguments": {"slug": "deploy"}}}',
      '{"jsonrpc":"2.0","id":8,"method":"resources/templates/list"}',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(sorted(answerLines(run))).toEqual(
      sorted([
        NOTES_INITIALIZE_ANSWER,
        '{"jsonrpc":"2.0","id":4,"result":{"contents":[{"uri":"notes://deploy","mimeType":"text/plain","text":"Deploys run on Fridays."}]}}',
        '{"jsonrpc":"2.0","id":5,"error":{"code":-32002,"message":"Resource not found","data":{"uri":"notes://missing"}}}',
        '{"jsonrpc":"2.0","id":7,"result":{"description":"Summarize one note.","messages":[{"role":"user","content":{"type":"text","text":"Summarize the note notes://deploy."}}]}}',
        '{"jsonrpc":"2.0","id":8,"result":{"resourceTemplates":[{"uriTemplate":"notes://{slug}","name":"note","mimeType":"text/plain"}]}}',
      ]),
    );
  });
});

describe('seed 000 pipe: the raw-core weather example', () => {
  it("answers seed 000's weather exchange byte for byte", async () => {
    const run = await pipe('raw-core', [
      '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "Client", "version": "1.0"}}}',
      '{"jsonrpc": "2.0", "method": "notifications/initialized"}',
      '{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}',
      '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "forecast", "arguments": {"city": "Lisbon"}}}',
      '{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "forecast", "arguments": {}}}',
      '{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "radar"}}',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(sorted(answerLines(run))).toEqual(
      sorted([
        '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false}},"serverInfo":{"name":"Weather","version":"1.0.0"},"instructions":"Call forecast for any weather question."}}',
        `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"forecast","description":"Tomorrow's forecast for a city.","inputSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}]}}`,
        '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Sunny in Lisbon, 24 °C."}],"isError":false}}',
        '{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"Tell me which city."}],"isError":true}}',
        '{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Unknown tool: radar"}}',
      ]),
    );
  });
});

describe('seed 001 pipe: the orders example', () => {
  it('serves the identity from ORDERS_TOKEN as every call’s context', async () => {
    const run = await pipe(
      'orders',
      [
        INITIALIZE,
        INITIALIZED,
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"cancel","arguments":{"order":42}}}',
      ],
      { ORDERS_TOKEN: 'ada-token' },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(answerLines(run)).toContain(
      '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Order 42 cancelled by ada."}],"isError":false}}',
    );
  });

  it.each([
    ['without a token', {}],
    ['with an unknown token', { ORDERS_TOKEN: 'eve-token' }],
  ])('refuses to start %s: exit 1, the reason on stderr, nothing on stdout', async (_, env) => {
    const run = await pipe('orders', [INITIALIZE], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^ORDERS_TOKEN is missing or invalid/);
  });
});
