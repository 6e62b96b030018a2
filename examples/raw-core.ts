/**
 * The seed's weather server on the protocol core alone: no decorators, no registry, just the
 * `lister` and `caller` closures of an `McpCore`, served over stdio. Its answers are seed 000's,
 * byte for byte.
 *
 *   npm run build
 *   printf '%s\n' \
 *     '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"Client","version":"1.0"}}}' \
 *     '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Lisbon"}}}' \
 *     | node build/examples/raw-core.js
 */
import { ErrorCode, Fault, McpCore, serveStdio } from 'declarative-mcp';

export const core = new McpCore({
  name: 'Weather',
  version: '1.0.0',
  lister: () => [
    {
      name: 'forecast',
      description: "Tomorrow's forecast for a city.",
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      },
    },
  ],
  caller: (name, args) => {
    // An unknown tool is a protocol error.
    if (name !== 'forecast') throw new Fault(ErrorCode.INVALID_PARAMS, `Unknown tool: ${name}`);
    const city = args.city;
    // A failing call is a tool result the model can read.
    if (typeof city !== 'string' || city === '') {
      return { content: [{ type: 'text', text: 'Tell me which city.' }], isError: true };
    }
    return { content: [{ type: 'text', text: `Sunny in ${city}, 24 °C.` }], isError: false };
  },
  instructions: 'Call forecast for any weather question.',
});

if (require.main === module) {
  serveStdio(core).then((code) => {
    process.exitCode = code;
  });
}
