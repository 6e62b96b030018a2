/**
 * The real OpenTelemetry SDK, in memory: a tracer provider whose spans are kept, a meter provider
 * read on demand, and the AsyncLocalStorage context manager (so a tool's own spans find their
 * parent). Tests hand the providers to an application explicitly (`telemetry: { ... }`).
 */
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  type HistogramMetricData,
  MeterProvider,
  MetricReader,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

/** A metric reader that collects when asked. */
class PullReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

export interface Otel {
  readonly tracerProvider: TracerProvider;
  readonly meterProvider: MeterProvider;
  readonly exporter: InMemorySpanExporter;
  spans(): ReadableSpan[];
  /** The span named `name` (exactly one). */
  span(name: string): ReadableSpan;
  /** The data points of histogram `name`. */
  histogram(name: string): Promise<HistogramMetricData['dataPoints']>;
  shutdown(): Promise<void>;
}

let manager: AsyncLocalStorageContextManager | undefined;

/** Registers the context manager once per test file (OpenTelemetry keeps one per process). */
export function useContextManager(): void {
  if (manager !== undefined) return;
  manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
}

export function otel(): Otel {
  useContextManager();
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  const reader = new PullReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const spans = () => exporter.getFinishedSpans();
  return {
    tracerProvider,
    meterProvider,
    exporter,
    spans,
    span(name) {
      const found = spans().filter((s) => s.name === name);
      if (found.length !== 1) {
        throw new Error(
          `expected one span "${name}", got ${found.length} of: ${spans()
            .map((s) => s.name)
            .join(', ')}`,
        );
      }
      return found[0]!;
    },
    async histogram(name) {
      const { resourceMetrics } = await reader.collect();
      return pointsOf(resourceMetrics, name);
    },
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}

function pointsOf(metrics: ResourceMetrics, name: string): HistogramMetricData['dataPoints'] {
  for (const scope of metrics.scopeMetrics) {
    for (const metric of scope.metrics) {
      if (metric.descriptor.name === name) return (metric as HistogramMetricData).dataPoints;
    }
  }
  return [];
}
