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
