import type { StateAdapter } from '../../../adapter';
import { ErrorCode, type PeerOptions, type StateBudget } from '../../../core';
import type { ResolvedOptions } from '../options';
import { type HttpRequest, MediaChecks, Refusal, type Reply, refuse } from '../request';
import {
  type Cluster,
  openSessionStream,
  type SessionEntry,
  SessionGate,
  type SessionMode,
  SessionRecords,
  SessionStore,
  type StreamHost,
} from '../session';
import { StreamHub } from '../stream';
import type { PendingPosts } from './pending-posts';

/** What session mode is made of, from the endpoint that keeps it. */
export interface SessionModeHost extends StreamHost {
  readonly options: ResolvedOptions<unknown>;
  readonly adapter: StateAdapter;
  readonly cluster: Cluster | undefined;
  readonly posts: PendingPosts;
  readonly stateBudget: StateBudget | undefined;
  readonly peerLimits: PeerOptions;
  readonly media: MediaChecks;
  report(error: unknown): void;
  ownerOf(identity: unknown): string | undefined;
}

/** Session mode for an endpoint with `sessions: true`: its store, records, gate and stream hub. */
export function createSessionMode(host: SessionModeHost): SessionMode {
  const { options, adapter, cluster, posts } = host;
  const { sessionIdleTimeout, maxSessions, maxSessionsPerIdentity, clientRequestTimeout } = options;
  const report = (error: unknown) => host.report(error);
  const limits = { max: maxSessions, perSource: maxSessionsPerIdentity };
  const records = new SessionRecords(adapter, sessionIdleTimeout, limits, report);
  const hub = new StreamHub(adapter.events, report);
  if (cluster !== undefined) {
    hub.remote = (k, i, d) => cluster.publish({ t: 'event', k, i: i ?? null, d });
  }
  const store = new SessionStore({
    idleTimeout: sessionIdleTimeout,
    max: maxSessions,
    clientRequestTimeout,
    // A call ended by its session's end gets a JSON-RPC error at once.
    onEnd: (entry, reason) => {
      for (const post of posts.of(entry)) {
        post.fail(
          ErrorCode.TRANSPORT_ERROR,
          `The session ended before the call finished: ${reason}`,
        );
      }
    },
    onCancel: (entry, id) => {
      for (const post of posts.of(entry)) if (post.cancelled(id)) return;
    },
    // A shared record expires in the store by its own TTL: another process may be using it.
    onExpired: (entry) => {
      if (!adapter.shared) records.forget(entry.id);
    },
    onBusy: (entry, now) => records.touch(entry, now),
    // With a shared adapter, a server→client request's id names this process, and an answer
    // or a cancellation for a request another process holds goes there.
    peerOptions: (id) => ({
      ...host.peerLimits,
      budget: host.stateBudget,
      ...(cluster && {
        requestIdPrefix: `srv-${cluster.origin}-`,
        onUnmatched: (kind: 'response' | 'cancel', message: Record<string, unknown>) =>
          cluster.publish({ t: kind, s: id, m: message }),
      }),
    }),
  });
  const gate = new SessionGate({
    store,
    records,
    ownerOf: (identity) => host.ownerOf(identity),
    authenticated: options.authenticate !== undefined,
    strictVersion: options.strictProtocolVersion !== false,
  });
  return { store, records, gate, hub };
}

const NOT_ACCEPTABLE_STREAM = new Refusal(
  406,
  'Not Acceptable: the Accept header must list text/event-stream',
);

/** `GET`: the session's server-to-client stream (broadcasts, and messages of calls whose POST is gone). */
export function openStream(
  host: SessionModeHost,
  mode: SessionMode,
  request: HttpRequest,
  reply: Reply,
  identity: unknown,
): Promise<void> | undefined {
  if (!host.media.accepts(request.headers.accept, 'text/event-stream')) {
    return refuse(reply, NOT_ACCEPTABLE_STREAM);
  }
  const found = mode.gate.enter(request, identity);
  if (found instanceof Promise) {
    return found.then((entry) => stream(host, mode, request, reply, entry));
  }
  return stream(host, mode, request, reply, found);
}

function stream(
  host: SessionModeHost,
  mode: SessionMode,
  request: HttpRequest,
  reply: Reply,
  entry: SessionEntry | Refusal,
): Promise<void> | undefined {
  if (entry instanceof Refusal) return refuse(reply, entry);
  return openSessionStream(host, mode, request, reply, entry);
}

/**
 * Takes back the session an `initialize` opened when it failed: ended here, its header off the
 * answer, its record deleted (the promise settles with the delete).
 */
export function rollBack(mode: SessionMode, entry: SessionEntry, reply: Reply): Promise<void> {
  mode.store.end(entry, 'initialize failed.');
  if (!reply.started) reply.removeHeader('Mcp-Session-Id');
  return mode.records.delete(entry.id);
}

/** `DELETE`: ends the session (`204`); its calls are aborted and its stream closed. */
export async function endSession(
  host: SessionModeHost,
  mode: SessionMode,
  request: HttpRequest,
  reply: Reply,
  identity: unknown,
): Promise<void> {
  const entry = await mode.gate.enter(request, identity);
  if (entry instanceof Refusal) return refuse(reply, entry);
  mode.store.end(entry, 'The client ended the session.');
  await mode.records.delete(entry.id);
  host.cluster?.publish({ t: 'end', s: entry.id });
  reply.empty(204);
}
