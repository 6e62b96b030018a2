import {
  batchRefusal,
  type McpCore,
  Peer,
  type PeerOptions,
  type ProtocolVersion,
  revisionOf,
} from '../../../core';
import { AuthRefusal } from '../auth';
import { HttpSession } from '../http-session';
import type { ResolvedOptions } from '../options';
import {
  type DeadlineQueue,
  type HttpRequest,
  type MediaChecks,
  Refusal,
  type Reply,
  refuse,
} from '../request';
import {
  type AdmissionHost,
  ASSUMED_REVISION,
  type Cluster,
  changesSession,
  openSession,
  recordOf,
  type SessionEntry,
  type SessionMode,
  versionRefusal,
} from '../session';
import { Exchange, type StreamLimits } from '../stream';
import { type ResumptionHost, resumptionOf } from './broadcast';
import { challenge } from './challenge';
import type { Listens } from './listens';
import { ANSWERED_ELSEWHERE, PendingPost, type PendingPosts } from './pending-posts';
import {
  initializeTooLarge,
  NOT_ACCEPTABLE,
  RETRY_AFTER,
  SHUTTING_DOWN,
  statusOf,
  timeOut,
  UNSUPPORTED_TYPE,
} from './post-answers';
import {
  givenMessage,
  isInitialize,
  type Message,
  messageOf,
  type ReadHost,
  requestIds,
} from './read';
import { rollBack } from './sessions';

/**
 * What answering a POST uses of the HTTP endpoint: its options and core, session mode (when
 * present) and the pending POSTs, the deadlines and budgets, and a few decisions that are the
 * endpoint's (who owns an identity, what context a call gets). Typed here, by these parts, so
 * that this module does not import the endpoint back.
 */
export interface PostHost<C> extends AdmissionHost, ReadHost, ResumptionHost {
  readonly options: ResolvedOptions<C>;
  readonly core: McpCore<C>;
  /** Session mode, when the endpoint keeps sessions. */
  readonly sessions: SessionMode | undefined;
  readonly cluster: Cluster | undefined;
  /** The POSTs being answered. */
  readonly posts: PendingPosts;
  /** The `subscriptions/listen` streams held (`maxListens`, `maxListensPerIdentity`). */
  readonly listens: Listens;
  /** The `postTimeout` deadlines. */
  readonly deadlines: DeadlineQueue;
  /** `Accept` and `Content-Type` checks. */
  readonly media: MediaChecks;
  /** Back-pressure limits of every event stream. */
  readonly streamLimits: StreamLimits;
  /** Why a stateless POST's peer closes once the POST is answered. */
  readonly requestOver: Error;
  /** The options of the peer a stateless POST makes: its limits and `clientRequestTimeout`. */
  readonly statelessPeer: PeerOptions;
  /** Whether the endpoint is shutting down. */
  readonly closing: boolean;
  contextOf(request: HttpRequest, session: HttpSession, identity: unknown): C;
  /** Tells `onError` about an unexpected error. */
  report(error: unknown): void;
}

/**
 * Answers a POST (MCP basic/transports, "Sending messages to the server"): checks `Accept` (406)
 * and `Content-Type` (415), reads the body within `maxBodyBytes` (413) and `postTimeout`
 * (408), parses it (400 with the JSON-RPC parse error), finds or opens the session, and hands the
 * message to the core with a link whose `send` turns the response into an event stream.
 */
export async function handlePost<C>(
  endpoint: PostHost<C>,
  request: HttpRequest,
  reply: Reply,
  identity: unknown,
): Promise<void> {
  const { options } = endpoint;
  const headers = request.headers;
  if (!endpoint.media.acceptsPostAnswers(headers.accept)) return refuse(reply, NOT_ACCEPTABLE);
  if (!endpoint.media.isJson(headers['content-type'] as string | undefined)) {
    return refuse(reply, UNSUPPORTED_TYPE);
  }

  const deadline = endpoint.deadlines.start();
  let entry: SessionEntry | undefined;
  let session: HttpSession | undefined;
  /** The session this `initialize` opened, until it is kept (the call succeeded) or taken back. */
  let opened: SessionEntry | undefined;
  let pending: PendingPost | undefined;
  /** The client whose place under the listen limits this POST holds (a listen stream). */
  let listener: string | undefined;
  try {
    const given = request.parsedBody;
    let message: Message;
    if (given === undefined) {
      const bodyDeadline = endpoint.bodyDeadlines.start();
      const body = await request.readBody(
        options.maxBodyBytes,
        deadline,
        bodyDeadline,
        endpoint.bodies,
      );
      message = messageOf(endpoint, body, bodyDeadline);
    } else {
      message = givenMessage(endpoint, given);
    }
    if (!message.ok) {
      if ('refusal' in message) return refuse(reply, message.refusal);
      if ('answer' in message) return reply.json(400, message.answer);
      return; // the client went away mid-body: nobody to answer
    }
    const value = message.value;
    const initialize = isInitialize(value);
    if (initialize && message.bytes > options.maxInitializeBytes) {
      // Refused before any session exists: nothing of it is kept.
      return reply.json(400, initializeTooLarge(value, message.bytes, options.maxInitializeBytes));
    }
    const header = headers['mcp-protocol-version'];
    const hint = typeof header === 'string' ? header.trim() : undefined;
    // Before the session gate: a batch of a revision without batches (2026-07-28) is not
    // missing a session, it is not allowed at all.
    const refusal = batchRefusal(value, hint);
    if (refusal !== undefined) return reply.json(400, refusal);
    const revision = revisionOf(value, hint);
    // A revision without sessions (2026-07-28), or a server/discover probe, stands alone.
    const sessionless = !revision.sessions && !Array.isArray(value);
    const listening = revision.listens(value);
    const ids = requestIds(value);
    if (endpoint.closing && ids.length > 0) {
      // While shutting down, answers and notifications still come in (a call in flight may
      // await the client's answer); new requests do not.
      return refuse(reply, SHUTTING_DOWN);
    }
    if (listening) {
      // A listen holds its connection until the client closes it: bounded in all and per client.
      const place = endpoint.listens.open(endpoint.ownerOf(identity), request.remoteAddress);
      if (typeof place !== 'string') return refuse(reply, place);
      listener = place;
    }

    const mode = sessionless ? undefined : endpoint.sessions;
    if (mode !== undefined) {
      let found: SessionEntry;
      if (initialize) {
        const admitted = await openSession(endpoint, mode, request.remoteAddress, identity);
        if (admitted instanceof Refusal) return refuse(reply, admitted);
        found = admitted;
        opened = admitted;
      } else {
        const admitted = mode.gate.enter(request, identity);
        const entered = admitted instanceof Promise ? await admitted : admitted;
        if (entered instanceof Refusal) return refuse(reply, entered);
        found = entered;
        // A request (not a notification or an answer) uses the session: it is not evicted.
        if (ids.length > 0) found.used = true;
      }
      // Busy: never idle nor evicted (both read lastActive only when active is 0), and the
      // finally below stamps lastActive before active returns to 0.
      found.active += 1;
      entry = found;
      session = found.session;
    } else {
      if (!initialize && !sessionless) {
        const refused = versionRefusal(request, undefined, options.strictProtocolVersion !== false);
        if (refused !== undefined) return refuse(reply, refused);
      }
      const peer = new Peer(endpoint.statelessPeer);
      if (!initialize && !sessionless) {
        peer.revision = (hint as ProtocolVersion | undefined) ?? ASSUMED_REVISION;
      }
      session = new HttpSession(undefined, identity, peer);
    }

    const peer = session.peer;
    // The exchange is also the call's link (its peer, and `send`).
    const exchange = new Exchange(
      request,
      reply,
      peer,
      options.keepAliveInterval,
      endpoint.streamLimits,
    );
    exchange.holdsRequests = ids.length > 0;
    exchange.headers = headers;
    // Without an identity, a session tells callers apart (one address may be many clients).
    const owner = endpoint.ownerOf(identity);
    exchange.owner = owner;
    exchange.sessionId = entry?.id;
    if (mode !== undefined && entry !== undefined) {
      exchange.resumption = resumptionOf(endpoint, mode, entry);
    } else {
      // Stateless: no one else could receive this call's answer, so a client leaving cancels it.
      reply.onClose(() => {
        if (!exchange.done) peer.close(new Error('The client disconnected.'));
      });
    }
    // MCP 2025-11-25 authorization: a call the token's scopes do not allow may become a 403.
    exchange.challengeable = options.scopeChallenge === true && !Array.isArray(value);
    const context = endpoint.contextOf(request, session, identity);
    if (opened !== undefined) reply.header('Mcp-Session-Id', opened.id);
    const running = endpoint.core.process(value, context, exchange);
    const current = new PendingPost(exchange, peer, entry, ids, Array.isArray(value), running);
    current.listening = listening;
    pending = current;
    endpoint.posts.add(current);
    // A subscriptions/listen stream lasts until the client closes it: no request deadline.
    if (listening) endpoint.deadlines.stop(deadline);
    else deadline.listen(() => timeOut(current));

    // The answer never waits on user code past the deadline, a cancellation or the session's
    // end: whichever answers the exchange first ends the wait, and the cleanup below runs.
    const over = await current.over;
    // Settled: answering below must not resolve `over` again (V8 reports every second resolve to
    // node's promise hook, ~2.4k instructions per POST).
    exchange.onSettle = undefined;
    const outcome = over === ANSWERED_ELSEWHERE ? undefined : over;
    let kept = true;
    if (mode !== undefined && opened !== undefined) {
      const decided = opened;
      opened = undefined; // decided here: kept, or taken back
      if (outcome === undefined || !outcome.ok) {
        kept = false;
        endpoint.posts.remove(current); // (its own answer is the core's, not the session's end)
        await rollBack(mode, decided, reply);
      }
    }
    if (kept && mode !== undefined && entry !== undefined && changesSession(value)) {
      // Saved before the answer: once the client reads it, every process sees the change.
      await mode.records.save(entry);
      endpoint.cluster?.publish({ t: 'sync', s: entry.id, r: recordOf(entry) });
    }
    if (outcome === undefined) return; // answered already (deadline, cancellation, session end)
    if (exchange.wanted !== undefined) {
      return exchange.refuse(
        challenge(options, request, AuthRefusal.insufficientScope(exchange.wanted)),
      );
    }
    const status = statusOf(outcome, revision);
    // A dependency is out: the client is told when to try again.
    if (status === 503 && !reply.started) reply.header('Retry-After', RETRY_AFTER);
    exchange.answer(outcome.text, status);
  } catch (error) {
    // Thrown before the initialize was decided (its context hook, the shared state): taken back.
    const mode = endpoint.sessions;
    if (opened !== undefined && mode !== undefined) {
      rollBack(mode, opened, reply).then(undefined, (failure: unknown) => endpoint.report(failure));
    }
    throw error;
  } finally {
    endpoint.deadlines.stop(deadline);
    if (listener !== undefined) endpoint.listens.close(listener);
    if (pending !== undefined) endpoint.posts.remove(pending);
    if (entry !== undefined) {
      entry.active -= 1;
      entry.lastActive = Date.now();
    } else if (session !== undefined) {
      // Stateless: the call is over; a server-to-client request still pending can never be answered.
      session.peer.close(endpoint.requestOver);
    }
  }
}
