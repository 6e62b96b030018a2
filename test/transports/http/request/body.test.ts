/**
 * Request bodies are bounded in time and in memory (issue 19): `bodyTimeout` answers a body that
 * stops arriving (or trickles) with 408, and `maxPendingBodyBytes` bounds the bytes of all the
 * bodies being read at once (503 with Retry-After past it). Raw sockets send the slow bodies.
 */
import { connect, type Socket } from 'node:net';
import { type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import { BodyBudget } from '../../../../src/transports/http/request/body';
import { ACCEPT, initializeMessage, post, testCore } from '../harness';

const INITIALIZE = JSON.stringify(initializeMessage());

/** A raw HTTP POST whose body the test sends piece by piece; `answer` is the whole response. */
function slowPost(
  port: number,
  headers: Record<string, string>,
): { socket: Socket; answer: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  const head = [
    'POST /mcp HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Accept: ${ACCEPT}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
  return { socket, answer };
}

describe('bodyTimeout', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, { bodyTimeout: 300, postTimeout: 0 });
  });
  afterAll(() => server.close());

  test('a body that stops arriving → 408, connection closed', async () => {
    const { socket, answer } = slowPost(server.port, { 'Content-Length': '100' });
    socket.write('{"jsonrpc":');
    const text = await answer;
    expect(text.startsWith('HTTP/1.1 408')).toBe(true);
    expect(text).toContain('Request Timeout: the body did not arrive in time');
  });

  test('a trickling body (a byte now and then) → 408 as well', async () => {
    const { socket, answer } = slowPost(server.port, { 'Content-Length': '100' });
    const timer = setInterval(() => socket.writable && socket.write(' '), 50);
    const text = await answer;
    clearInterval(timer);
    expect(text.startsWith('HTTP/1.1 408')).toBe(true);
  });

  test('a body that arrives in time is served', async () => {
    const response = await post(server.url, INITIALIZE);
    expect(response.status).toBe(200);
  });
});

describe('maxPendingBodyBytes', () => {
  let server: HttpServerHandle;

  beforeAll(async () => {
    server = await serveHttp(testCore().core, {
      maxPendingBodyBytes: 1000,
      bodyTimeout: 0,
      postTimeout: 0,
    });
  });
  afterAll(() => server.close());

  test('a declared body past what is left → 503 with Retry-After; served again once freed', async () => {
    const held = slowPost(server.port, { 'Content-Length': '950' });
    held.socket.write('{');
    // Wait until the held body is being read (its 950 bytes are taken).
    let refused: Response | undefined;
    for (let i = 0; i < 100; i += 1) {
      refused = await post(server.url, INITIALIZE);
      if (refused.status === 503) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused!.status).toBe(503);
    expect(refused!.headers.get('retry-after')).toBe('2');
    expect(((await refused!.json()) as { error: { message: string } }).error.message).toBe(
      'Service Unavailable: the server is reading as many request bodies as it may (maxPendingBodyBytes); retry shortly',
    );
    held.socket.destroy();
    await held.answer;
    let served = 0;
    for (let i = 0; i < 100 && served === 0; i += 1) {
      const response = await post(server.url, INITIALIZE);
      if (response.status === 200) served += 1;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(served).toBe(1);
  });

  test('a chunked body is counted as it arrives', async () => {
    const chunked = slowPost(server.port, { 'Transfer-Encoding': 'chunked' });
    const piece = ' '.repeat(600);
    chunked.socket.write(`${(600).toString(16)}\r\n${piece}\r\n`);
    chunked.socket.write(`${(600).toString(16)}\r\n${piece}\r\n`);
    const text = await chunked.answer;
    expect(text.startsWith('HTTP/1.1 503')).toBe(true);
    expect(text.toLowerCase()).toContain('retry-after: 2');
  });
});

describe('BodyBudget', () => {
  test('takes what fits, gives back, and 0 is no budget', () => {
    const budget = new BodyBudget(10);
    expect(budget.take(6)).toBe(true);
    expect(budget.take(5)).toBe(false);
    expect(budget.pending).toBe(6);
    budget.give(6);
    expect(budget.take(10)).toBe(true);
    expect(new BodyBudget(0).take(1e12)).toBe(true);
  });
});
