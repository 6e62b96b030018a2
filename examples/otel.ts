/**
 * OpenTelemetry with zero instrumentation code: start the OpenTelemetry Node SDK before the
 * application serves, and every request is a span and a metric point (semantic conventions for
 * MCP, see docs/observability.md). The `book` tool asks the user (elicitation) and calls a
 * service that starts its own span: in the trace, both sit under the `tools/call book` span.
 *
 *   npm run build
 *   node build/examples/otel.js                  # stdio (what an MCP host spawns)
 *   node build/examples/otel.js --http [--port N] # prints: listening http://127.0.0.1:N/mcp
 *
 * Spans and metrics go over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (default
 * http://localhost:4318), e.g. a Jaeger or an OpenTelemetry Collector.
 */
import { trace } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { Call, McpApplication, type McpCall, serveHttp, serveStdio, Tool } from 'declarative-mcp';
import { z } from 'zod';
import { portOf } from './port';

// Registered before the first request: the application finds the global providers then.
const sdk = new NodeSDK({
  serviceName: 'booking',
  traceExporter: new OTLPTraceExporter(),
  metricReaders: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter() })],
});
sdk.start();

/** A service of the application's own, traced with @opentelemetry/api as usual. */
const availability = {
  async check(city: string): Promise<number> {
    return trace.getTracer('booking').startActiveSpan('availability.check', async (span) => {
      span.setAttribute('booking.city', city);
      await new Promise((resolve) => setTimeout(resolve, 5));
      span.end();
      return city.length % 4;
    });
  },
};

class Booking {
  @Tool({
    description: 'Book a room: asks how many nights, then checks availability.',
    input: z.object({ city: z.string() }),
  })
  async book({ city }: { city: string }, @Call() call: McpCall) {
    const answer = await call.elicit('How many nights?', {
      type: 'object',
      properties: { nights: { type: 'number' } },
      required: ['nights'],
    });
    if (answer.action !== 'accept') return 'Nothing booked.';
    const rooms = await availability.check(city);
    return `${String(answer.content.nights)} nights in ${city}: ${rooms} rooms free.`;
  }
}

export const app = McpApplication.create({
  name: 'Booking',
  version: '1.0.0',
  providers: [Booking],
  // `telemetry: false` here would turn the spans and metrics off for this application.
});

async function main(argv: readonly string[]): Promise<void> {
  if (!argv.includes('--http')) {
    const code = await serveStdio(app);
    await sdk.shutdown(); // exports what is left before the process ends
    process.exitCode = code;
    return;
  }
  const server = await serveHttp(app, { port: portOf(argv) });
  process.stdout.write(`listening ${server.url}\n`);
  const stop = (): void => {
    server
      .close()
      .then(() => sdk.shutdown())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) void main(process.argv.slice(2));
