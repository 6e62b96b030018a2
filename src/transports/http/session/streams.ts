import type { StateAdapter } from '../../../adapter';
import { primesStreams } from '../../../core';
import type { ResolvedOptions } from '../options';
import { type HttpRequest, Refusal, type Reply, refuse } from '../request';
import {
  END_OF_STREAM,
  getStreamKey,
  ownsStream,
  SseStream,
  type StreamHub,
  type StreamLimits,
} from '../stream';
import type { Cluster } from './cluster';
import type { SessionMode } from './mode';
import { sharedStateFailure } from './records';
import type { SessionEntry } from './store';

/**
 * What the event streams use of the HTTP endpoint that serves them: the endpoint itself, named
 * by the parts it passes here so that this module does not import the endpoint back.
 */
export interface StreamHost {
  readonly options: Pick<ResolvedOptions<unknown>, 'keepAliveInterval' | 'sseRetry'>;
  readonly adapter: StateAdapter;
  readonly streamLimits: StreamLimits;
  /** The other processes sharing the adapter, told when this one takes a session's GET stream. */
  readonly cluster?: Cluster | undefined;
}

const UNKNOWN_EVENT = new Refusal(
  400,
  "Bad Request: Last-Event-ID does not name an event of this session's streams; open the stream again without it",
);

/** Whether a session's client takes priming events (older clients may choke on empty data). */
export function takesPriming(entry: SessionEntry): boolean {
  return primesStreams(entry.session.revision);
}

/**
 * A message for the session's GET stream (a broadcast, or a call's message whose POST is gone):
 * kept in the stream's history once the session has opened one here, written to it while open.
 */
export function toSession(hub: StreamHub, entry: SessionEntry, json: string): void {
  const writer = entry.events;
  if (writer === undefined) {
    entry.stream?.send(json);
    return;
  }
  writer.emit(json, (id) => {
    const stream = entry.stream;
    if (stream?.open) stream.send(json, id);
    // A resumption may be replaying right now: it takes the event from the hub.
    else hub.deliver(writer.key, id, json);
  });
}

/** Makes `stream` the session's one GET stream (a new one replaces the old). */
function attach(entry: SessionEntry, stream: SseStream): void {
  if (entry.stream !== stream) entry.stream?.end();
  entry.stream = stream;
  entry.lastActive = Date.now();
  stream.onClose(() => {
    if (entry.stream === stream) entry.stream = undefined;
    entry.lastActive = Date.now();
  });
}

/**
 * `GET`: the session's server-to-client stream. With `Last-Event-ID` (MCP 2025-11-25
 * basic/transports, resumability) it resumes the stream that event belongs to — the GET stream,
 * or a POST's whose connection was lost or closed — replaying what came after it, then going on
 * live; a POST's resumed stream ends after the POST's answer.
 */
export async function openSessionStream(
  endpoint: StreamHost,
  { hub }: SessionMode,
  request: HttpRequest,
  reply: Reply,
  entry: SessionEntry,
): Promise<void> {
  entry.used = true; // (a session with a stream is in use: never evicted)
  const sessionId = entry.id;
  const headers = { 'Mcp-Session-Id': sessionId };
  const { keepAliveInterval, sseRetry } = endpoint.options;
  const lastEventId = request.headers['last-event-id'];
  if (typeof lastEventId !== 'string' || lastEventId === '') {
    const stream = new SseStream(reply, headers, keepAliveInterval, endpoint.streamLimits);
    attach(entry, stream);
    endpoint.cluster?.publish({ t: 'taken', s: sessionId });
    entry.events ??= hub.writer(getStreamKey(sessionId));
    if (takesPriming(entry)) {
      entry.events.emit('', (id) => {
        if (id !== undefined) stream.prime(id, sseRetry);
      });
    }
    return;
  }

  const key = endpoint.adapter.events.streamOf(lastEventId);
  if (key === undefined || !ownsStream(sessionId, key)) {
    refuse(reply, UNKNOWN_EVENT);
    return;
  }
  const isGet = key === getStreamKey(sessionId);
  // Listen first, replay next: an event written meanwhile is in one or the other (or both: ids dedupe).
  const early: Array<[string | undefined, string]> = [];
  let live: SseStream | undefined;
  const seen = new Set<string>();
  let stop = hub.listen(key, (id, data) => {
    if (live === undefined) early.push([id, data]);
    else write(id, data);
  });
  const finish = (): void => {
    stop();
    live?.end();
  };
  const write = (id: string | undefined, data: string): void => {
    if (id !== undefined) {
      if (seen.has(id)) return;
      seen.add(id);
    }
    if (data === END_OF_STREAM) {
      // The POST's answer went out: its stream is over. (An empty GET event is a priming one.)
      if (!isGet) finish();
      return;
    }
    live?.send(data, id);
  };

  let missed: Awaited<ReturnType<typeof endpoint.adapter.events.after>>;
  try {
    missed = await endpoint.adapter.events.after(lastEventId);
  } catch (error) {
    stop();
    throw sharedStateFailure(endpoint.adapter, error);
  }
  if (missed === undefined) {
    stop();
    refuse(
      reply,
      new Refusal(
        400,
        `Bad Request: the stream of Last-Event-ID ${JSON.stringify(lastEventId)} is no longer kept; open the stream again without it`,
      ),
    );
    return;
  }
  const stream = new SseStream(reply, headers, keepAliveInterval, endpoint.streamLimits);
  live = stream;
  stream.onClose(() => stop());
  for (const event of missed) write(event.id, event.data);
  for (const [id, data] of early.splice(0)) write(id, data);
  if (isGet && stream.open) {
    // From here on the GET stream's writer sends to this connection directly.
    stop();
    stop = () => {};
    attach(entry, stream);
    endpoint.cluster?.publish({ t: 'taken', s: sessionId });
    entry.events ??= hub.writer(key);
  }
}
