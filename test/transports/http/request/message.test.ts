/**
 * The plain request and reply the pipeline decides on (request/message.ts), whatever runtime they
 * came from: the `node:http` face and the fetch face describe the same request alike (method,
 * origin-form target, lower-case headers, scheme, body), and the same sequence of `Reply` calls
 * gives the client the same answer on both (status, headers, body).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchReply } from '../../../../src/transports/http/fetch/reply';
import { FetchRequest } from '../../../../src/transports/http/fetch/request';
import { NodeReply } from '../../../../src/transports/http/node/reply';
import { NodeRequest } from '../../../../src/transports/http/node/request';
import { BodyBudget, type HttpRequest, type Reply } from '../../../../src/transports/http/request';
import { Deadline } from '../../../../src/transports/http/request/deadline';
import { within } from '../../../helpers/within';

type Script = (reply: Reply) => void;

let server: Server;
let base: string;
/** What the server does with its next request. */
let onRequest: (req: IncomingMessage, reply: NodeReply) => void = () => undefined;

beforeAll(async () => {
  server = createServer((req, res) => onRequest(req, new NodeReply(res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** What a client reads of an answer: its status, its headers but the per-connection ones, its body. */
async function seen(response: Response) {
  const headers = Object.fromEntries(
    [...response.headers.entries()].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
    ),
  );
  return { status: response.status, headers, body: await response.text() };
}

async function overNode(script: Script) {
  onRequest = (_req, reply) => script(reply);
  return seen(await within(fetch(`${base}/mcp`), 2000, 'the node face did not answer'));
}

async function overFetch(script: Script) {
  const reply = new FetchReply(undefined);
  script(reply);
  return seen(await within(reply.response, 2000, 'the fetch face did not answer'));
}

describe('the same Reply calls give the same answer on both faces', () => {
  const scripts: Array<[string, Script]> = [
    [
      'a JSON answer with headers',
      (reply) => {
        reply.header('Mcp-Session-Id', 's1');
        reply.json(200, '{"jsonrpc":"2.0","id":1,"result":{"text":"é"}}');
      },
    ],
    [
      'a refusal with Retry-After',
      (reply) =>
        reply.json(503, '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Busy"}}', {
          'Retry-After': '1',
        }),
    ],
    ['an empty 202', (reply) => reply.empty(202)],
    ['an empty 204 with Allow', (reply) => reply.empty(204, { Allow: 'GET, POST' })],
    [
      'a stream, then a late JSON answer that only ends it',
      (reply) => {
        reply.stream({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
        reply.write('event: message\ndata: {"a":1}\n\n');
        reply.json(500, '{}');
      },
    ],
  ];

  test.each(scripts)('%s', async (_name, script) => {
    const node = await overNode(script);
    const web = await overFetch(script);
    expect(web).toEqual(node);
  });
});

describe('both faces describe the same request alike', () => {
  test('method, target, lower-case headers, scheme, no parsed body; the same body text', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"é":1}}';
    const described = new Promise<HttpRequest>((resolve) => {
      onRequest = (req, reply) => {
        resolve(new NodeRequest(req));
        // (answered once the body is read below)
        (req as unknown as { reply: NodeReply }).reply = reply;
      };
    });
    const sent = fetch(`${base}/mcp?a=1&b=2`, {
      method: 'post',
      headers: { 'Content-Type': 'application/json', 'X-Trace': 'abc' },
      body,
    });
    const node = await within(described, 2000, 'the node face did not see the request');
    const web = new FetchRequest(
      new Request(`${base}/mcp?a=1&b=2`, {
        method: 'post',
        headers: { 'Content-Type': 'application/json', 'X-Trace': 'abc' },
        body,
      }),
    );
    for (const request of [node, web]) {
      expect(request.method).toBe('POST');
      expect(request.target).toBe('/mcp?a=1&b=2');
      expect(request.encrypted).toBe(false);
      expect(request.parsedBody).toBeUndefined();
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-trace']).toBe('abc');
      expect(request.headers.host).toBe(new URL(base).host);
      const outcome = await request.readBody(
        1000,
        new Deadline(),
        new Deadline(),
        new BodyBudget(0),
      );
      expect(outcome).toEqual({ ok: true, text: body });
    }
    ((node.original as unknown as { reply: NodeReply }).reply as NodeReply).empty(204);
    expect((await sent).status).toBe(204);
  });
});
