/**
 * The client wire over a child's stdio, against a small scripted server: answers routed by id,
 * lines that are not messages skipped, server requests and listen notifications routed to their
 * request, cancellation, a child that dies, one that cannot start, and close.
 */
import { ErrorCode, type JsonObject, McpClientError } from '../../src/core';
import { stdioWire } from '../../src/testing/stdio';
import type { ClientWire, Exchange } from '../../src/testing/wire';
import { within } from '../helpers/within';

/** The scripted server: one JSON-RPC message per line, each method doing one thing. */
const SERVER = `
process.stdout.write('not json\\n\\n[1,2]\\n');
const cancelled = [];
let buffer = '';
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
process.stdin.setEncoding('utf8').on('data', (text) => {
  buffer += text;
  for (let at = buffer.indexOf('\\n'); at >= 0; at = buffer.indexOf('\\n')) {
    const m = JSON.parse(buffer.slice(0, at));
    buffer = buffer.slice(at + 1);
    if (m.method === 'notifications/cancelled') cancelled.push(m.params);
    else if (m.method === 'echo') send({ jsonrpc: '2.0', id: m.id, result: m.params });
    else if (m.method === 'cancelled') send({ jsonrpc: '2.0', id: m.id, result: { cancelled } });
    else if (m.method === 'ask') {
      send({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'to nobody' } });
      send({ jsonrpc: '2.0', id: 's1', method: 'roots/list' });
      send({ jsonrpc: '2.0', id: m.id, result: {} });
    } else if (m.method === 'listen') {
      send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': m.id } } });
    } else if (m.method === 'die') {
      process.stderr.write('warming up\\nfatal: boom\\n');
      setTimeout(() => process.exit(3), 20);
    }
  }
});
`;

const exchange = (into: JsonObject[] = [], signal?: AbortSignal): Exchange => ({
  onMessage: (message) => into.push(message),
  signal,
});

let server: ClientWire;
const unrouted: JsonObject[] = [];
beforeAll(() => {
  server = stdioWire(process.execPath, ['-e', SERVER]);
  server.onMessage = (message) => unrouted.push(message);
});
afterAll(() => server.close());

const ask = (wire: ClientWire, message: JsonObject, into?: JsonObject[], signal?: AbortSignal) =>
  within(
    wire.request(message, exchange(into, signal)),
    5000,
    `no answer to ${String(message.method)}`,
  );

test('answers come back by id, whatever came before them', async () => {
  const [a, b] = await Promise.all([
    ask(server, { jsonrpc: '2.0', id: 1, method: 'echo', params: { n: 1 } }),
    ask(server, { jsonrpc: '2.0', id: 'two', method: 'echo', params: { n: 2 } }),
  ]);
  expect(a).toEqual({ jsonrpc: '2.0', id: 1, result: { n: 1 } });
  expect(b).toEqual({ jsonrpc: '2.0', id: 'two', result: { n: 2 } });
});

test("a server request goes to the newest request in flight; a notification of no request to the wire's handler", async () => {
  const during: JsonObject[] = [];
  await ask(server, { jsonrpc: '2.0', id: 3, method: 'ask' }, during);
  expect(during).toEqual([{ jsonrpc: '2.0', id: 's1', method: 'roots/list' }]);
  expect(unrouted).toEqual([
    { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'to nobody' } },
  ]);
});

test('a listen notification goes to the request its subscription id names; aborting it sends notifications/cancelled', async () => {
  const heard: JsonObject[] = [];
  const controller = new AbortController();
  // Settled at once, so a failing assertion below leaves no unhandled rejection behind.
  const listening = server
    .request({ jsonrpc: '2.0', id: 'L', method: 'listen' }, exchange(heard, controller.signal))
    .then(
      () => new Error('the listen request was answered'),
      (e: McpClientError) => e,
    );
  // Another request in flight after it: the notification still goes to the one it names.
  await ask(server, { jsonrpc: '2.0', id: 4, method: 'echo' });
  expect(heard).toEqual([
    {
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'L' } },
    },
  ]);
  controller.abort();
  const error = await within(listening, 2000, 'the aborted request did not reject');
  expect(error).toMatchObject({
    code: ErrorCode.INVALID_REQUEST,
    reason: 'no-answer',
    message: 'listen was closed',
  });
  const { result } = await ask(server, { jsonrpc: '2.0', id: 5, method: 'cancelled' });
  expect(result).toEqual({ cancelled: [{ requestId: 'L', reason: 'closed by the client' }] });
});

test('a child that exits: pending requests and later writes reject with its last stderr line', async () => {
  const wire = stdioWire(process.execPath, ['-e', SERVER]);
  const error = await within(
    wire.request({ jsonrpc: '2.0', id: 1, method: 'die' }, exchange()),
    5000,
    'no exit',
  ).catch((e: McpClientError) => e);
  expect(McpClientError.is(error)).toBe(true);
  expect(error).toMatchObject({
    code: ErrorCode.TRANSPORT_ERROR,
    reason: 'transport',
    message: `The server process "${process.execPath}" exited (code 3): fatal: boom`,
  });
  await expect(wire.send({ jsonrpc: '2.0', method: 'x' })).rejects.toBe(error);
  await expect(wire.request({ jsonrpc: '2.0', id: 2, method: 'echo' }, exchange())).rejects.toBe(
    error,
  );
  await within(wire.close(), 2000, 'close of an exited child did not return');
});

test('a command that does not exist: a transport error that says so', async () => {
  const wire = stdioWire('declarative-mcp-no-such-command', []);
  const error = await within(
    wire.request({ jsonrpc: '2.0', id: 1, method: 'echo' }, exchange()),
    5000,
    'no error',
  ).catch((e: McpClientError) => e);
  expect(error).toMatchObject({
    code: ErrorCode.TRANSPORT_ERROR,
    reason: 'transport',
    message: 'Cannot start "declarative-mcp-no-such-command": no such command',
  });
});

test('close ends the input and waits for the child to exit', async () => {
  const wire = stdioWire(process.execPath, ['-e', SERVER]);
  await ask(wire, { jsonrpc: '2.0', id: 1, method: 'echo' });
  await within(wire.close(), 5000, 'the child did not exit when its input ended');
  await expect(wire.send({ jsonrpc: '2.0', method: 'x' })).rejects.toMatchObject({
    message: `The server process "${process.execPath}" exited (code 0)`,
  });
});
