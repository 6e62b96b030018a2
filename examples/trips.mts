/**
 * Schemas from any Standard Schema library: a valibot tool (through `toStandardJsonSchema` from
 * `@valibot/to-json-schema`) and an arktype tool with an output schema and a prompt, served over
 * stdio. The framework lists their JSON Schemas and validates through `~standard`; it loads no
 * schema library of its own. An ES module (arktype is ESM-only), compiled by tsc to trips.mjs.
 *
 *   npm run build
 *   printf '%s\n' \
 *     '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}' \
 *     '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"book","arguments":{"city":"Oslo","nights":3}}}' \
 *     | node build/examples/trips.mjs
 */

import { fileURLToPath } from 'node:url';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import { McpApplication, Prompt, serveStdio, Tool } from 'declarative-mcp';
import * as v from 'valibot';

const Booking = toStandardJsonSchema(
  v.object({
    city: v.pipe(v.string(), v.minLength(1), v.description('Where to stay')),
    nights: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)),
  }),
);

const Quote = type({ city: 'string', 'nights?': '1 <= number.integer <= 30' });
const Price = type({ city: 'string', total: 'number', currency: "'EUR'" });

/** Trips: a booking tool (valibot), a price tool with an output schema and a prompt (arktype). */
export class TripTools {
  @Tool({ description: 'Book nights in a city.', input: Booking })
  book({ city, nights }: { city: string; nights: number }): string {
    return `Booked ${nights} night(s) in ${city}.`;
  }

  @Tool({ description: 'The price of a stay.', input: Quote, output: Price })
  price({ city, nights = 1 }: typeof Quote.infer): typeof Price.infer {
    return { city, total: 120 * nights, currency: 'EUR' };
  }

  @Prompt({ description: 'Plan a stay.', args: type({ city: 'string' }) })
  plan({ city }: { city: string }): string {
    return `Find the price of a stay in ${city}, then book it.`;
  }
}

export const app = McpApplication.create({
  name: 'Trips',
  version: '1.0.0',
  providers: [TripTools],
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await serveStdio(app);
}
