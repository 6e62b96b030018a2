import type {
  Attributes,
  Context,
  Histogram,
  Span,
  SpanContext,
  Link as SpanLink,
  Tracer,
} from '@opentelemetry/api';
import type { AnswerSummary } from '../answers';
import { ErrorCode } from '../error-codes';
import type { Inbound } from '../revisions';
import type { RequestObserver } from '../rpc-contract';
import type { JsonRpcRequest } from '../types';
import { isObject, type JsonObject } from '../types';
import { addDetails, addNetwork, type RequestShape, shapeOf } from './attributes';
import { askErrorType, exception, failureOf, failureText } from './failure';
import type { Api } from './load';
import type { TelemetryOption } from './options';
import { resolveProviders } from './providers';
import { type CarriedContext, carriedContext, formatTraceparent } from './trace-context';

/** A request to the client under way as a CLIENT span: see {@link Telemetry.open}. */
export interface Asking {
  /** The request's params, the span's context in their `_meta`. */
  readonly params: JsonObject;
  /** Ends the span, as failed when `error` is given. Only the first call counts. */
  end(error?: unknown): void;
}

/**
 * One core's OpenTelemetry instrumentation (semantic conventions for MCP): a SERVER span and a
 * `mcp.server.operation.duration` point per request, `mcp.server.session.duration` per 2025
 * session, and the trace context carried to the client in `_meta`. It observes the dispatcher
 * from the first request on, and steps off it for good when `@opentelemetry/api` is missing or
 * no provider is registered by then: the plain path then pays one check per request.
 */
export class Telemetry<C> implements RequestObserver<C, Inbound> {
  private api: Api | undefined;
  private tracer: Tracer | undefined;
  private operations: Histogram | undefined;
  private sessions: Histogram | undefined;
  private resolved = false;

  constructor(
    private readonly rpc: { observer: RequestObserver<C, Inbound> | undefined },
    private readonly option: Exclude<TelemetryOption, false>,
  ) {
    rpc.observer = this;
  }

  /** Whether spans or metrics are being recorded (the providers are known once a request came). */
  get on(): boolean {
    return this.tracer !== undefined || this.operations !== undefined;
  }

  observe(
    request: JsonRpcRequest,
    _context: C,
    extra: Inbound | undefined,
    note: AnswerSummary | undefined,
    answer: (note: AnswerSummary | undefined) => Promise<string | null>,
  ): Promise<string | null> {
    if (!this.resolved && !this.resolve()) return answer(note);
    return this.record(request, extra?.link, note, answer);
  }

  private record(
    request: JsonRpcRequest,
    link: Inbound['link'],
    note: AnswerSummary | undefined,
    answer: (note: AnswerSummary | undefined) => Promise<string | null>,
  ): Promise<string | null> {
    const api = this.api!;
    const shape = shapeOf(request, link);
    const started = performance.now();
    const active = api.context.active();
    const carried = carriedContext(
      isObject(request.params) ? request.params : undefined,
      link?.headers,
    );
    let parent = active;
    let links: SpanLink[] | undefined;
    if (carried !== undefined) {
      // semconv MCP: the client's context (in _meta) is the parent; the ambient one a link.
      parent = api.trace.setSpanContext(active, this.remote(carried));
      const ambient = api.trace.getSpanContext(active);
      if (ambient !== undefined && api.trace.isSpanContextValid(ambient)) {
        links = [{ context: ambient }];
      }
    }
    const span = this.tracer?.startSpan(
      shape.name,
      { kind: api.SpanKind.SERVER, attributes: shape.span, links },
      parent,
    );
    // A span a sampler dropped gets nothing more: no id string, no addresses.
    if (span?.isRecording()) span.setAttributes(addDetails({}, request, shape.facts));
    // The caller's note when it gave one (the answer fills it as it would without telemetry).
    const trail: AnswerSummary = note ?? { ok: false, code: undefined, refused: false };
    const answered =
      span === undefined
        ? answer(trail)
        : api.context.with(api.trace.setSpan(parent, span), answer, undefined, trail);
    // One reaction, no async function: the plain path's promise count stays what it was.
    return answered.then((text) => {
      try {
        this.finish(request.method, link, shape, span, trail, started);
      } catch {
        // An SDK that throws must not turn an answer into a rejection.
      }
      return text;
    });
  }

  /** Ends the span and records the metric point, once the answer is known. */
  private finish(
    method: string,
    link: Inbound['link'],
    shape: RequestShape,
    span: Span | undefined,
    trail: AnswerSummary,
    started: number,
  ): void {
    const api = this.api!;
    const failure = failureOf(trail);
    if (span !== undefined) {
      if (failure !== undefined && span.isRecording()) {
        span.setAttribute('error.type', failure);
        if (trail.code !== undefined) span.setAttribute('rpc.response.status_code', failure);
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: failureText(trail) });
        if (trail.error !== undefined) span.recordException(exception(trail.error));
      }
      span.end();
    }
    if (this.operations !== undefined) {
      const attributes = shape.metric;
      if (failure !== undefined) {
        attributes['error.type'] = failure;
        if (trail.code !== undefined) attributes['rpc.response.status_code'] = failure;
        // An unknown tool or prompt is the client's text: kept off the metric, so a caller
        // cannot grow its cardinality without bound.
        if (trail.code === ErrorCode.INVALID_PARAMS) {
          delete attributes['gen_ai.tool.name'];
          delete attributes['gen_ai.prompt.name'];
        }
      }
      this.operations.record((performance.now() - started) / 1000, attributes);
      if (method === 'initialize' && trail.ok && link !== undefined) {
        this.session(link, shape.metric);
      }
    }
  }

  /** `mcp.server.session.duration` for a 2025 session: from `initialize` until its peer closes. */
  private session(link: NonNullable<Inbound['link']>, started: Attributes): void {
    const sessions = this.sessions!;
    const since = performance.now();
    const attributes: Attributes = { 'jsonrpc.protocol.version': '2.0' };
    const version = started['mcp.protocol.version'];
    if (version !== undefined) attributes['mcp.protocol.version'] = version;
    const facts = link.facts?.();
    // A stateless HTTP initialize opens no session (its peer lasts one POST): nothing to time.
    if (facts !== undefined && facts.transport !== 'pipe' && facts.sessionId === undefined) return;
    if (facts !== undefined) addNetwork(attributes, facts);
    link.peer.onClose(() => sessions.record((performance.now() - since) / 1000, attributes));
  }

  private remote(carried: CarriedContext): SpanContext {
    const api = this.api!;
    return {
      traceId: carried.traceId,
      spanId: carried.spanId,
      traceFlags: carried.traceFlags,
      isRemote: true,
      traceState:
        carried.traceState === undefined ? undefined : api.createTraceState(carried.traceState),
    };
  }

  /**
   * Looks the providers up once, at the first request: the ones given, else the global ones.
   * Steps off the dispatcher when there is nothing to record.
   */
  private resolve(): boolean {
    this.resolved = true;
    const providers = resolveProviders(this.option);
    if (providers === undefined) {
      this.rpc.observer = undefined;
      return false;
    }
    this.api = providers.api;
    this.tracer = providers.tracer;
    this.operations = providers.operations;
    this.sessions = providers.sessions;
    return true;
  }

  /**
   * The current span's context for a message to the client (`_meta.traceparent` and
   * `tracestate`), or `undefined` when nothing is traced.
   */
  carrier(context?: Context): JsonObject | undefined {
    if (this.tracer === undefined) return undefined;
    const api = this.api!;
    const current = api.trace.getSpanContext(context ?? api.context.active());
    if (current === undefined || !api.trace.isSpanContextValid(current)) return undefined;
    const carrier: JsonObject = {
      traceparent: formatTraceparent(current.traceId, current.spanId, current.traceFlags),
    };
    const state = current.traceState?.serialize();
    if (state) carrier.tracestate = state;
    return carrier;
  }

  /**
   * `params` with the current trace context added to its `_meta` (a copy; `params` itself
   * untouched). A `tracestate` already there is dropped when the current context has none: it
   * belonged to another span.
   */
  inject(params: JsonObject, context?: Context): JsonObject {
    const carrier = this.carrier(context);
    if (carrier === undefined) return params;
    const meta: JsonObject = isObject(params._meta) ? { ...params._meta } : {};
    if (carrier.tracestate === undefined) delete meta.tracestate;
    return { ...params, _meta: Object.assign(meta, carrier) };
  }

  /**
   * A server→client request (elicitation, sampling, roots; in a task, an ask that waits in its
   * `inputRequests`) as a CLIENT span, child of the current span: `params` with the span's
   * context in `_meta`, and `end`, to be called once with the answer's failure, if any (later
   * calls do nothing). `undefined` when nothing is traced.
   */
  open(method: string, params: JsonObject): Asking | undefined {
    const tracer = this.tracer;
    if (tracer === undefined) return undefined;
    const api = this.api!;
    const parent = api.context.active();
    const span = tracer.startSpan(
      method,
      { kind: api.SpanKind.CLIENT, attributes: { 'mcp.method.name': method } },
      parent,
    );
    let open = true;
    const end = (error?: unknown): void => {
      if (!open) return;
      open = false;
      if (error !== undefined) {
        const type = askErrorType(error);
        span.setAttribute('error.type', type);
        if (/^-?\d+$/.test(type)) span.setAttribute('rpc.response.status_code', type);
        span.setStatus({
          code: api.SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
      }
      span.end();
    };
    return { params: this.inject(params, api.trace.setSpan(parent, span)), end };
  }

  /**
   * A server→client request (2025: elicitation, sampling, roots) as a CLIENT span (see
   * {@link open}) around `send`; it ends when the client answers.
   */
  async ask<T>(
    method: string,
    params: JsonObject,
    send: (params: JsonObject) => Promise<T>,
  ): Promise<T> {
    const asking = this.open(method, params);
    if (asking === undefined) return send(params);
    try {
      const answer = await send(asking.params);
      asking.end();
      return answer;
    } catch (error) {
      asking.end(error);
      throw error;
    }
  }

  /** Links the current span to an earlier one (an MRTR round to the round before it). */
  linkTo(traceparent: unknown): void {
    if (this.tracer === undefined || typeof traceparent !== 'string') return;
    const api = this.api!;
    const span = api.trace.getActiveSpan();
    const carried = carriedContext({ _meta: { traceparent } }, undefined);
    if (span === undefined || carried === undefined) return;
    span.addLink({ context: this.remote(carried) });
  }
}
