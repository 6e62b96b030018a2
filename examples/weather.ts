/**
 * The seed's weather server, written with decorators: one `forecast` tool with a zod input, and
 * `forecast_details`, whose zod output schema is listed as `outputSchema` and whose return value
 * is sent as `structuredContent`.
 *
 *   npm run build
 *   printf '%s\n' \
 *     '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}' \
 *     '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Lisbon"}}}' \
 *     | node build/examples/weather.js
 */
import { McpApplication, serveStdio, Tool, ToolError } from 'declarative-mcp';
import { z } from 'zod';

const City = z.object({ city: z.string() });

const Details = z.object({
  city: z.string(),
  sky: z.enum(['sunny', 'cloudy', 'rainy']),
  temperature: z.number(),
  unit: z.literal('°C'),
});

/** Tomorrow's weather, everywhere the same: the seed's answer, not a real forecast. */
export class WeatherTools {
  @Tool({ description: "Tomorrow's forecast for a city.", input: City })
  forecast({ city }: z.infer<typeof City>): string {
    // An empty city passes the schema (a string) but not the tool: the model reads this and retries.
    if (city.trim() === '') throw new ToolError('Tell me which city.');
    return `Sunny in ${city}, 24 °C.`;
  }

  @Tool({
    title: 'Forecast details',
    description: "Tomorrow's forecast for a city, as data.",
    input: City,
    output: Details,
    annotations: { readOnlyHint: true, openWorldHint: false },
  })
  forecast_details({ city }: z.infer<typeof City>): z.infer<typeof Details> {
    if (city.trim() === '') throw new ToolError('Tell me which city.');
    return { city, sky: 'sunny', temperature: 24, unit: '°C' };
  }
}

export const app = McpApplication.create({
  name: 'Weather',
  version: '1.0.0',
  instructions: 'Call forecast for any weather question.',
  providers: [WeatherTools],
});

if (require.main === module) {
  serveStdio(app).then((code) => {
    process.exitCode = code;
  });
}
