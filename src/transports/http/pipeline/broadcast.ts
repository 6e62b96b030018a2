import type { JsonObject, McpCore, Peer } from '../../../core';
import type { ResolvedOptions } from '../options';
import {
  type Cluster,
  type SessionEntry,
  type SessionMode,
  takesPriming,
  toSession,
} from '../session';
import type { Resumption } from '../stream';

/**
 * Marks the filter of a broadcast another process raised: the endpoints of this process deliver
 * it and do not send it back to the cluster. On the broadcast itself, not in a flag: two
 * endpoints may serve one core.
 */
const RELAYED: unique symbol = Symbol('declarative-mcp.relayed');
type PeerFilter = ((peer: Peer) => boolean) & { [RELAYED]?: true };
const RELAYED_TO_ALL: PeerFilter = Object.assign(() => true, { [RELAYED]: true as const });

/** What delivering a broadcast uses of the HTTP endpoint. */
export interface BroadcastHost {
  /** Session mode, when the endpoint keeps sessions. */
  readonly sessions: SessionMode | undefined;
  /** The other processes sharing the adapter (a shared adapter only). */
  readonly cluster: Cluster | undefined;
  /** Tells `onError` about an unexpected error. */
  report(error: unknown): void;
}

/** `notifications/resources/updated`: for the sessions subscribed to its URI. */
function isResourceUpdate(message: JsonObject): boolean {
  return (
    message.method === 'notifications/resources/updated' &&
    typeof (message.params as { uri?: unknown } | undefined)?.uri === 'string'
  );
}

/**
 * A broadcast another process raised: to this process's listeners of the core (its sessions'
 * streams, 2026-07-28 listen streams), the resource update to its subscribers only.
 */
export function relay<C>(core: McpCore<C>, message: JsonObject): void {
  if (typeof message.method !== 'string') return;
  const params = message.params as JsonObject | undefined;
  let filter = RELAYED_TO_ALL;
  if (isResourceUpdate(message)) {
    const uri = params!.uri as string;
    filter = Object.assign((peer: Peer) => peer.isSubscribed(uri), {
      [RELAYED]: true as const,
    });
  }
  core.broadcast(message.method, params, filter);
}

/**
 * The core's broadcaster: one message to every session with an open stream that passes
 * `filter`. With a shared adapter, a notification for all (or for the subscribers of a
 * resource) goes to every process too; a broadcast with another filter, a function, cannot
 * travel and stays in this one, and one relayed from another process is not sent back.
 */
export function broadcast(host: BroadcastHost, message: JsonObject, given?: PeerFilter): void {
  const relayed = given?.[RELAYED] === true;
  const filter = given === RELAYED_TO_ALL ? undefined : given;
  const cluster = host.cluster;
  if (cluster !== undefined && !relayed && (filter === undefined || isResourceUpdate(message))) {
    cluster.publish({ t: 'broadcast', m: message });
  }
  const sessions = host.sessions;
  if (sessions === undefined) return;
  let json: string | undefined;
  for (const entry of sessions.store.values()) {
    // Sessions with a stream open, or whose stream's history this process keeps (to resume).
    if (entry.stream === undefined && entry.events === undefined) continue;
    if (filter !== undefined) {
      let pass = false;
      try {
        pass = filter(entry.session.peer);
      } catch (error) {
        host.report(error);
      }
      if (!pass) continue;
    }
    json ??= JSON.stringify(message);
    toSession(sessions.hub, entry, json);
  }
}

/**
 * A message for a session's GET stream (a call's message whose POST is gone). With a shared
 * adapter, when this process holds neither the stream nor its history, it goes to the process
 * that does.
 */
export function toClient(
  cluster: Cluster | undefined,
  mode: SessionMode,
  entry: SessionEntry,
  json: string,
): void {
  if (cluster !== undefined && entry.stream === undefined && entry.events === undefined) {
    cluster.publish({ t: 'send', s: entry.id, j: json });
    return;
  }
  toSession(mode.hub, entry, json);
}

/** What {@link resumptionOf} uses of the endpoint: `sseRetry`, and the other processes. */
export interface ResumptionHost {
  readonly options: Pick<ResolvedOptions<unknown>, 'sseRetry'>;
  readonly cluster: Cluster | undefined;
}

/**
 * How the POST streams of a session resume (and where a call's messages go once its POST is
 * gone, see {@link toClient}): made at the session's first POST, and again when it starts
 * priming (its revision is known after `initialize`), then the same for each POST. Made here,
 * not per POST in `handlePost`: a closure made there holds the POST's whole scope, and in
 * session mode that scope (request, response, call) then survived scavenges: 2.7 KB promoted
 * per request, ~31k of a session POST's ~160k instructions spent in GC (callgrind).
 */
export function resumptionOf(
  host: ResumptionHost,
  mode: SessionMode,
  entry: SessionEntry,
): Resumption {
  const prime = takesPriming(entry);
  const made = entry.resumption;
  if (made !== undefined && made.prime === prime) return made;
  const resumption: Resumption = {
    hub: mode.hub,
    sessionId: entry.id,
    prime,
    retry: host.options.sseRetry,
    toSession: (json) => toClient(host.cluster, mode, entry, json),
  };
  entry.resumption = resumption;
  return resumption;
}
