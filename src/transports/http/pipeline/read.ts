import { isObject, type JsonRpcId } from '../../../core';
import type { BodyBudget, BodyOutcome, Deadline, DeadlineQueue } from '../request';
import { Refusal, utf8Length } from '../request';

/** What reading a POST's body gave: the parsed message, or the answer to send instead. */
export type Message =
  | { ok: true; value: unknown; bytes: number }
  /** A refusal of the transport (size, time, budget, a body read elsewhere). */
  | { ok: false; refusal: Refusal }
  /** The core's JSON-RPC parse error, answered `400`. */
  | { ok: false; answer: string }
  /** The client went away mid-body: nobody to answer. */
  | { ok: false; gone: true };

/** What reading a body uses of the endpoint. */
export interface ReadHost {
  readonly options: { readonly maxBodyBytes: number };
  readonly bodyDeadlines: DeadlineQueue;
  readonly bodies: BodyBudget;
  readonly core: { readonly rpc: { parse(text: string): ParseResult } };
}

type ParseResult = { ok: true; value: unknown } | { ok: false; answer: string };

/** Seconds a client is told to wait when the body budget is spent: bodies in flight end fast. */
const BUSY_RETRY_AFTER = '2';
// The rest of a refused body is not read: the connection closes rather than drain it.
const CLOSE = { Connection: 'close' } as const;
const TIMED_OUT = new Refusal(
  408,
  'Request Timeout: the body did not arrive in time',
  undefined,
  CLOSE,
);
const BUSY = new Refusal(
  503,
  'Service Unavailable: the server is reading as many request bodies as it may (maxPendingBodyBytes); retry shortly',
  undefined,
  { ...CLOSE, 'Retry-After': BUSY_RETRY_AFTER },
);
const CONSUMED = new Refusal(
  400,
  'Bad Request: the body was already read by another middleware; hand it over as req.body (or leave it unread)',
);
const GONE = { ok: false, gone: true } as const;

export function isInitialize(value: unknown): value is Record<string, unknown> {
  return isObject(value) && value.method === 'initialize';
}

/** No ids: a message of notifications or responses only. */
const NO_IDS: readonly JsonRpcId[] = Object.freeze([]);

/** Whether a message is a request (not a notification, not a response). */
function isRequest(item: unknown): item is { id: JsonRpcId } {
  return (
    isObject(item) &&
    typeof item.method === 'string' &&
    (typeof item.id === 'string' || typeof item.id === 'number')
  );
}

/** The ids of the requests (not notifications, not responses) in a message or batch. */
export function requestIds(value: unknown): readonly JsonRpcId[] {
  // A single message (nearly every POST) makes no list to walk.
  if (!Array.isArray(value)) return isRequest(value) ? [value.id] : NO_IDS;
  const ids: JsonRpcId[] = [];
  for (const item of value) if (isRequest(item)) ids.push(item.id);
  return ids;
}

/** The size of a body a framework parsed already, as JSON text (its length; 0 if it has none). */
function jsonBytes(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

function tooLarge(limit: number): Refusal {
  return new Refusal(
    413,
    `Payload Too Large: the body must not exceed ${limit} bytes`,
    undefined,
    CLOSE,
  );
}

/**
 * The message of a body a framework's parser read already (express.json(), express.text(), …),
 * or the answer to send instead.
 */
export function givenMessage(endpoint: ReadHost, given: unknown): Message {
  if (typeof given !== 'string') return { ok: true, value: given, bytes: jsonBytes(given) };
  const limit = endpoint.options.maxBodyBytes;
  if (utf8Length(given) > limit) return { ok: false, refusal: tooLarge(limit) };
  return parsedMessage(endpoint, given);
}

/**
 * The body read from the request, as a parsed JSON-RPC message, or the answer to send instead.
 * `body` is what `request.readBody` gave; `bodyDeadline` the deadline it was read under, stopped
 * here. (The caller awaits the read itself: an async step of its own here cost a promise, an
 * await and a `then` look-up per POST, ~700 instructions; callgrind, bench row 3.)
 */
export function messageOf(endpoint: ReadHost, body: BodyOutcome, bodyDeadline: Deadline): Message {
  endpoint.bodyDeadlines.stop(bodyDeadline);
  if (!body.ok) {
    switch (body.reason) {
      case 'too-large':
        return { ok: false, refusal: tooLarge(endpoint.options.maxBodyBytes) };
      case 'timeout':
        return { ok: false, refusal: TIMED_OUT };
      case 'busy':
        return { ok: false, refusal: BUSY };
      case 'consumed':
        return { ok: false, refusal: CONSUMED };
      default:
        return GONE;
    }
  }
  return parsedMessage(endpoint, body.text);
}

function parsedMessage(endpoint: ReadHost, text: string): Message {
  const parsed = endpoint.core.rpc.parse(text);
  // MCP basic/transports: a message the server cannot accept gets an HTTP error status.
  return parsed.ok
    ? {
        ok: true,
        value: parsed.value,
        bytes: isInitialize(parsed.value) ? utf8Length(text) : text.length,
      }
    : { ok: false, answer: parsed.answer };
}
