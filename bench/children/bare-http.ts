/**
 * The limit of an HTTP server: `node:http`, read the body, `JSON.parse`, build the answer,
 * `JSON.stringify`, send it as `application/json` — no protocol, no validation, no session.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildAnswer } from '../common';
import { serveParent } from './parent';

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = buildAnswer(JSON.parse(Buffer.concat(chunks).toString()));
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  serveParent(`http://127.0.0.1:${port}/mcp`, () => {
    server.closeAllConnections();
    server.close();
  });
});
