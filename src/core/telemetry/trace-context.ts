import type { JsonObject } from '../types';

/** A W3C Trace Context parent, as MCP's `_meta` or an HTTP header carries it. */
export interface CarriedContext {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
  readonly traceState: string | undefined;
}

// W3C Trace Context level 1, traceparent: version "-" trace-id "-" parent-id "-" trace-flags.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/**
 * Reads a `traceparent` (and its `tracestate`): `undefined` for anything W3C Trace Context
 * says to ignore (version ff, all-zero ids, version 00 with extra fields, not a string).
 */
export function parseTraceparent(value: unknown, state?: unknown): CarriedContext | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const match = TRACEPARENT.exec(value.trim());
  if (match === null) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as string[];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  return {
    traceId: traceId!,
    spanId: spanId!,
    traceFlags: Number.parseInt(flags!, 16) & 0xff,
    traceState: typeof state === 'string' && state.length <= 512 ? state : undefined,
  };
}

/** The `traceparent` of a span context. */
export function formatTraceparent(traceId: string, spanId: string, traceFlags: number): string {
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/**
 * The parent a request names: MCP `params._meta.traceparent`/`tracestate` (the conventions'
 * carrier, SEP-414), else the HTTP `traceparent` header.
 */
export function carriedContext(
  params: JsonObject | undefined,
  headers: Readonly<Record<string, string | string[] | undefined>> | undefined,
): CarriedContext | undefined {
  const meta = params?._meta;
  if (typeof meta === 'object' && meta !== null && !Array.isArray(meta)) {
    const carried = parseTraceparent(
      (meta as JsonObject).traceparent,
      (meta as JsonObject).tracestate,
    );
    if (carried !== undefined) return carried;
  }
  if (headers === undefined) return undefined;
  return parseTraceparent(headers.traceparent, headers.tracestate);
}
