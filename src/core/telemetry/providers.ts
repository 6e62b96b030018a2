import type { Histogram, Meter, Tracer } from '@opentelemetry/api';
import { type Api, globalProviderRegistered, loadApi } from './load';
import type { TelemetryOption } from './options';

/** The instrumentation scope every span and metric of this package is recorded under. */
export const SCOPE = 'declarative-mcp';

// OpenTelemetry semconv, MCP metrics: ExplicitBucketBoundaries advice (seconds).
const BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** What a core records with: the API, and the tracer and histograms it found (each may be absent). */
export interface Providers {
  readonly api: Api;
  readonly tracer: Tracer | undefined;
  /** `mcp.server.operation.duration`. */
  readonly operations: Histogram | undefined;
  /** `mcp.server.session.duration`. */
  readonly sessions: Histogram | undefined;
}

/**
 * The providers of a `telemetry` option: the ones it gives, else the global ones. `undefined`
 * when nothing would be recorded: `@opentelemetry/api` is not installed, or neither a provider
 * is given nor a global one registered (the package is then not even loaded).
 */
export function resolveProviders(option: Exclude<TelemetryOption, false>): Providers | undefined {
  const given = typeof option === 'object' ? option : {};
  const wanted =
    given.tracerProvider !== undefined ||
    given.meterProvider !== undefined ||
    globalProviderRegistered();
  const api = wanted ? loadApi() : undefined;
  if (api === undefined) return undefined;
  const tracer =
    (given.tracerProvider?.getTracer(SCOPE) as Tracer | undefined) ?? globalTracer(api);
  const meter = (given.meterProvider?.getMeter(SCOPE) as Meter | undefined) ?? globalMeter(api);
  if (tracer === undefined && meter === undefined) return undefined;
  const operations = meter?.createHistogram('mcp.server.operation.duration', {
    unit: 's',
    description:
      'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
    advice: { explicitBucketBoundaries: BUCKETS },
  });
  const sessions = meter?.createHistogram('mcp.server.session.duration', {
    unit: 's',
    description: 'The duration of the MCP session as observed on the MCP server.',
    advice: { explicitBucketBoundaries: BUCKETS },
  });
  return { api, tracer, operations, sessions };
}

function globalTracer(api: Api): Tracer | undefined {
  const provider = api.trace.getTracerProvider() as ReturnType<
    Api['trace']['getTracerProvider']
  > & {
    getDelegateTracer?: (name: string) => Tracer | undefined;
  };
  // The API's proxy provider names its SDK delegate only once one is registered.
  return typeof provider.getDelegateTracer === 'function'
    ? provider.getDelegateTracer(SCOPE)
    : provider.getTracer(SCOPE);
}

function globalMeter(api: Api): Meter | undefined {
  const meter = api.metrics.getMeter(SCOPE);
  // Without a registered provider the API hands out its no-op meter.
  return meter.constructor === api.createNoopMeter().constructor ? undefined : meter;
}
