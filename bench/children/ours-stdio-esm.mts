/**
 * Our server over stdio as an ES module app (`"type": "module"` or `.mjs`; measurement 5's ESM
 * row): the same decorated `add` tool as servers/ours.ts, with zod imported as ESM, the way an
 * ESM user writes it. The framework must not load zod's CommonJS build beside it.
 */
import { McpApplication, serveStdio, Tool } from 'declarative-mcp';
import { z } from 'zod';

const AddInput = z.object({ a: z.number(), b: z.number() });

class AddTools {
  @Tool({ description: 'Adds two numbers.', input: AddInput })
  add({ a, b }: z.infer<typeof AddInput>): string {
    return String(a + b);
  }
}

const app = McpApplication.create({ name: 'bench', version: '1.0.0', providers: [AddTools] });
process.exitCode = await serveStdio(app);
