/**
 * An OpenTelemetry `TracerProvider` (from `@opentelemetry/api`), as far as the core uses it.
 * Typed structurally so the package's types need no `@opentelemetry/api` installed.
 */
export interface TelemetryTracerProvider {
  /** The tracer of an instrumentation scope. */
  getTracer(name: string, version?: string): unknown;
}

/** An OpenTelemetry `MeterProvider` (from `@opentelemetry/api`), as far as the core uses it. */
export interface TelemetryMeterProvider {
  /** The meter of an instrumentation scope. */
  getMeter(name: string, version?: string): unknown;
}

/**
 * The `telemetry` option: OpenTelemetry spans and metrics per its semantic conventions for MCP
 * (see docs/observability.md). Default (`undefined` or `true`): the global providers of
 * `@opentelemetry/api`, looked up when the first request arrives; nothing is recorded when the
 * package is not installed or no provider is registered by then. `false`: never. An object: these
 * providers instead of the global ones (a missing one falls back to the global one).
 *
 * @example
 * McpApplication.create({ name: 'Weather', version: '1.0.0', providers: [WeatherTools], telemetry: false });
 */
export type TelemetryOption =
  | boolean
  | {
      readonly tracerProvider?: TelemetryTracerProvider;
      readonly meterProvider?: TelemetryMeterProvider;
    };
