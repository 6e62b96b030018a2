/**
 * Which providers a `telemetry` option records with: given ones, global ones, or none (then the
 * core steps off the dispatcher), and the two histograms of the MCP semantic conventions.
 */
import { metrics, trace } from '@opentelemetry/api';
import { resolveProviders, SCOPE } from '../../../src/core/telemetry/providers';
import { otel } from '../../helpers/otel';

/** A meter provider that records what it is asked for. */
function recordingMeterProvider() {
  const asked: string[] = [];
  const histograms: Array<{ name: string; options: unknown }> = [];
  const meter = {
    createHistogram: (name: string, options: unknown) => {
      histograms.push({ name, options });
      return { name, record: () => {} };
    },
  };
  return {
    asked,
    histograms,
    provider: {
      getMeter: (name: string) => {
        asked.push(name);
        return meter;
      },
    },
  };
}

const BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

afterEach(() => {
  trace.disable();
  metrics.disable();
});

describe('resolveProviders', () => {
  it('the scope is the package name', () => {
    expect(SCOPE).toBe('declarative-mcp');
  });

  it('nothing given and no global provider registered: undefined', () => {
    expect(resolveProviders(true)).toBeUndefined();
    expect(resolveProviders({})).toBeUndefined();
  });

  it('a given meter provider: both histograms, in seconds with the advised buckets', () => {
    const meters = recordingMeterProvider();
    const providers = resolveProviders({ meterProvider: meters.provider });
    expect(providers).toBeDefined();
    expect(meters.asked).toEqual(['declarative-mcp']);
    // No global tracer provider: the API's proxy has no delegate, so no tracer.
    expect(providers!.tracer).toBeUndefined();
    expect(meters.histograms).toEqual([
      {
        name: 'mcp.server.operation.duration',
        options: {
          unit: 's',
          description:
            'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
          advice: { explicitBucketBoundaries: BUCKETS },
        },
      },
      {
        name: 'mcp.server.session.duration',
        options: {
          unit: 's',
          description: 'The duration of the MCP session as observed on the MCP server.',
          advice: { explicitBucketBoundaries: BUCKETS },
        },
      },
    ]);
    expect(providers!.operations).toMatchObject({ name: 'mcp.server.operation.duration' });
    expect(providers!.sessions).toMatchObject({ name: 'mcp.server.session.duration' });
  });

  it('a given tracer provider: its tracer of the scope, no histograms without a meter', () => {
    const asked: string[] = [];
    const tracer = { startSpan: () => undefined };
    const providers = resolveProviders({
      tracerProvider: {
        getTracer: (name: string) => {
          asked.push(name);
          return tracer;
        },
      },
    });
    expect(asked).toEqual(['declarative-mcp']);
    expect(providers?.tracer).toBe(tracer);
    expect(providers?.operations).toBeUndefined();
    expect(providers?.sessions).toBeUndefined();
    expect(typeof providers?.api.trace.getTracer).toBe('function');
  });

  it('a given tracer provider that hands out no tracer, and no meter: undefined', () => {
    expect(resolveProviders({ tracerProvider: { getTracer: () => undefined } })).toBeUndefined();
  });

  it('the global providers when none is given', async () => {
    const sdk = otel();
    try {
      expect(trace.setGlobalTracerProvider(sdk.tracerProvider)).toBe(true);
      const traced = resolveProviders(true);
      expect(traced?.tracer).toBeDefined();
      expect(traced?.operations).toBeUndefined();
      // Spans it starts reach the registered SDK.
      traced!.tracer!.startSpan('probe').end();
      expect(sdk.spans().map((span) => span.name)).toEqual(['probe']);

      expect(metrics.setGlobalMeterProvider(sdk.meterProvider)).toBe(true);
      const both = resolveProviders(true);
      expect(both?.operations).toBeDefined();
      expect(both?.sessions).toBeDefined();
    } finally {
      await sdk.shutdown();
    }
  });

  it('a missing given provider falls back to the global one', async () => {
    const sdk = otel();
    const meters = recordingMeterProvider();
    try {
      trace.setGlobalTracerProvider(sdk.tracerProvider);
      const providers = resolveProviders({ meterProvider: meters.provider });
      expect(providers?.tracer).toBeDefined();
      expect(meters.histograms.map((h) => h.name)).toEqual([
        'mcp.server.operation.duration',
        'mcp.server.session.duration',
      ]);
    } finally {
      await sdk.shutdown();
    }
  });
});
