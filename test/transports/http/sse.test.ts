/**
 * Back-pressure of an event stream (issue 19): a reader that does not read is dropped once its
 * queue passes `streamBufferBytes`; a reading one keeps its stream (see hardening-load.test.ts for a 16 MiB
 * burst).
 */
import { connect } from 'node:net';
import { type HttpServerHandle, serveHttp } from '../../../src/transports/http';
import { initialize, testCore } from './harness';

/** Opens the GET stream on a raw socket that never reads; resolves when the server closes it. */
async function stalledStream(server: HttpServerHandle, headers: Record<string, string>) {
  const socket = connect(server.port, '127.0.0.1');
  const lines = [
    'GET /mcp HTTP/1.1',
    `Host: 127.0.0.1:${server.port}`,
    'Accept: text/event-stream',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ];
  socket.write(lines.join('\r\n'));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('data', resolve)); // the headers arrived
  socket.pause(); // and then it reads no more
  return new Promise<void>((resolve) => socket.once('close', () => resolve()));
}

describe('a stream whose reader stopped reading', () => {
  test('is dropped once its queue passes streamBufferBytes', async () => {
    const { core } = testCore();
    const server = await serveHttp(core, { streamBufferBytes: 256 * 1024, streamDrainTimeout: 0 });
    try {
      const { headers } = await initialize(server.url);
      const closed = stalledStream(server, headers);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Far more than the socket buffers and the queue limit can hold.
      for (let i = 0; i < 64; i += 1)
        core.broadcast('notifications/message', { data: 'x'.repeat(256 * 1024) });
      await closed;
    } finally {
      await server.close();
    }
  });
});
