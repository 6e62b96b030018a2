/**
 * Loading `@opentelemetry/api` lazily, and telling whether a global provider is registered without
 * loading it (from the global registry the API keeps under a well-known symbol).
 */
import * as api from '@opentelemetry/api';
import { globalProviderRegistered, loadApi } from '../../../src/core/telemetry/load';

const KEY = Symbol.for('opentelemetry.js.api.1');
const global = globalThis as Record<symbol, unknown>;

afterEach(() => {
  api.trace.disable();
  api.metrics.disable();
  delete global[KEY];
});

describe('loadApi', () => {
  it('returns the installed @opentelemetry/api module', () => {
    const loaded = loadApi();
    expect(loaded?.trace).toBe(api.trace);
    expect(loaded?.SpanKind.SERVER).toBe(1);
  });
});

describe('globalProviderRegistered', () => {
  it('false with no registry, or one that is not an object', () => {
    delete global[KEY];
    expect(globalProviderRegistered()).toBe(false);
    global[KEY] = 'text';
    expect(globalProviderRegistered()).toBe(false);
    global[KEY] = null;
    expect(globalProviderRegistered()).toBe(false);
  });

  it('false when the registry holds neither a tracer nor a meter provider', () => {
    global[KEY] = { version: '1.9.0', context: {}, propagation: {} };
    expect(globalProviderRegistered()).toBe(false);
  });

  it('true when the API registered a tracer provider or a meter provider', () => {
    api.trace.setGlobalTracerProvider(new api.ProxyTracerProvider());
    expect(globalProviderRegistered()).toBe(true);
    api.trace.disable();
    expect(globalProviderRegistered()).toBe(false);
    api.metrics.setGlobalMeterProvider({ getMeter: () => api.createNoopMeter() });
    expect(globalProviderRegistered()).toBe(true);
  });
});
