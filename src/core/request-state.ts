import { ConfigurationRangeError, Fault } from './errors';
import { invalidParams } from './methods/params';
import { base64url, fromBase64url, randomBytes } from './random';
import { constantTimeEqual, defaultSealCrypto, type SealCrypto } from './seal-crypto';
import type { JsonObject } from './types';

/** What a sealed `requestState` is bound to (MCP 2026-07-28 basic/patterns/mrtr, "prevent replay"). */
export interface StateBinding {
  /** The caller's identity key (HTTP's `identityKey`; the process on stdio). */
  principal: string;
  /** `tools/call`, `prompts/get` or `resources/read`. */
  method: string;
  /** The tool or prompt name, or the resource URI. */
  name: string;
  /** The arguments, digested. */
  args: unknown;
}

/** Default lifetime of a `requestState`: 10 minutes. */
export const DEFAULT_REQUEST_STATE_TTL = 10 * 60_000;

/** Default number of `input_required` rounds one request may go through: 16. */
export const DEFAULT_MAX_ROUNDS = 16;

/** `maxRounds` checked once at start-up: a whole number of rounds, at least 1. */
export function checkMaxRounds(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_ROUNDS;
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigurationRangeError(
      `maxRounds must be a whole number of input_required rounds, at least 1 (got ${String(value)}).`,
    );
  }
  return value;
}

/** What a sealed state carries from one round of a request to the next. */
export interface SealedRound {
  /** The answers gathered in earlier rounds, by key. */
  answers: JsonObject;
  /** The keys the previous round asked: the only ones whose `inputResponses` count. */
  asked: readonly string[];
  /** How many `input_required` results the request has had so far. */
  rounds: number;
}

const VERSION = 'v1';

/** JSON with object keys sorted, so two equal argument objects digest the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys
      .map((k) => `${JSON.stringify(k)}:${canonical((value as JsonObject)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A value now, or a promise of it: synchronous hashing stays synchronous. */
export type MaybePromise<T> = T | Promise<T>;

/** `next(value)`, at once when `value` is not a promise. */
function then<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The JSON payload of a state's body; throws when it is not one. */
function payloadOf(body: string): unknown {
  return JSON.parse(decoder.decode(fromBase64url(body)));
}

function invalid(reason: string): Fault {
  return invalidParams(
    `requestState ${reason}; send the request again without requestState and inputResponses`,
  );
}

/**
 * Seals and opens the `requestState` of MRTR: the answers gathered so far, bound to the
 * principal, the method, the definition name and a digest of the arguments, with an expiry,
 * under HMAC-SHA-256. The core keeps nothing: the client carries the state between rounds.
 */
export class RequestStateSealer {
  private secret: Uint8Array | undefined;
  /** Whether the secret was given (then {@link share} leaves it). */
  readonly configured: boolean;

  constructor(
    secret: string | Uint8Array | undefined,
    /** Lifetime of a sealed state in ms. */
    readonly ttl: number = DEFAULT_REQUEST_STATE_TTL,
    /** HMAC and SHA-256: `node:crypto` where the runtime has it, else Web Crypto. */
    private readonly crypto: SealCrypto = defaultSealCrypto(),
  ) {
    if (!Number.isFinite(ttl) || ttl <= 0) {
      throw new RangeError(
        `requestStateTtl must be a number of milliseconds above 0 (got ${String(ttl)}).`,
      );
    }
    if (secret !== undefined && (secret.length === 0 || typeof secret === 'number')) {
      throw new TypeError('requestStateSecret must be a non-empty string or byte array.');
    }
    this.configured = secret !== undefined;
    // A random secret per process by default: states do not survive a restart, nor cross
    // processes. Drawn on first use: Workers refuse random values while a module loads.
    this.secret =
      secret === undefined
        ? undefined
        : typeof secret === 'string'
          ? encoder.encode(secret)
          : Uint8Array.from(secret);
  }

  /** The HMAC key: the given or shared secret, else one drawn now, once. */
  private key(): Uint8Array {
    this.secret ??= randomBytes(32);
    return this.secret;
  }

  /**
   * Takes a secret shared by the processes serving one application (a transport on a shared
   * state adapter), unless one was configured; returns whether it was taken.
   */
  share(secret: string): boolean {
    if (this.configured || secret.length === 0) return false;
    this.secret = encoder.encode(secret);
    return true;
  }

  /** The sealed state for `round` under `binding`, valid for {@link ttl} ms from `now`. */
  seal(
    round: SealedRound,
    binding: StateBinding,
    now = Date.now(),
    trace?: string,
  ): MaybePromise<string> {
    return then(this.crypto.sha256(canonical(binding.args)), (digest) => {
      const payload: JsonObject = {
        p: binding.principal,
        m: binding.method,
        n: binding.name,
        d: digest,
        e: now + this.ttl,
        r: round.rounds,
        q: round.asked,
        a: round.answers,
      };
      if (trace !== undefined) payload.t = trace;
      const body = base64url(encoder.encode(JSON.stringify(payload)));
      return then(this.crypto.hmac(this.key(), body), (mac) => `${VERSION}.${body}.${mac}`);
    });
  }

  /** The round a state carries; a Fault (-32602) when it is tampered, expired or foreign. */
  open(state: unknown, binding: StateBinding, now = Date.now()): MaybePromise<SealedRound> {
    if (typeof state !== 'string') throw invalid('must be the string the server sent');
    const parts = state.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION) throw invalid('is not one this server sealed');
    const [, body, mac] = parts as [string, string, string];
    return then(this.crypto.hmac(this.key(), body), (expected) => {
      if (!constantTimeEqual(mac, expected)) throw invalid('failed its integrity check');
      let payload: {
        p?: unknown;
        m?: unknown;
        n?: unknown;
        d?: unknown;
        e?: unknown;
        r?: unknown;
        q?: unknown;
        a?: unknown;
      };
      try {
        payload = payloadOf(body) as typeof payload;
      } catch {
        throw invalid('failed its integrity check');
      }
      if (typeof payload !== 'object' || payload === null) {
        throw invalid('failed its integrity check');
      }
      if (typeof payload.e !== 'number' || payload.e < now) throw invalid('has expired');
      if (payload.p !== binding.principal) throw invalid('belongs to another caller');
      if (payload.m !== binding.method || payload.n !== binding.name) {
        throw invalid(`belongs to another request than ${binding.method} "${binding.name}"`);
      }
      const { a, q, r, d } = payload;
      return then(this.crypto.sha256(canonical(binding.args)), (digest) => {
        if (d !== digest) throw invalid('was issued for other arguments');
        return {
          answers:
            typeof a === 'object' && a !== null && !Array.isArray(a) ? (a as JsonObject) : {},
          asked: Array.isArray(q) ? q.filter((key): key is string => typeof key === 'string') : [],
          rounds: typeof r === 'number' && Number.isInteger(r) && r > 0 ? r : 1,
        };
      });
    });
  }

  /**
   * The `traceparent` of the round that sealed `state` (telemetry links the next round to it).
   * Read after {@link open} accepted the state; `undefined` when it carries none.
   */
  trace(state: unknown): string | undefined {
    if (typeof state !== 'string') return undefined;
    try {
      const payload = payloadOf(state.split('.')[1] ?? '') as { t?: unknown } | null;
      return typeof payload?.t === 'string' ? payload.t : undefined;
    } catch {
      return undefined;
    }
  }
}
