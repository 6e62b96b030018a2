/**
 * Back-pressure of an event stream (issue 19): a reader that does not read is dropped once its
 * queue passes `streamBufferBytes`, or when it stays over its high-water mark for
 * `streamDrainTimeout`; a reading one keeps its stream (see hardening-load.test.ts for a 16 MiB
 * burst).
 */
import type { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { type HttpServerHandle, serveHttp } from '../../../../src/transports/http';
import { NodeReply } from '../../../../src/transports/http/node/reply';
import { SseStream } from '../../../../src/transports/http/stream/sse';
import { within } from '../../../helpers/within';
import { initialize, testCore } from '../harness';

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
      await within(closed, 10_000, 'the stalled stream was not dropped past streamBufferBytes');
    } finally {
      await server.close();
    }
  });
});

/**
 * A response whose client reads only when told: its bytes stay queued (a loopback socket would
 * take megabytes into kernel buffers first, so the drain timeout is tested on this stand-in).
 */
class SlowResponse extends Writable {
  private pending: Array<() => void> = [];

  constructor() {
    super({
      highWaterMark: 1024,
      write: (_chunk, _encoding, callback) => {
        this.pending.push(callback);
      },
    });
  }

  writeHead(): this {
    return this;
  }

  flushHeaders(): void {}

  /** The client reads everything queued: the stream drains. */
  read(): void {
    for (const callback of this.pending.splice(0)) callback();
  }
}

describe('streamDrainTimeout', () => {
  const limits = { bufferBytes: 1024 * 1024, drainTimeout: 1000 };
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a stream over its high-water mark that does not drain within the timeout is dropped, and it is told once', async () => {
    const res = new SlowResponse();
    const dropped = jest.fn();
    const stream = new SseStream(new NodeReply(res as unknown as ServerResponse), {}, 0, {
      ...limits,
      dropped,
    });
    let closed = false;
    stream.onClose(() => {
      closed = true;
    });
    expect(stream.send(JSON.stringify({ data: 'x'.repeat(4096) }))).toBe(true); // over 1 KiB
    jest.advanceTimersByTime(999);
    expect(res.destroyed).toBe(false);
    expect(stream.open).toBe(true);
    jest.advanceTimersByTime(1);
    expect(res.destroyed).toBe(true);
    expect(stream.open).toBe(false);
    expect(stream.send('{}')).toBe(false);
    jest.advanceTimersByTime(5000);
    expect(dropped).toHaveBeenCalledTimes(1);
    expect((dropped.mock.calls[0]![0] as Error).message).toBe(
      "An event stream was dropped: its client did not read what was queued within streamDrainTimeout (1000 ms). The client may open it again (a session's stream resumes with Last-Event-ID).",
    );
    // The stream learns it is closed with the response's 'close' (emitted on a later tick).
    expect(closed).toBe(false);
    await new Promise((resolve) => res.once('close', resolve));
    expect(closed).toBe(true);
  });

  test('a stream that drains in time is kept; the clock starts again at the next overflow', () => {
    const res = new SlowResponse();
    const stream = new SseStream(new NodeReply(res as unknown as ServerResponse), {}, 0, limits);
    stream.send(JSON.stringify({ data: 'x'.repeat(4096) }));
    jest.advanceTimersByTime(900);
    res.read(); // drained
    jest.advanceTimersByTime(5000);
    expect(res.destroyed).toBe(false);
    stream.send(JSON.stringify({ data: 'y'.repeat(4096) }));
    jest.advanceTimersByTime(999);
    expect(res.destroyed).toBe(false);
    jest.advanceTimersByTime(1);
    expect(res.destroyed).toBe(true);
  });

  test('0 never drops a slow stream (only streamBufferBytes does)', () => {
    const res = new SlowResponse();
    const stream = new SseStream(new NodeReply(res as unknown as ServerResponse), {}, 0, {
      ...limits,
      drainTimeout: 0,
    });
    stream.send(JSON.stringify({ data: 'x'.repeat(4096) }));
    jest.advanceTimersByTime(3_600_000);
    expect(res.destroyed).toBe(false);
    expect(stream.send(JSON.stringify({ data: 'z'.repeat(2 * 1024 * 1024) }))).toBe(false);
    expect(res.destroyed).toBe(true);
  });
});
