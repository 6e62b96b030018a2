/**
 * The application the runtime examples serve through `declarative-mcp/fetch`: examples/hono.ts
 * (Node), bun.ts, deno.ts and worker.ts (Cloudflare Workers). It imports only
 * `declarative-mcp/decorators` and `declarative-mcp/fetch`, whose import graph has no `node:`
 * module, so it bundles for Workers without `nodejs_compat` as it is.
 *
 * Its schemas are zod's: zod validates without generating code, while a plain JSON Schema is
 * compiled by ajv with `new Function`, which Workers forbid (docs/transports-fetch.md).
 */
import { Call, Tool } from 'declarative-mcp/decorators';
import { McpApplication, type McpCall, ToolError } from 'declarative-mcp/fetch';
import { z } from 'zod';

/** Three tools: a plain answer, progress while it works, and a question to the user. */
export class Greeter {
  @Tool({ description: 'Says hello.', input: z.object({ name: z.string().min(1) }) })
  hello({ name }: { name: string }): string {
    return `Hello, ${name}!`;
  }

  @Tool({
    description: 'Counts to `steps`, reporting progress at each step.',
    input: z.object({ steps: z.number().int().min(1).max(10) }),
  })
  async count({ steps }: { steps: number }, @Call() call: McpCall): Promise<string> {
    for (let step = 1; step <= steps; step++) {
      call.progress(step - 1, steps, `step ${step} of ${steps}`);
      // One timer turn per step, so each report leaves before the next.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return `Counted to ${steps}.`;
  }

  @Tool({ description: 'Asks the user for their name (elicitation) and greets them.' })
  async ask_name(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit('What is your name?', {
      type: 'object',
      properties: { name: { type: 'string', description: 'Your name' } },
      required: ['name'],
    });
    if (answer.action !== 'accept') throw new ToolError(`The user chose ${answer.action}.`);
    return `Hello, ${String(answer.content.name)}!`;
  }
}

export const app = McpApplication.create({
  name: 'greeter',
  version: '1.0.0',
  providers: [Greeter],
});
