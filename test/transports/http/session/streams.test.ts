/**
 * A session's GET stream: opening it (the SSE headers with `Mcp-Session-Id`, the priming event
 * for clients of 2025-11-25 on, the cluster told, one GET stream per session), what reaches it
 * (`toSession`: kept in its history, written while open, to the hub when not), and resuming with
 * `Last-Event-ID` (400 with a JSON-RPC error without id for an event of another session or one no
 * longer kept, the missed events replayed once each, a POST's stream ending at its answer, an
 * adapter failure as a SharedStateError). In memory, with recorded replies.
 */
import { memoryAdapter, type StateAdapter } from '../../../../src/adapter';
import { Peer, SharedStateError } from '../../../../src/core';
import type { HttpRequest } from '../../../../src/transports/http/request';
import {
  openSessionStream,
  type SessionEntry,
  type StreamHost,
  takesPriming,
  toSession,
} from '../../../../src/transports/http/session';
import type { SessionMode } from '../../../../src/transports/http/session/mode';
import { END_OF_STREAM, StreamHub } from '../../../../src/transports/http/stream';
import { within } from '../../../helpers/within';
import { RecordedReply } from '../recorded-reply';
import { sessionEntry } from './session-entry';

/** A session whose client agreed `revision`. */
function entry(id: string, revision?: string): SessionEntry {
  const peer = new Peer();
  peer.revision = revision as never;
  return sessionEntry(id, peer);
}

let adapter: StateAdapter;
let hub: StreamHub;
let published: unknown[];
let host: StreamHost;
let mode: SessionMode;

beforeEach(async () => {
  adapter = memoryAdapter();
  await adapter.open();
  hub = new StreamHub(adapter.events, (error) => {
    throw error;
  });
  published = [];
  host = {
    options: { keepAliveInterval: 0, sseRetry: 1500 },
    adapter,
    streamLimits: { bufferBytes: 1 << 20, drainTimeout: 0 },
    cluster: { publish: (message: unknown) => published.push(message) } as never,
  };
  mode = { hub } as SessionMode;
});
afterEach(() => adapter.close());

function get(lastEventId?: string): HttpRequest {
  return {
    method: 'GET',
    headers: lastEventId === undefined ? {} : { 'last-event-id': lastEventId },
  } as HttpRequest;
}

/** Waits until the reply holds `count` chunks. */
async function chunks(reply: RecordedReply, count: number): Promise<string[]> {
  await within(
    reply.written(count),
    2000,
    `the stream did not get ${count} chunks (got ${reply.chunks.length})`,
  );
  return reply.chunks;
}

/** Appends events to a stream's history; resolves to their ids. */
async function history(key: string, ...data: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const item of data) ids.push(await adapter.events.append(key, item));
  return ids;
}

const SSE_HEADERS = {
  'Mcp-Session-Id': 's1',
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
};

test.each([
  ['2025-11-25', true],
  ['2025-06-18', false],
  ['2025-03-26', false],
  [undefined, false],
])('takesPriming for a client of %s: %s', (revision, primes) => {
  expect(takesPriming(entry('s1', revision))).toBe(primes);
});

describe('opening the GET stream', () => {
  test('200 with the SSE headers, primed with an id and the retry; the cluster told', async () => {
    const session = entry('s1', '2025-11-25');
    const reply = new RecordedReply();
    await openSessionStream(host, mode, get(), reply, session);
    expect(reply.status).toBe(200);
    expect(reply.headers).toEqual(SSE_HEADERS);
    expect(session.used).toBe(true);
    expect(session.stream?.open).toBe(true);
    expect(session.events?.key).toBe('s1.get');
    expect(published).toEqual([{ t: 'taken', s: 's1' }]);
    expect(await chunks(reply, 1)).toEqual(['id: s1.get:1\nretry: 1500\ndata: \n\n']);
  });

  test('an older client gets no priming event', async () => {
    const session = entry('s1', '2025-06-18');
    const reply = new RecordedReply();
    await openSessionStream(host, mode, get(), reply, session);
    toSession(hub, session, '{"n":1}');
    expect(await chunks(reply, 1)).toEqual(['event: message\nid: s1.get:1\ndata: {"n":1}\n\n']);
  });

  test('an empty Last-Event-ID is no resumption', async () => {
    const session = entry('s1', '2025-06-18');
    const reply = new RecordedReply();
    await openSessionStream(host, mode, get(''), reply, session);
    expect(reply.status).toBe(200);
    expect(session.stream).toBeDefined();
  });

  test('one GET stream per session: a new one ends the old; closing clears it', async () => {
    const session = entry('s1', '2025-06-18');
    const first = new RecordedReply();
    await openSessionStream(host, mode, get(), first, session);
    const second = new RecordedReply();
    await openSessionStream(host, mode, get(), second, session);
    expect(first.ended).toBe(true);
    expect(second.open).toBe(true);
    const stream = session.stream;
    expect(stream).toBeDefined();
    second.destroy();
    expect(session.stream).toBeUndefined();
  });
});

describe('toSession', () => {
  test('without a history: written to the open stream without an id, or dropped', () => {
    const session = entry('s1');
    toSession(hub, session, '{"n":1}');
    const send = jest.fn();
    session.stream = { send } as never;
    toSession(hub, session, '{"n":2}');
    expect(send).toHaveBeenCalledWith('{"n":2}');
  });

  test('with a history and no open stream: kept, and handed to the hub for a resumption', async () => {
    const session = entry('s1', '2025-06-18');
    session.events = hub.writer('s1.get');
    const heard: Array<[string | undefined, string]> = [];
    hub.listen('s1.get', (id, data) => heard.push([id, data]));
    toSession(hub, session, '{"n":1}');
    await within(
      new Promise<void>((resolve) => session.events!.whenDelivered(resolve)),
      2000,
      'the event was not delivered',
    );
    expect(heard).toEqual([['s1.get:1', '{"n":1}']]);
    expect(await adapter.events.after('s1.get:0')).toEqual([{ id: 's1.get:1', data: '{"n":1}' }]);
  });
});

describe('resuming with Last-Event-ID', () => {
  const UNKNOWN =
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Last-Event-ID does not name an event of this session\'s streams; open the stream again without it"}}';

  test.each(['garbage', 's2.get:1', 's1:1', 's10.get:1'])(
    'an event id that is not of this session’s streams (%s): 400',
    async (id) => {
      const session = entry('s1');
      const reply = new RecordedReply();
      await openSessionStream(host, mode, get(id), reply, session);
      expect(reply.status).toBe(400);
      expect(reply.body).toBe(UNKNOWN);
      expect(session.stream).toBeUndefined();
    },
  );

  test('a stream no longer kept: 400 naming the event', async () => {
    const reply = new RecordedReply();
    await openSessionStream(host, mode, get('s1.get:7'), reply, entry('s1'));
    expect(reply.status).toBe(400);
    expect(reply.parsed()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Bad Request: the stream of Last-Event-ID "s1.get:7" is no longer kept; open the stream again without it',
      },
    });
  });

  test('the adapter failing: a SharedStateError, and the hub no longer listens', async () => {
    jest.spyOn(adapter.events, 'after').mockRejectedValue(new Error('timeout'));
    const listen = hub.listen.bind(hub);
    const stops: jest.Mock[] = [];
    jest.spyOn(hub, 'listen').mockImplementation((key, listener) => {
      const stop = jest.fn(listen(key, listener));
      stops.push(stop);
      return stop;
    });
    const reply = new RecordedReply();
    const error = await openSessionStream(host, mode, get('s1.get:1'), reply, entry('s1')).catch(
      (e: unknown) => e,
    );
    expect(SharedStateError.is(error)).toBe(true);
    expect((error as Error).message).toBe('The memory shared state failed: timeout');
    expect(stops).toHaveLength(1);
    expect(stops[0]).toHaveBeenCalledTimes(1);
    expect(reply.started).toBe(false);
  });

  test('the GET stream: what was missed, then it is the session’s stream again', async () => {
    // (An empty event of the GET stream is a priming one: skipped, and the stream goes on.)
    const [first] = await history('s1.get', '', '{"n":1}', '', '{"n":2}');
    const session = entry('s1', '2025-11-25');
    const reply = new RecordedReply();
    await openSessionStream(host, mode, get(first), reply, session);
    expect(reply.status).toBe(200);
    expect(reply.headers).toEqual(SSE_HEADERS);
    expect(reply.chunks).toEqual([
      'event: message\nid: s1.get:2\ndata: {"n":1}\n\n',
      'event: message\nid: s1.get:4\ndata: {"n":2}\n\n',
    ]);
    expect(session.stream?.open).toBe(true);
    expect(published).toEqual([{ t: 'taken', s: 's1' }]);
    toSession(hub, session, '{"n":3}');
    expect(await chunks(reply, 3)).toContain('event: message\nid: s1.get:5\ndata: {"n":3}\n\n');
  });

  test('a POST’s stream: what was missed, events arriving meanwhile once each, ended by its answer', async () => {
    const key = 's1.abc123';
    const [first, second] = await history(key, '', '{"log":1}');
    const after = adapter.events.after.bind(adapter.events);
    // An event written while the history is read: heard live and found in the history both.
    jest.spyOn(adapter.events, 'after').mockImplementation(async (id) => {
      const third = await adapter.events.append(key, '{"log":2}');
      hub.receive(key, third, '{"log":2}');
      hub.receive(key, second, '{"log":1}');
      return after(id);
    });
    const session = entry('s1', '2025-11-25');
    const reply = new RecordedReply();
    await openSessionStream(host, mode, get(first), reply, session);
    expect(reply.chunks).toEqual([
      `event: message\nid: ${second}\ndata: {"log":1}\n\n`,
      `event: message\nid: ${key}:3\ndata: {"log":2}\n\n`,
    ]);
    expect(session.stream).toBeUndefined();
    expect(published).toEqual([]);
    expect(reply.open).toBe(true);
    hub.receive(key, `${key}:4`, '{"result":1}');
    hub.receive(key, `${key}:5`, END_OF_STREAM);
    expect(reply.chunks.at(-1)).toBe(`event: message\nid: ${key}:4\ndata: {"result":1}\n\n`);
    expect(reply.ended).toBe(true);
  });

  test('a POST’s stream already answered: replayed and ended at once', async () => {
    const key = 's1.def456';
    const [first] = await history(key, '', '{"result":1}', END_OF_STREAM);
    const reply = new RecordedReply();
    await openSessionStream(host, mode, get(first), reply, entry('s1'));
    expect(reply.chunks).toEqual([`event: message\nid: ${key}:2\ndata: {"result":1}\n\n`]);
    expect(reply.ended).toBe(true);
  });
});
