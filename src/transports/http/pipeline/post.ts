import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ErrorCode,
  isModernBatch,
  isObject,
  type JsonRpcId,
  McpCore,
  MODERN_BATCH_ANSWER,
  ModernErrorCode,
  type Outcome,
  Peer,
  type PeerOptions,
  type ProtocolVersion,
  type StateBudget,
} from '../../../core';
import { AuthRefusal } from '../auth';
import { HttpSession } from '../http-session';
import type { ResolvedOptions } from '../options';
import type { Deadline, DeadlineQueue, MediaChecks } from '../request';
import {
  type BodyBudget,
  readBody,
  readStreamBody,
  sendError,
  sendJson,
  WEB_BODY,
  type WebBody,
} from '../request';
import type { SessionEntry, SessionStore } from '../session';
import {
  ASSUMED_REVISION,
  changesSession,
  GateRefusal,
  openSession,
  recordOf,
  type SessionGate,
  type SessionRecords,
  type StreamHost,
  sendRefusal,
  takesPriming,
  versionRefusal,
} from '../session';
import { Exchange } from '../stream';
import { ANSWERED_ELSEWHERE, PendingPost, type PendingPosts } from './pending-posts';

/**
 * What answering a POST uses of the HTTP endpoint: its options and core, the session gate and
 * the pending POSTs, the deadlines and budgets, and a few decisions that are the endpoint's
 * (who owns an identity, what context a call gets, how an authorization refusal reads). Typed
 * here, by these parts, so that this module does not import the endpoint back.
 */
export interface PostHost<C> extends StreamHost {
  readonly options: ResolvedOptions<C>;
  readonly core: McpCore<C>;
  /** The sessions this process holds (session mode only). */
  readonly store: SessionStore | undefined;
  /** The sessions' records in the state adapter (session mode only). */
  readonly records: SessionRecords | undefined;
  /** The way into a session for requests after `initialize` (session mode only). */
  readonly gate: SessionGate | undefined;
  /** The POSTs being answered. */
  readonly posts: PendingPosts;
  /** The `postTimeout` and `bodyTimeout` deadlines. */
  readonly deadlines: DeadlineQueue;
  readonly bodyDeadlines: DeadlineQueue;
  /** The bytes of the bodies being read. */
  readonly bodies: BodyBudget;
  /** `Accept` and `Content-Type` checks. */
  readonly media: MediaChecks;
  /** Why a stateless POST's peer closes once the POST is answered. */
  readonly requestOver: Error;
  /** The budget of the client state every session keeps (`maxSessionStateBytes`). */
  readonly stateBudget: StateBudget | undefined;
  /** The limits of every peer (`maxSubscriptions`, `maxUriLength`). */
  readonly peerLimits: PeerOptions;
  /** Whether the endpoint is shutting down. */
  readonly closing: boolean;
  ownerOf(identity: unknown): string | undefined;
  /** A message for a session's GET stream, wherever in the cluster it is held. */
  toClient(entry: SessionEntry, json: string): void;
  contextOf(req: IncomingMessage, session: HttpSession, identity: unknown): C;
  refusal(
    req: IncomingMessage,
    refusal: AuthRefusal | undefined,
  ): { status: number; message: string; headers: Record<string, string> };
}
/** Seconds a client is told to wait when the body budget is spent: bodies in flight end fast. */
const BUSY_RETRY_AFTER = '2';
/**
 * MCP 2026-07-28 basic/transports: an unknown or removed method is 404; a request the server
 * cannot accept (bad `_meta`, a header mismatch, a missing client capability, an unsupported
 * revision) is 400.
 */
const MODERN_STATUS = new Map<number, number>([
  [ErrorCode.METHOD_NOT_FOUND, 404],
  [ErrorCode.PARSE_ERROR, 400],
  [ErrorCode.INVALID_REQUEST, 400],
  [ErrorCode.INVALID_PARAMS, 400],
  [ModernErrorCode.HEADER_MISMATCH, 400],
  [ModernErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY, 400],
  [ModernErrorCode.UNSUPPORTED_PROTOCOL_VERSION, 400],
]);

/** The HTTP status of an answer, from what the core says about it (never from its text). */
function statusOf(outcome: Outcome, modern: boolean): number {
  if (outcome.kind === 'refused') return 400;
  if (modern && !outcome.ok && outcome.code !== undefined) {
    return MODERN_STATUS.get(outcome.code) ?? 200;
  }
  return 200;
}
/** JSON-RPC code of a request cancelled by `postTimeout` (the code MCP SDKs use for timeouts). */
const REQUEST_TIMED_OUT = -32001;

type Message =
  | { ok: true; value: unknown; bytes: number }
  | { ok: false; status: number; body?: string; text?: string };

/** The ids of the requests (not notifications, not responses) in a message or batch. */
function requestIds(value: unknown): JsonRpcId[] {
  const ids: JsonRpcId[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    if (
      isObject(item) &&
      typeof item.method === 'string' &&
      (typeof item.id === 'string' || typeof item.id === 'number')
    ) {
      ids.push(item.id);
    }
  }
  return ids;
}

function isInitialize(value: unknown): value is Record<string, unknown> {
  return isObject(value) && value.method === 'initialize';
}

/** The size of a body a framework parsed already, as JSON text (its length; 0 if it has none). */
function jsonBytes(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

/** The answer to an `initialize` larger than `maxInitializeBytes`: -32602, with why. */
function initializeTooLarge(value: Record<string, unknown>, bytes: number, limit: number): string {
  const id = typeof value.id === 'string' || typeof value.id === 'number' ? value.id : null;
  const reason = `initialize must not exceed ${limit} bytes (got ${bytes}); send only the capabilities and clientInfo MCP defines`;
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":-32602,"message":${JSON.stringify(`Invalid params: ${reason}`)},"data":{"reason":${JSON.stringify(reason)}}}}`;
}

/** The body as a parsed JSON-RPC message, or the refusal to send. */
async function readMessage<C>(
  endpoint: PostHost<C>,
  req: IncomingMessage,
  deadline: Deadline,
): Promise<Message> {
  const limit = endpoint.options.maxBodyBytes;
  const tooLarge = `Payload Too Large: the body must not exceed ${limit} bytes`;
  const given = (req as { body?: unknown }).body;
  let text: string;
  if (given !== undefined) {
    // A framework's body parser ran first (express.json(), express.text(), …): take what it read.
    if (typeof given !== 'string' && !Buffer.isBuffer(given)) {
      return { ok: true, value: given, bytes: jsonBytes(given) };
    }
    if (Buffer.byteLength(given) > limit) return { ok: false, status: 413, text: tooLarge };
    text = given.toString();
  } else {
    const bodyDeadline = endpoint.bodyDeadlines.start();
    // A request described from a Web `Request` (the fetch face) brings its body as a stream.
    const web = (req as { [WEB_BODY]?: WebBody })[WEB_BODY];
    const body =
      web === undefined
        ? await readBody(req, limit, deadline, bodyDeadline, endpoint.bodies)
        : await readStreamBody(
            web.stream,
            req.headers['content-length'],
            limit,
            deadline,
            bodyDeadline,
            endpoint.bodies,
            web.signal,
          );
    endpoint.bodyDeadlines.stop(bodyDeadline);
    if (!body.ok) {
      switch (body.reason) {
        case 'too-large':
          return { ok: false, status: 413, text: tooLarge };
        case 'timeout':
          return {
            ok: false,
            status: 408,
            text: 'Request Timeout: the body did not arrive in time',
          };
        case 'busy':
          return {
            ok: false,
            status: 503,
            text: 'Service Unavailable: the server is reading as many request bodies as it may (maxPendingBodyBytes); retry shortly',
          };
        case 'consumed':
          return {
            ok: false,
            status: 400,
            text: 'Bad Request: the body was already read by another middleware; hand it over as req.body (or leave it unread)',
          };
        default:
          return { ok: false, status: 0 };
      }
    }
    text = body.text;
  }
  const parsed = endpoint.core.rpc.parse(text);
  // MCP basic/transports: a message the server cannot accept gets an HTTP error status.
  return parsed.ok
    ? {
        ok: true,
        value: parsed.value,
        bytes: isInitialize(parsed.value) ? Buffer.byteLength(text) : text.length,
      }
    : { ok: false, status: 400, body: parsed.answer };
}

/** `postTimeout` struck while the calls ran: answer each with a timeout error, and cancel them. */
function timeOut(post: PendingPost): void {
  if (post.exchange.done) return;
  post.fail(REQUEST_TIMED_OUT, 'Request timed out');
  for (const id of post.ids) post.peer.cancel(id, 'The request timed out.', false);
}

/**
 * Answers a POST (MCP basic/transports, "Sending messages to the server"): checks `Accept` (406)
 * and `Content-Type` (415), reads the body within `maxBodyBytes` (413) and `postTimeout`
 * (408), parses it (400 with the JSON-RPC parse error), finds or opens the session, and hands the
 * message to the core with a link whose `send` turns the response into an event stream.
 */
export async function handlePost<C>(
  endpoint: PostHost<C>,
  req: IncomingMessage,
  res: ServerResponse,
  identity: unknown,
): Promise<void> {
  const { options, store, records } = endpoint;
  const accept = req.headers.accept;
  if (
    !endpoint.media.accepts(accept, 'application/json') ||
    !endpoint.media.accepts(accept, 'text/event-stream')
  ) {
    return sendError(
      res,
      406,
      'Not Acceptable: the Accept header must list application/json and text/event-stream',
    );
  }
  if (!endpoint.media.isJson(req.headers['content-type'])) {
    return sendError(res, 415, 'Unsupported Media Type: Content-Type must be application/json');
  }

  const deadline = endpoint.deadlines.start();
  let entry: SessionEntry | undefined;
  let session: HttpSession | undefined;
  let opened = false;
  let pending: PendingPost | undefined;
  try {
    const message = await readMessage(endpoint, req, deadline);
    if (!message.ok) {
      if (message.status === 0) return; // the client went away mid-body: nobody to answer
      // The rest of a refused body is not read: close the connection rather than drain it.
      const headers =
        message.status === 400
          ? undefined
          : message.status === 503
            ? { Connection: 'close', 'Retry-After': BUSY_RETRY_AFTER }
            : { Connection: 'close' };
      if (message.body !== undefined) sendJson(res, message.status, message.body, headers);
      else sendError(res, message.status, message.text!, headers);
      return;
    }
    const value = message.value;
    const initialize = isInitialize(value);
    if (initialize && message.bytes > options.maxInitializeBytes) {
      // Refused before any session exists: nothing of it is kept.
      return sendJson(
        res,
        400,
        initializeTooLarge(value, message.bytes, options.maxInitializeBytes),
      );
    }
    const hint = req.headers['mcp-protocol-version'];
    const revision = typeof hint === 'string' ? hint.trim() : undefined;
    // Before the session gate: a 2026 batch is not missing a session, it is not allowed at all.
    if (isModernBatch(value, revision)) return sendJson(res, 400, MODERN_BATCH_ANSWER);
    const era = McpCore.eraOf(value, revision);
    // MCP 2026-07-28: no sessions; a server/discover probe (no era named) stands alone too.
    const sessionless = era !== 'legacy' && !Array.isArray(value);
    const listening =
      era === 'modern' && isObject(value) && value.method === 'subscriptions/listen';
    if (endpoint.closing && requestIds(value).length > 0) {
      // While shutting down, answers and notifications still come in (a call in flight may
      // await the client's answer); new requests do not.
      return sendError(res, 503, 'Service Unavailable: the server is shutting down', {
        Connection: 'close',
      });
    }

    if (store !== undefined && !sessionless) {
      let found: SessionEntry | undefined;
      if (initialize) {
        const admitted = await openSession(endpoint, req, identity);
        if (!('session' in admitted)) {
          return sendError(res, admitted.status, admitted.message, admitted.headers);
        }
        found = admitted;
        opened = true;
      } else {
        const admitted = endpoint.gate!.enter(req, identity);
        const entered = admitted instanceof Promise ? await admitted : admitted;
        if (entered instanceof GateRefusal) return sendRefusal(res, entered);
        found = entered;
        // A request (not a notification or an answer) uses the session: it is not evicted.
        if (requestIds(value).length > 0) found.used = true;
      }
      found.active += 1;
      found.lastActive = Date.now();
      entry = found;
      session = found.session;
    } else {
      if (!initialize && !sessionless) {
        const refused = versionRefusal(req, undefined, options.strictProtocolVersion !== false);
        if (refused !== undefined) return sendRefusal(res, refused);
      }
      const peer = new Peer({
        ...endpoint.peerLimits,
        clientRequestTimeout: options.clientRequestTimeout,
      });
      if (!initialize && !sessionless) {
        peer.revision =
          (req.headers['mcp-protocol-version'] as ProtocolVersion | undefined) ?? ASSUMED_REVISION;
      }
      session = new HttpSession(undefined, identity, peer);
    }

    const peer = session.peer;
    // The exchange is also the call's link (its peer, and `send`).
    const exchange = new Exchange(res, peer, options.keepAliveInterval, endpoint.streamLimits);
    const ids = requestIds(value);
    exchange.holdsRequests = ids.length > 0;
    exchange.headers = req.headers;
    // Without an identity, a session tells callers apart (one address may be many clients).
    const owner = endpoint.ownerOf(identity);
    exchange.principal = owner ?? (entry !== undefined ? `session:${entry.session.id}` : '');
    exchange.anonymous = owner === undefined && entry === undefined;
    if (entry !== undefined) {
      const held = entry;
      exchange.fallback = (json) => endpoint.toClient(held, json);
      exchange.resumption = {
        hub: endpoint.hub!,
        sessionId: held.session.id!,
        prime: takesPriming(held),
        retry: options.sseRetry,
      };
    } else {
      // Stateless: no one else could receive this call's answer, so a client leaving cancels it.
      // ('close' is emitted once: `on` spares the wrapper `once` makes.)
      res.on('close', () => {
        if (!exchange.done) peer.close(new Error('The client disconnected.'));
      });
    }
    // MCP 2025-11-25 authorization: a call the token's scopes do not allow may become a 403.
    exchange.challengeable = options.scopeChallenge === true && !Array.isArray(value);
    const context = endpoint.contextOf(req, session, identity);
    if (opened) res.setHeader('Mcp-Session-Id', session.id!);
    const running = endpoint.core.process(value, context, exchange);
    const current = new PendingPost(
      exchange,
      peer,
      entry,
      ids,
      Array.isArray(value),
      running.then((result) => result.text),
    );
    current.listening = listening;
    pending = current;
    endpoint.posts.add(current);
    // A subscriptions/listen stream lasts until the client closes it: no request deadline.
    if (listening) endpoint.deadlines.stop(deadline);
    else deadline.listen(() => timeOut(current));

    // The answer never waits on user code past the deadline, a cancellation or the session's
    // end: whichever answers the exchange first ends the wait, and the cleanup below runs.
    const over = await current.over;
    const outcome = over === ANSWERED_ELSEWHERE ? undefined : await running;
    if (opened && (outcome === undefined || !outcome.ok)) {
      endpoint.posts.remove(current); // (its own answer is the core's, not the session's end)
      store!.end(entry!, 'initialize failed.');
      opened = false;
      if (!res.headersSent) res.removeHeader('Mcp-Session-Id');
      await records!.delete(session.id!);
    } else if (entry !== undefined && changesSession(value)) {
      // Saved before the answer: once the client reads it, every process sees the change.
      await records!.save(entry);
      endpoint.cluster?.publish({ t: 'sync', s: entry.session.id!, r: recordOf(entry) });
    }
    if (outcome === undefined) return; // answered already (deadline, cancellation, session end)
    if (exchange.wanted !== undefined) {
      const refused = endpoint.refusal(req, AuthRefusal.insufficientScope(exchange.wanted));
      return exchange.refuse(refused.status, refused.message, refused.headers);
    }
    exchange.answer(outcome.text, statusOf(outcome, era !== 'legacy'));
  } catch (error) {
    if (opened) {
      store!.end(entry!, 'initialize failed.');
      if (!res.headersSent) res.removeHeader('Mcp-Session-Id');
      records!.forget(entry!.session.id!);
    }
    throw error;
  } finally {
    endpoint.deadlines.stop(deadline);
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
