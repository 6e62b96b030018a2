/**
 * What is in flight as the endpoint closes (src/transports/http/pipeline/shutdown.ts): the
 * streams end, listen streams' peers close at once, the POSTs in flight may finish for up to
 * `shutdownTimeout` ms and what remains is aborted with 503, then the sessions end (their records
 * too unless shared) and the deadline timers stop, in that order.
 */
import { PendingPost, PendingPosts } from '../../../../src/transports/http/pipeline/pending-posts';
import { endInFlight, type ShutdownHost } from '../../../../src/transports/http/pipeline/shutdown';
import type { Refusal } from '../../../../src/transports/http/request';
import type { SessionMode } from '../../../../src/transports/http/session';

function hostOf(
  log: string[],
  { sessions = true, shared = false, timeout = 60_000 } = {},
): ShutdownHost & { posts: PendingPosts } {
  const entries = ['s1', 's2'].map((id) => ({
    id,
    stream: { end: () => log.push(`stream ${id} ends`) },
  }));
  const mode = {
    store: {
      values: () => entries.values(),
      clear: (reason: string) => log.push(`sessions end: ${reason}`),
    },
    records: { forget: (id: string) => log.push(`record ${id} forgotten`) },
  } as unknown as SessionMode;
  return {
    options: { shutdownTimeout: timeout },
    sessions: sessions ? mode : undefined,
    posts: new PendingPosts(),
    adapter: { shared },
    deadlines: { close: () => log.push('deadlines stop') } as never,
    bodyDeadlines: { close: () => log.push('body deadlines stop') } as never,
  };
}

/** A POST in flight whose `over` settles when `finish` is called. */
function postOf(log: string[], name: string, listening = false) {
  let finish!: () => void;
  const over = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const post = {
    over,
    listening,
    peer: { close: (reason: Error) => log.push(`${name} peer closed: ${reason.message}`) },
    exchange: {
      refuse: (refusal: Refusal) => log.push(`${name} refused ${refusal.status} ${refusal.body()}`),
    },
  } as unknown as PendingPost;
  return { post, finish };
}

test('nothing in flight: all of it at once, synchronously', () => {
  const log: string[] = [];
  expect(endInFlight(hostOf(log))).toBeUndefined();
  expect(log).toEqual([
    'stream s1 ends',
    'stream s2 ends',
    'record s1 forgotten',
    'record s2 forgotten',
    'sessions end: The server shut down.',
    'deadlines stop',
    'body deadlines stop',
  ]);
});

test('a shared adapter keeps the records; stateless has no sessions to end', () => {
  const shared: string[] = [];
  endInFlight(hostOf(shared, { shared: true }));
  expect(shared).toEqual([
    'stream s1 ends',
    'stream s2 ends',
    'sessions end: The server shut down.',
    'deadlines stop',
    'body deadlines stop',
  ]);
  const stateless: string[] = [];
  endInFlight(hostOf(stateless, { sessions: false }));
  expect(stateless).toEqual(['deadlines stop', 'body deadlines stop']);
});

test('POSTs that finish in time are waited for, then the sessions end', async () => {
  const log: string[] = [];
  const host = hostOf(log, { sessions: false });
  const call = postOf(log, 'call');
  const listen = postOf(log, 'listen', true);
  host.posts.add(call.post);
  host.posts.add(listen.post);
  const ending = endInFlight(host);
  expect(ending).toBeInstanceOf(Promise);
  // The listen stream's peer closes at once; the call is waited for.
  expect(log).toEqual(['listen peer closed: The server shut down.']);
  listen.finish();
  call.finish();
  await ending;
  expect(log).toEqual([
    'listen peer closed: The server shut down.',
    'deadlines stop',
    'body deadlines stop',
  ]);
});

test('POSTs still running after shutdownTimeout are aborted with 503', async () => {
  const log: string[] = [];
  const host = hostOf(log, { sessions: false, timeout: 1 });
  host.posts.add(postOf(log, 'slow').post);
  await endInFlight(host);
  expect(log).toEqual([
    'slow peer closed: The server shut down before the call finished.',
    'slow refused 503 {"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Service Unavailable: the server shut down before the call finished"}}',
    'deadlines stop',
    'body deadlines stop',
  ]);
});
