/**
 * The telemetry row's SDK: OpenTelemetry as an application would start it (the AsyncLocalStorage
 * context manager, a tracer provider with a batch span processor, a meter provider with a periodic
 * reader, all registered globally as `NodeSDK` does), exporting to nowhere: the exporters accept
 * every batch and drop it. What the row measures is the instrumentation's own cost.
 */
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AggregationTemporality,
  MeterProvider,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, type SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';

// ExportResultCode.SUCCESS (@opentelemetry/core), without the dependency.
const SUCCESS = 0;

const spans: SpanExporter = {
  export: (_spans, done) => done({ code: SUCCESS }),
  shutdown: async () => {},
};

const points: PushMetricExporter = {
  export: (_metrics, done) => done({ code: SUCCESS }),
  selectAggregationTemporality: () => AggregationTemporality.CUMULATIVE,
  forceFlush: async () => {},
  shutdown: async () => {},
};

/** Registers the no-op-exporting SDK globally; the returned function shuts it down. */
export function startNoopSdk(): () => Promise<void> {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new TracerProvider({
    spanProcessors: [new BatchSpanProcessor({ exporter: spans })],
  });
  const meterProvider = new MeterProvider({
    readers: [
      new PeriodicExportingMetricReader({ exporter: points, exportIntervalMillis: 60_000 }),
    ],
  });
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  return async () => {
    await tracerProvider.shutdown();
    await meterProvider.shutdown();
  };
}
