import type * as OtelApi from '@opentelemetry/api';

/** The `@opentelemetry/api` module. */
export type Api = typeof OtelApi;

/**
 * Loads `@opentelemetry/api` (an optional peer dependency) the first time telemetry is looked
 * at: `undefined` when it is not installed or this runtime cannot load it.
 */
export function loadApi(): Api | undefined {
  try {
    // A CommonJS require, deferred: applications without OpenTelemetry never load it.
    return typeof require === 'function' ? (require('@opentelemetry/api') as Api) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether any copy of `@opentelemetry/api` 1.x has registered a global tracer or meter provider,
 * read from the global it registers them in (`Symbol.for('opentelemetry.js.api.1')`) without
 * loading the package. Without one there is nothing to record, and the package (~50 modules,
 * ~45 ms CPU of a stdio app's cold start on the bench machine) is never loaded.
 */
export function globalProviderRegistered(): boolean {
  const registry = (globalThis as Record<symbol, unknown>)[Symbol.for('opentelemetry.js.api.1')];
  if (typeof registry !== 'object' || registry === null) return false;
  const { trace, metrics } = registry as { trace?: unknown; metrics?: unknown };
  return trace !== undefined || metrics !== undefined;
}
