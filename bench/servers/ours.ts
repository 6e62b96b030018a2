/**
 * The benchmark's server written with this framework: one decorated provider with the tool `add`
 * (zod input `{ a: number, b: number }`, text result), and the same tool as a hand-written
 * `McpCore` closure (measurement 6).
 */
import { type Mcp, McpApplication, McpCore, Tool } from 'declarative-mcp';
import { z } from 'zod';

/** The one input schema both frameworks get. */
export const AddInput = z.object({ a: z.number(), b: z.number() });

/** The decorated provider. */
export class AddTools {
  @Tool({ description: 'Adds two numbers.', input: AddInput })
  add({ a, b }: z.infer<typeof AddInput>): string {
    return String(a + b);
  }
}

/**
 * Our server: the decorated provider through `McpApplication`. `telemetry` as the application
 * option (the telemetry row turns it off, or leaves it to a registered SDK).
 */
export function createApp(telemetry?: Mcp.TelemetryOption): McpApplication {
  return McpApplication.create({
    name: 'bench',
    version: '1.0.0',
    providers: [AddTools],
    ...(telemetry === undefined ? {} : { telemetry }),
  });
}

/** The same tool as a hand-written core closure: the validation and result a user would write. */
export function createClosureCore(): McpCore {
  const definition = Object.freeze({
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: z.toJSONSchema(AddInput, { io: 'input' }) as Record<string, unknown>,
  });
  const tools = Object.freeze([definition]);
  return new McpCore({
    name: 'bench',
    version: '1.0.0',
    lister: () => tools as never,
    caller: (name, args) => {
      if (name !== 'add') throw new Error(`Unknown tool: ${name}`);
      const checked = AddInput.safeParse(args);
      if (!checked.success) {
        return { content: [{ type: 'text', text: checked.error.message }], isError: true };
      }
      // The very result the decorated provider's answer carries, byte for byte.
      return {
        content: [{ type: 'text', text: String(checked.data.a + checked.data.b) }],
        isError: false,
      };
    },
  });
}
